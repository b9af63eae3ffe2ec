import type { AlarmKind, GlucoseTrend } from '@cgm-portal/api-client/contract';
import { DateTime } from 'luxon';
import type { AlertLevel } from './alert-level';

/**
 * The alert engine's rules, pure: from (reading, member thresholds, recipient choices, alert
 * state) to decisions. The service (alert-service.ts) reads the state, asks these, and writes
 * what they say with conditional updates, so two servers never act twice on one change.
 *
 * A member has at most one open alarm, an episode: it is raised, repeats until acknowledged,
 * changes kind while the glucose stays on the same side (low or high), and is cleared when the
 * glucose is back between the low and high alerts. Readings that stop coming open a no-data
 * alarm instead.
 */

const MINUTE = 60_000;
/** Urgent low repeats every 5 minutes until someone acknowledges it (issue 20). */
export const URGENT_LOW_REPEAT_MS = 5 * MINUTE;
/** The member's repeat interval for the other alerts when they set none. */
export const DEFAULT_REPEAT_MINUTES = 30;
/** "No data for N minutes" (issue 20's default). */
export const DEFAULT_NO_DATA_MINUTES = 20;
/** Past this long without a reading a member is not "missing data" but not using a CGM: no alarm. */
export const NO_DATA_GIVE_UP_MS = 24 * 60 * MINUTE;

/** Nightscout's alarm levels: 2 urgent, 1 warning. An acknowledgement covers its level and below. */
export const severityOf = (kind: AlarmKind): 1 | 2 => (kind === 'urgentLow' || kind === 'urgentHigh' ? 2 : 1);
const sideOf = (kind: AlarmKind) => (kind === 'urgentLow' || kind === 'low' ? 'low' : kind === 'noData' ? 'noData' : 'high');

/** What the rules need of a member's open alarm. */
export interface AlarmSnapshot {
  kind: AlarmKind;
  lastNotifiedAt: number;
  acknowledgedAt: number | null;
  acknowledgedLevel: number | null;
  acknowledgedUntil: number | null;
}

/** Acknowledged now: someone said "I've got it" and the silence they asked for has not run out. */
export const isAcknowledged = (alarm: AlarmSnapshot, now: number) =>
  alarm.acknowledgedAt !== null && (alarm.acknowledgedUntil === null || alarm.acknowledgedUntil > now);

/** Whether the acknowledgement still covers an alert of `kind` (a worse one rings through it). */
const coveredByAcknowledgement = (alarm: AlarmSnapshot, kind: AlarmKind, now: number) =>
  isAcknowledged(alarm, now) && (alarm.acknowledgedLevel ?? 0) >= severityOf(kind);

export function repeatIntervalMs(kind: AlarmKind, memberRepeatMinutes: number): number {
  return kind === 'urgentLow' ? URGENT_LOW_REPEAT_MS : memberRepeatMinutes * MINUTE;
}

const repeatDue = (alarm: AlarmSnapshot, now: number, memberRepeatMinutes: number) =>
  now - alarm.lastNotifiedAt >= repeatIntervalMs(alarm.kind, memberRepeatMinutes);

export type ReadingDecision =
  /** Nothing to change. */
  | { action: 'none' }
  /** Keep the alarm as it is, with the new glucose. */
  | { action: 'update' }
  /** Back in range (or data again after a gap): the open alarm is cleared. */
  | { action: 'clear' }
  /** A new alarm, ringing; `clearOpen`: the open one (other side, no-data, or a worse kind) is cleared first. */
  | { action: 'raise'; kind: AlarmKind; clearOpen: boolean }
  /** Same episode, another kind that does not ring (better, or covered by the acknowledgement). */
  | { action: 'change'; kind: AlertLevel }
  /** Unacknowledged and its interval has passed: notify again. */
  | { action: 'repeat' };

/**
 * What a member's new live reading does to their open alarm. `level` is the alert the reading's
 * value calls for under the member's thresholds (alertLevelOf), null between low and high.
 */
export function decideOnReading(open: AlarmSnapshot | null, level: AlertLevel | null, now: number, memberRepeatMinutes: number): ReadingDecision {
  if (!level) return open ? { action: 'clear' } : { action: 'none' };
  if (!open) return { action: 'raise', kind: level, clearOpen: false };
  if (sideOf(open.kind) !== sideOf(level)) return { action: 'raise', kind: level, clearOpen: true };
  if (open.kind !== level) {
    const worse = severityOf(level) > severityOf(open.kind);
    // A worse alert is a new alarm: an acknowledgement or snooze of a low is not one of an urgent low.
    return worse && !coveredByAcknowledgement(open, level, now) ? { action: 'raise', kind: level, clearOpen: true } : { action: 'change', kind: level };
  }
  if (coveredByAcknowledgement(open, level, now)) return { action: 'update' };
  return repeatDue(open, now, memberRepeatMinutes) ? { action: 'repeat' } : { action: 'update' };
}

export type TickDecision = { action: 'none' } | { action: 'raiseNoData'; clearOpen: boolean } | { action: 'repeat' };

/**
 * What the server's timer does for a member between readings: raise no-data once readings are
 * older than `noDataMs`, and repeat an unacknowledged alarm when no reading came to repeat it.
 */
export function decideOnTick(
  open: AlarmSnapshot | null,
  lastReadingTime: number | undefined,
  now: number,
  noDataMs: number,
  memberRepeatMinutes: number,
): TickDecision {
  const stale = lastReadingTime !== undefined && now - lastReadingTime > noDataMs && now - lastReadingTime <= NO_DATA_GIVE_UP_MS;
  if (stale && open?.kind !== 'noData') return { action: 'raiseNoData', clearOpen: open !== null };
  if (open && !coveredByAcknowledgement(open, open.kind, now) && repeatDue(open, now, memberRepeatMinutes)) return { action: 'repeat' };
  return { action: 'none' };
}

/** What Nightscout's alarm channel (AAPS) hears for a reading, as Nightscout does: every live reading past a threshold rings unless acknowledged. */
export type NightscoutStep = { send: 'alarm'; mgdl: number } | { send: 'clear'; mgdl: number } | { send: 'nothing' };

export function nightscoutStepOf(decision: ReadingDecision, level: AlertLevel | null, after: AlarmSnapshot | null, mgdl: number, now: number): NightscoutStep {
  if (decision.action === 'clear') return { send: 'clear', mgdl };
  if (!level || !after || coveredByAcknowledgement(after, level, now)) return { send: 'nothing' };
  return { send: 'alarm', mgdl };
}

/** One recipient's choices for one member's alerts, with the time zone their quiet hours are in. */
export interface RecipientChoice {
  kinds: Record<AlarmKind, boolean>;
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string;
}

const minutesOf = (wall: string) => Number(wall.slice(0, 2)) * 60 + Number(wall.slice(3, 5));

/** Whether `now` falls in the recipient's quiet hours (local wall time; a period may cross midnight). */
export function inQuietHours(choice: Pick<RecipientChoice, 'quietStart' | 'quietEnd' | 'timeZone'>, now: number): boolean {
  if (!choice.quietStart || !choice.quietEnd) return false;
  const local = DateTime.fromMillis(now, { zone: choice.timeZone });
  const minute = local.hour * 60 + local.minute;
  const [start, end] = [minutesOf(choice.quietStart), minutesOf(choice.quietEnd)];
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** Whether a raise or repeat reaches this recipient: a kind they receive, not snoozed by them, and outside their quiet hours unless urgent low. */
export function shouldNotify(kind: AlarmKind, choice: RecipientChoice, snoozedUntil: number | undefined, now: number): boolean {
  if (!choice.kinds[kind]) return false;
  if (snoozedUntil !== undefined && snoozedUntil > now) return false;
  return kind === 'urgentLow' || !inQuietHours(choice, now);
}

const NIGHTSCOUT_TRENDS: Record<string, GlucoseTrend> = {
  DoubleUp: 'risingQuickly',
  SingleUp: 'rising',
  FortyFiveUp: 'risingSlowly',
  Flat: 'stable',
  FortyFiveDown: 'fallingSlowly',
  SingleDown: 'falling',
  DoubleDown: 'fallingQuickly',
};
/** The portal's trend name for a Nightscout `direction`. */
export const trendOfDirection = (direction: unknown): GlucoseTrend => (typeof direction === 'string' ? NIGHTSCOUT_TRENDS[direction] : undefined) ?? 'unknown';
