import { describe, expect, it, vi } from 'vitest';
import { runNotificationAction } from './notification-action';

describe('a notification button', () => {
  it('sends the action with the push token to the action endpoint, no session needed', async () => {
    const send = vi.fn(async () => Response.json({ code: 200, message: 'ok' }));
    expect(await runNotificationAction('acknowledge', 'signed-token', send)).toBe(true);
    expect(send).toHaveBeenCalledWith('/api/web/alarm/notificationAction', expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'signed-token', action: 'acknowledge' }) }));
  });

  it('reports failure when the server refuses, the network is down, or no token came', async () => {
    expect(await runNotificationAction('snooze30', 'expired', vi.fn(async () => Response.json({ code: 403, message: 'no' })))).toBe(false);
    expect(await runNotificationAction('snooze30', 'token', vi.fn(async () => Promise.reject(new TypeError('offline'))))).toBe(false);
    const send = vi.fn();
    expect(await runNotificationAction('acknowledge', undefined, send)).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });
});
