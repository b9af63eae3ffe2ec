import { API_BASE_PATH, NOTIFICATION_ACTION_PATH } from '@cgm-portal/api-client';

/**
 * Acknowledge and Snooze from a notification: the worker has no session, so the server's
 * signed action token (carried in the push) is what authorises the call.
 */

/** True when the server took the action; false on any failure (offline, token expired). */
export async function runNotificationAction(action: string, actionToken: string | undefined, send: typeof fetch = fetch): Promise<boolean> {
  if (!actionToken) return false;
  try {
    const response = await send(`${API_BASE_PATH}${NOTIFICATION_ACTION_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: actionToken, action }),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { code?: number };
    return body.code === 200 || body.code === 501;
  } catch {
    return false;
  }
}
