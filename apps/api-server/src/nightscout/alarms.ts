import { mgdlToMmol } from '@cgm-portal/glucose-metrics';
import { alertLevelOf, type AlertLevel, type AlertThresholds } from '../alerts/alert-level';
import { translate, type MessageKey } from '../i18n/messages';

/**
 * Nightscout's alarms, from the member's own alert settings, for the uploaders that listen
 * (AAPS on `/alarm` with NSClient V3 and on the root channel with NSClient v1, when "receive
 * alarms" is on). The shape is Nightscout's simplealarms notification, which AAPS reads as
 * level, title, message, group and `eventName` low/high.
 *
 * What rings is the alert engine's decision (alerts/rules.ts, its state in the database): only a
 * live reading raises one, so back-filled history never rings a phone. While the glucose stays
 * past a threshold each new reading repeats the alarm, as Nightscout does, until someone
 * acknowledges it (`ack` with a silence time, or "I've got it" in the portal, which also clears
 * it on every other phone); back between the low and high alerts, a `clear_alarm` follows.
 */
export const NIGHTSCOUT_LEVEL = { warn: 1, urgent: 2 } as const;
/** A reading older than this when it arrives is history, not an alarm. */
export const LIVE_READING_MS = 10 * 60_000;
/** A reading that arrives within this of its own time is live; back-fill never rings a phone. */
export const isLiveReading = (time: number, now: number) => Math.abs(now - time) <= LIVE_READING_MS;
/** Nightscout's default snooze when an `ack` names none. */
export const DEFAULT_SILENCE_MS = 30 * 60_000;
export const ALARM_GROUP = 'default';

const TITLE: Record<AlertLevel, MessageKey> = {
  urgentLow: 'alarmUrgentLow',
  low: 'alarmLow',
  high: 'alarmHigh',
  urgentHigh: 'alarmUrgentHigh',
};
const levelOf = (alert: AlertLevel) => (alert === 'urgentLow' || alert === 'urgentHigh' ? NIGHTSCOUT_LEVEL.urgent : NIGHTSCOUT_LEVEL.warn);

/**
 * Nightscout's four thresholds are its alarm thresholds (bgHigh urgent, bgTargetTop warning, …):
 * here the member's four alerts, so what a client shows and what rings agree. The portal's
 * time-in-range target stays the portal's own.
 */
export function nightscoutThresholds(t: AlertThresholds) {
  return { bgHigh: t.urgentHighAlert, bgTargetTop: t.highAlert, bgTargetBottom: t.lowAlert, bgLow: t.urgentLowAlert };
}

export interface NightscoutAlarm {
  level: number;
  title: string;
  message: string;
  eventName: 'low' | 'high';
  plugin: { name: string; label: string; pluginType: string; enabled: boolean };
  group: string;
  key: string;
  debug: { lastSGV: number; thresholds: ReturnType<typeof nightscoutThresholds> };
}
export interface NightscoutClear {
  clear: true;
  title: string;
  message: string;
  group: string;
}

/** A glucose value as the member reads it: whole mg/dL, or mmol/L with one decimal in their language's digits. */
export function glucoseShown(mgdl: number, unit: string, lang: string): { value: string; unit: string } {
  if (unit !== 'mmol/L') return { value: String(Math.round(mgdl)), unit: 'mg/dL' };
  const format = new Intl.NumberFormat(lang.replace('_', '-'), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return { value: format.format(mgdlToMmol(mgdl)), unit: 'mmol/L' };
}

/** The alarm a reading raises, in `lang`; null when the glucose is between the low and high alerts. */
export function alarmFor(mgdl: number, member: AlertThresholds & { unit: string }, lang: string): { event: 'alarm' | 'urgent_alarm'; alarm: NightscoutAlarm } | null {
  const alert = alertLevelOf(mgdl, member);
  if (!alert) return null;
  const level = levelOf(alert);
  return {
    event: level === NIGHTSCOUT_LEVEL.urgent ? 'urgent_alarm' : 'alarm',
    alarm: {
      level,
      title: translate(lang, TITLE[alert]),
      message: translate(lang, 'glucoseNow', glucoseShown(mgdl, member.unit, lang)),
      eventName: alert === 'urgentLow' || alert === 'low' ? 'low' : 'high',
      plugin: { name: 'simplealarms', label: 'Simple Alarms', pluginType: 'notification', enabled: true },
      group: ALARM_GROUP,
      key: `simplealarms_${level}`,
      debug: { lastSGV: mgdl, thresholds: nightscoutThresholds(member) },
    },
  };
}

export function clearFor(mgdl: number, unit: string, lang: string): NightscoutClear {
  return { clear: true, title: translate(lang, 'alarmCleared'), message: translate(lang, 'glucoseNow', glucoseShown(mgdl, unit, lang)), group: ALARM_GROUP };
}

/** What every listener of the member hears when one of them acknowledged an alarm. */
export function acknowledgedFor(lang: string): NightscoutClear {
  const text = translate(lang, 'alarmAcknowledged');
  return { clear: true, title: text, message: text, group: ALARM_GROUP };
}
