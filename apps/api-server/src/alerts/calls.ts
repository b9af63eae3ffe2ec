import { ResponseCode } from '@cgm-portal/api-client/contract';
import { noPermission, Problem, type CallContext } from '../http';
import { acknowledgeAlarm, snoozeAlarm } from './alert-service';
import { alarmsFor, alarmView, membersReceivedBy, mayReceive, preferenceOf, preferenceView } from './recipients';

/**
 * The alarm calls of the contract. Who may see which member's alarms is decided at every call
 * from the follower relations as they are now, never from what a page was once allowed.
 */
export const alertCalls = {
  async loadAlarms({ deps, viewer }: CallContext<'loadAlarms'>) {
    const members = await membersReceivedBy(deps.store, viewer.member);
    const rows = await alarmsFor(deps.store, viewer.member, members, deps.now());
    return { rows, total: rows.length };
  },

  async acknowledgeAlarm({ deps, input, viewer }: CallContext<'acknowledgeAlarm'>) {
    const now = deps.now();
    const alarm = await acknowledgeAlarm(deps.store, input.alarmId, viewer.member.id, { now });
    const member = await deps.store.getMember(alarm.memberId);
    const snoozes = await deps.store.alarmSnoozes([alarm.id], viewer.member.id);
    return { item: alarmView(alarm, member?.memberName ?? '', snoozes.get(alarm.id), now) };
  },

  async snoozeAlarm({ deps, input, viewer }: CallContext<'snoozeAlarm'>) {
    const now = deps.now();
    const { alarm, until } = await snoozeAlarm(deps.store, input.alarmId, viewer.member.id, input.minutes, now);
    const member = await deps.store.getMember(alarm.memberId);
    return { item: alarmView(alarm, member?.memberName ?? '', until, now) };
  },

  async loadAlertPreferences({ deps, viewer }: CallContext<'loadAlertPreferences'>) {
    const members = await membersReceivedBy(deps.store, viewer.member);
    const rows = await Promise.all(members.map(async (m) => preferenceView(await preferenceOf(deps.store, viewer.member.id, m.id), m)));
    return { rows, total: rows.length };
  },

  async saveAlertPreference({ deps, input, viewer }: CallContext<'saveAlertPreference'>) {
    if (!(await mayReceive(deps.store, viewer.member, input.memberId))) throw noPermission();
    // Half a quiet period would silence alerts by surprise: both ends, and different ones.
    if ((input.quietStart === null) !== (input.quietEnd === null) || (input.quietStart !== null && input.quietStart === input.quietEnd)) {
      throw new Problem(ResponseCode.invalidPayload, 'invalidPayload', { field: 'quietEnd' });
    }
    const member = await deps.store.getMember(input.memberId);
    if (!member) throw noPermission();
    const preference = { recipientId: viewer.member.id, memberId: member.id, ...input.kinds, quietStart: input.quietStart, quietEnd: input.quietEnd, sound: input.sound };
    await deps.store.saveAlertPreference(preference);
    return { item: preferenceView(preference, member), message: 'updateSuccessful' as const };
  },
};
