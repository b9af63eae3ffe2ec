import type { ApiClient } from '@cgm-portal/api-client';
import type { Alarm } from './alarm-types';

/** The alarm calls of the contract, in one place (provisional until the contract lands). */
export function alarmCalls(api: ApiClient) {
  const call = api.call as unknown as (name: string, payload?: unknown, init?: { signal?: AbortSignal }) => Promise<unknown>;
  return {
    list: async (signal?: AbortSignal) => ((await call('loadAlarms', {}, { signal })) as { rows: Alarm[] }).rows,
    acknowledge: (alarmId: number) => call('acknowledgeAlarm', { alarmId }),
    snooze: (alarmId: number, minutes: 30 | 60) => call('snoozeAlarm', { alarmId, minutes }),
  };
}
