import type { ApiClient } from '@cgm-portal/api-client';
import type { AlarmKind } from '../alarms/alarm-types';

/** Provisional until the contract lands (live-server). */
export interface PushDevice {
  id: number;
  name: string;
  createdAt: number;
  lastNotifiedAt: number | null;
}

export interface AlertPreference {
  memberId: number;
  memberName: string;
  kinds: Record<AlarmKind, boolean>;
  /** Local times HH:mm in the recipient's zone; both null when there are no quiet hours. */
  quietStart: string | null;
  quietEnd: string | null;
  sound: boolean;
}

export function notificationCalls(api: ApiClient) {
  const call = api.call as unknown as (name: string, payload?: unknown, init?: { signal?: AbortSignal }) => Promise<unknown>;
  return {
    vapidKey: async () => ((await call('getPushKey')) as { publicKey: string }).publicKey,
    addDevice: async (subscription: PushSubscriptionJSON, name: string) => (await call('addPushDevice', { subscription, name })) as PushDevice,
    listDevices: async (signal?: AbortSignal) => ((await call('loadPushDevices', {}, { signal })) as { rows: PushDevice[] }).rows,
    removeDevice: (id: number) => call('removePushDevice', { id }),
    testNotification: () => call('sendTestNotification'),
    loadPreferences: async (signal?: AbortSignal) => ((await call('loadAlertPreferences', {}, { signal })) as { rows: AlertPreference[] }).rows,
    savePreference: (preference: AlertPreference) => call('saveAlertPreference', preference),
  };
}
