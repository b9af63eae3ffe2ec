import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserShims, mountInPortal } from '../../testing/portal-harness';
import { NotificationSettings } from './notification-settings';

const VAPID = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const subscriptionJson = { endpoint: 'https://push.example/send/abc', expirationTime: null, keys: { p256dh: 'BPublicKey', auth: 'authSecret' } };

/** A browser with push: a registration whose push manager subscribes once asked. */
function pushBrowser(permissionAnswer: NotificationPermission = 'granted') {
  let current: { toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => (current = { toJSON: () => subscriptionJson, unsubscribe })),
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => ({ pushManager }) } });
  vi.stubGlobal('PushManager', class {});
  const notification = { permission: 'default' as NotificationPermission, requestPermission: vi.fn(async () => (notification.permission = permissionAnswer)) };
  vi.stubGlobal('Notification', notification);
  return { pushManager, notification, unsubscribe };
}

function serverApi() {
  let devices: { id: number; name: string; createdAt: number; lastNotifiedAt: number | null }[] = [];
  return {
    getPushKey: vi.fn(async () => ({ publicKey: VAPID })),
    addPushDevice: vi.fn(async ({ name }: { name: string }) => {
      const device = { id: 5, name, createdAt: Date.UTC(2026, 10, 24, 6), lastNotifiedAt: null };
      devices = [device];
      return device;
    }),
    loadPushDevices: vi.fn(async () => ({ rows: devices, total: devices.length })),
    removePushDevice: vi.fn(async () => {
      devices = [];
    }),
    sendTestNotification: vi.fn(async () => undefined),
    loadAlertPreferences: vi.fn(async () => ({
      rows: [{ memberId: 1, memberName: 'Alex Morgan', kinds: { urgentLow: true, low: true, high: false, urgentHigh: true, noData: true }, quietStart: '22:00', quietEnd: '07:00', sound: true }],
      total: 1,
    })),
    saveAlertPreference: vi.fn(async (p: unknown) => p),
  };
}

beforeAll(installBrowserShims);
beforeEach(() => sessionStorage.setItem('xToken', 'test-token'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Settings → Notifications', () => {
  it('asks for permission only on a click, then subscribes with the server key and lists this device', async () => {
    const browser = pushBrowser();
    const api = serverApi();
    await mountInPortal(<NotificationSettings />, api);
    const enable = await screen.findByRole('button', { name: 'Turn on notifications on this device' });
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(enable);
    await waitFor(() => expect(api.addPushDevice).toHaveBeenCalledOnce());
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(api.addPushDevice.mock.calls[0]![0]).toMatchObject({ subscription: subscriptionJson, name: expect.any(String) });
    expect(await screen.findByTestId('push-enabled')).toBeTruthy();
    const device = await screen.findByTestId('push-device');
    expect(within(device).getByText('This device')).toBeTruthy();
  });

  it('does not subscribe when the permission is refused, and says how to allow it', async () => {
    const browser = pushBrowser('denied');
    const api = serverApi();
    await mountInPortal(<NotificationSettings />, api);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications on this device' }));
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeTruthy();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.addPushDevice).not.toHaveBeenCalled();
  });

  it('removes a device after confirmation; removing this one also ends its subscription', async () => {
    const browser = pushBrowser();
    const api = serverApi();
    await mountInPortal(<NotificationSettings />, api);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications on this device' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Remove: / }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.removePushDevice).toHaveBeenCalledWith({ id: 5 }));
    await waitFor(() => expect(browser.unsubscribe).toHaveBeenCalledOnce());
    expect(await screen.findByText('No device receives notifications yet.')).toBeTruthy();
  });

  it('on an iPhone outside the Home Screen, says to add the app there first', async () => {
    pushBrowser();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1');
    await mountInPortal(<NotificationSettings />, serverApi());
    const steps = await screen.findByTestId('push-ios-steps');
    expect(steps.textContent).toMatch(/Add to Home Screen/);
    expect(screen.queryByRole('button', { name: 'Turn on notifications on this device' })).toBeNull();
    vi.restoreAllMocks();
  });

  it('saves the alerts received for a member with quiet hours, and refuses half a quiet period', async () => {
    pushBrowser();
    const api = serverApi();
    await mountInPortal(<NotificationSettings />, api);
    const form = await screen.findByTestId('alert-preference');
    await userEvent.clear(within(form).getByLabelText('To'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(api.saveAlertPreference).not.toHaveBeenCalled();

    await userEvent.type(within(form).getByLabelText('To'), '06:30');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saveAlertPreference).toHaveBeenCalledOnce());
    expect(api.saveAlertPreference.mock.calls[0]![0]).toEqual({
      memberId: 1,
      kinds: { urgentLow: true, low: true, high: false, urgentHigh: true, noData: true },
      quietStart: '22:00',
      quietEnd: '06:30',
      sound: true,
    });
  });
});
