import { enqueueAlarmPush } from '../push/push-jobs';
import type { AlarmForPush } from '../push/push-message';
import type { Store } from '../store/types';
import type { AlarmNotifier } from './notifier';
import { preferenceOf } from './recipients';
import { isAcknowledged } from './rules';

/** The engine's notices become Web Push jobs in the database: a restart between decision and delivery loses none. */
export function pushNotifier(store: Store, now: () => number): AlarmNotifier {
  return {
    notify: async ({ alarmId, recipientId }) => {
      await enqueueAlarmPush(store, { alarmId, recipientId }, now());
    },
  };
}

/**
 * The alarm as push sends it, asked again at the moment of sending (a retry may come minutes
 * later): null once it is cleared, acknowledged, snoozed by this recipient, or of a kind they
 * turned off. Whether they may still see the member is push's check (canView).
 */
export async function alarmForPush(store: Store, alarmId: number, recipientId: number, at: number): Promise<AlarmForPush | null> {
  const alarm = await store.getAlarm(alarmId);
  if (!alarm || alarm.clearedAt !== null || isAcknowledged(alarm, at)) return null;
  const snoozedUntil = (await store.alarmSnoozes([alarm.id], recipientId)).get(alarm.id);
  if (snoozedUntil !== undefined && snoozedUntil > at) return null;
  if (!(await preferenceOf(store, recipientId, alarm.memberId))[alarm.kind]) return null;
  const member = await store.getMember(alarm.memberId);
  if (!member) return null;
  return {
    id: alarm.id,
    memberId: alarm.memberId,
    memberName: member.memberName,
    kind: alarm.kind,
    glucose: alarm.glucose,
    trend: (alarm.trend as AlarmForPush['trend']) ?? 'unknown',
    raisedAt: alarm.raisedAt,
  };
}
