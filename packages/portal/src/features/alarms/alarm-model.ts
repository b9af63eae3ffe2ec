import type { Alarm } from '@cgm-portal/api-client';
import type { ToneName } from './alarm-sound';

/** An alarm still needing someone: neither acknowledged nor cleared (snoozed ones count). */
export const isActive = (alarm: Alarm) => alarm.state !== 'acknowledged' && alarm.state !== 'cleared' && !alarm.acknowledgedAt;

/** Ringing for this recipient now: active and not snoozed by them. */
export const isRinging = (alarm: Alarm, now: number) => isActive(alarm) && !(alarm.snoozedUntil && alarm.snoozedUntil > now);

/** Most urgent first, then newest: the order of the alarm centre. */
const SEVERITY: Record<Alarm['kind'], number> = { urgentLow: 0, noData: 1, low: 2, urgentHigh: 3, high: 4 };
export function byUrgency(a: Alarm, b: Alarm): number {
  return SEVERITY[a.kind] - SEVERITY[b.kind] || b.raisedAt - a.raisedAt;
}

/** A ringing alarm's identity for muting: a repeat notification (new lastNotifiedAt) sounds again. */
export const ringKey = (alarm: Alarm) => `${alarm.id}@${alarm.lastNotifiedAt}`;

/**
 * Which tone the page plays: urgent while any urgent low rings, the alert tone while another
 * alarm rings, none otherwise. Alarms muted in this tab, or whose member's sound the recipient
 * turned off, are left out.
 */
export function toneFor(alarms: readonly Alarm[], now: number, muted: ReadonlySet<string>, soundOn: (memberId: number) => boolean): ToneName | null {
  const audible = alarms.filter((a) => isRinging(a, now) && !muted.has(ringKey(a)) && soundOn(a.memberId));
  if (audible.some((a) => a.kind === 'urgentLow')) return 'urgent';
  return audible.length > 0 ? 'alert' : null;
}
