import type { ApiClient } from '@cgm-portal/api-client';
import { queryOptions } from '@tanstack/react-query';

export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const pushDevicesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: [...NOTIFICATIONS_KEY, 'devices'], queryFn: async ({ signal }) => (await api.loadPushDevices(undefined, { signal })).rows });

/** The recipient's choices per member: which alerts, quiet hours, sound. */
export const alertPreferencesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: [...NOTIFICATIONS_KEY, 'preferences'], queryFn: async ({ signal }) => (await api.loadAlertPreferences(undefined, { signal })).rows, staleTime: 60_000 });

const DEVICE_KEY = 'pushDeviceId';

/** Which entry of the device list is this browser: the id the server gave when it was added. */
export const thisDeviceId = {
  get(): number | null {
    const value = localStorage.getItem(DEVICE_KEY);
    return value === null ? null : Number(value);
  },
  set(id: number) {
    localStorage.setItem(DEVICE_KEY, String(id));
  },
  clear() {
    localStorage.removeItem(DEVICE_KEY);
  },
};
