import type { AlarmKind } from '@cgm-portal/api-client/contract';

/** One notice the engine decided a recipient must get: a raise (occurrence of the raise) or a repeat. */
export interface AlarmNotice {
  alarmId: number;
  recipientId: number;
  memberId: number;
  kind: AlarmKind;
  /** The alarm's change counter when it was decided: (alarmId, recipientId, occurrence) names one notice. */
  occurrence: number;
}

/**
 * Where the engine's "tell this recipient" goes, already past their kinds, quiet hours and
 * snooze. Web Push (push/) enqueues a delivery job; the engine knows nothing of devices.
 */
export interface AlarmNotifier {
  notify(notice: AlarmNotice): Promise<void>;
}

/** Until a delivery channel is wired in: the open portal still hears alarms through the live stream. */
export const silentNotifier: AlarmNotifier = { notify: async () => {} };
