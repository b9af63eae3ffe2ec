import { ALARM_KINDS, FollowerStatus, type Alarm, type AlertPreference } from '@cgm-portal/api-client/contract';
import { canView } from '../access';
import type { AlarmRow, AlertPreferenceRow, MemberRow, Store } from '../store/types';
import { isAcknowledged, type RecipientChoice } from './rules';

/** Followers are listed in one page; a member with more than this many is not a case we serve. */
const MAX_FOLLOWERS = 10_000;

/**
 * Who receives a member's alerts, read from the database at the moment it matters: the member
 * (a CGM user) and every approved follower with sharing on. Stopping sharing or removing a
 * follower takes effect on the next event, with nothing to forget.
 */
export async function recipientsOf(store: Store, member: MemberRow): Promise<MemberRow[]> {
  const { rows } = await store.listFollowersOfMember(member.id, { status: FollowerStatus.approved, offset: 0, limit: MAX_FOLLOWERS });
  const followers = await Promise.all(rows.filter((r) => r.status === FollowerStatus.approved && r.shareFlag === 1).map((r) => store.getMember(r.followerAccountId)));
  return [...(member.accountType === 2 ? [member] : []), ...followers.filter((f): f is MemberRow => f !== undefined)];
}

/** The members whose alerts this account receives: themselves (a CGM user) and who shares with them. */
export async function membersReceivedBy(store: Store, recipient: MemberRow): Promise<MemberRow[]> {
  const { rows } = await store.listFollowedBy(recipient.id, { status: FollowerStatus.approved, offset: 0, limit: MAX_FOLLOWERS });
  const shared = await Promise.all(rows.filter((r) => r.status === FollowerStatus.approved && r.shareFlag === 1).map((r) => store.getMember(r.memberId)));
  return [...(recipient.accountType === 2 ? [recipient] : []), ...shared.filter((m): m is MemberRow => m !== undefined)];
}

/** Whether `recipient` may receive `memberId`'s alerts now (the same rule as reading their data). */
export const mayReceive = async (store: Store, recipient: MemberRow, memberId: number) => (await canView(store, recipient, memberId)) !== null;

/** A recipient's choices for a member before they saved any: everything, no quiet hours, sound on. */
export function defaultPreference(recipientId: number, memberId: number): AlertPreferenceRow {
  return { recipientId, memberId, urgentLow: true, low: true, high: true, urgentHigh: true, noData: true, quietStart: null, quietEnd: null, sound: true };
}

export async function preferenceOf(store: Store, recipientId: number, memberId: number): Promise<AlertPreferenceRow> {
  return (await store.listAlertPreferences(recipientId)).find((p) => p.memberId === memberId) ?? defaultPreference(recipientId, memberId);
}

export function choiceOf(preference: AlertPreferenceRow, recipient: MemberRow): RecipientChoice {
  const kinds = Object.fromEntries(ALARM_KINDS.map((k) => [k, preference[k]])) as RecipientChoice['kinds'];
  return { kinds, quietStart: preference.quietStart, quietEnd: preference.quietEnd, timeZone: recipient.timeZone };
}

export function preferenceView(preference: AlertPreferenceRow, member: MemberRow): AlertPreference {
  const { urgentLow, low, high, urgentHigh, noData } = preference;
  return { memberId: member.id, memberName: member.memberName, kinds: { urgentLow, low, high, urgentHigh, noData }, quietStart: preference.quietStart, quietEnd: preference.quietEnd, sound: preference.sound };
}

/** One alarm as one recipient sees it: acknowledgement is everyone's, the snooze is theirs. */
export function alarmView(row: AlarmRow, memberName: string, snoozedUntil: number | undefined, now: number): Alarm {
  const acknowledged = isAcknowledged(row, now);
  const snoozed = snoozedUntil !== undefined && snoozedUntil > now;
  return {
    id: row.id,
    memberId: row.memberId,
    memberName,
    kind: row.kind,
    raisedAt: row.raisedAt,
    lastNotifiedAt: row.lastNotifiedAt,
    glucose: row.glucose,
    trend: (row.trend as Alarm['trend']) ?? 'unknown',
    state: row.clearedAt !== null ? 'cleared' : acknowledged ? 'acknowledged' : snoozed ? 'snoozed' : 'raised',
    acknowledgedBy: acknowledged ? row.acknowledgedBy : null,
    acknowledgedAt: acknowledged ? row.acknowledgedAt : null,
    snoozedUntil: snoozed ? snoozedUntil : null,
  };
}

/** The open alarms of `members` as `recipient` sees them, only the kinds they receive. */
export async function alarmsFor(store: Store, recipient: MemberRow, members: MemberRow[], now: number): Promise<Alarm[]> {
  const rows = await store.listOpenAlarms(members.map((m) => m.id));
  if (rows.length === 0) return [];
  const [snoozes, preferences] = await Promise.all([store.alarmSnoozes(rows.map((r) => r.id), recipient.id), store.listAlertPreferences(recipient.id)]);
  const names = new Map(members.map((m) => [m.id, m.memberName]));
  return rows
    .filter((r) => (preferences.find((p) => p.memberId === r.memberId) ?? defaultPreference(recipient.id, r.memberId))[r.kind])
    .map((r) => alarmView(r, names.get(r.memberId) ?? '', snoozes.get(r.id), now));
}
