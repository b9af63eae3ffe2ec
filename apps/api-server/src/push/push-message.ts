import { DateTime } from 'luxon';
import type { AlarmKind, AlarmPush, GlucoseTrend, NotificationActionName } from '@cgm-portal/api-client/contract';
import { templateLanguage, textDirectionOf } from '../delivery/templates';
import { translate, type MessageKey } from '../i18n/messages';
import { glucoseShown } from '../nightscout/alarms';

/**
 * What a push says, written for its recipient: their language, their glucose unit, their time
 * zone. The service worker only shows it (packages/portal service-worker/push-notification.ts).
 */

/** An alarm as a notification needs it. */
export interface AlarmForPush {
  id: number;
  memberId: number;
  /** The name of the person (or pet) the alarm is about. */
  memberName: string;
  kind: AlarmKind;
  /** mg/dL of the reading that raised or repeated it; null for no-data. */
  glucose: number | null;
  trend: GlucoseTrend;
  raisedAt: number;
}

/** The recipient's own settings that shape the text. */
export interface PushRecipient {
  /** lanCode or bare language; unknown ones read English. */
  lang?: string | null;
  unit: string;
  timeZone: string;
}

const ALERT_WORD: Record<AlarmKind, MessageKey> = {
  urgentLow: 'pushUrgentLow',
  low: 'pushLow',
  high: 'pushHigh',
  urgentHigh: 'pushUrgentHigh',
  noData: 'pushNoData',
};
const TREND_WORD: Record<Exclude<GlucoseTrend, 'unknown'>, MessageKey> = {
  risingQuickly: 'trendRisingQuickly',
  rising: 'trendRising',
  risingSlowly: 'trendRisingSlowly',
  stable: 'trendStable',
  fallingSlowly: 'trendFallingSlowly',
  falling: 'trendFalling',
  fallingQuickly: 'trendFallingQuickly',
};
const ACTION_TEXT: Record<NotificationActionName, MessageKey> = {
  acknowledge: 'pushAcknowledge',
  snooze30: 'pushSnooze30',
  snooze60: 'pushSnooze60',
};
/** Acknowledge first: browsers show the first two actions only. */
const ACTIONS: NotificationActionName[] = ['acknowledge', 'snooze30', 'snooze60'];

/** Where a tap on the notification opens the app: home, where the alarm bell and the monitor are. */
export const ALARM_PUSH_URL = '/home';

/** Latin digits, as the portal shows every number (its per-locale formatting table). */
const latinDigits = (lang: string) => `${lang}-u-nu-latn`;

/** "Urgent low 2.8 mmol/L, falling · Alex": the notification's title. */
export function alarmTitle(alarm: AlarmForPush, recipient: PushRecipient): string {
  const lang = templateLanguage(recipient.lang ?? undefined);
  const alert = translate(lang, ALERT_WORD[alarm.kind]);
  const name = alarm.memberName;
  if (alarm.glucose === null) return translate(lang, 'pushAlertOf', { alert, name });
  const { value, unit } = glucoseShown(alarm.glucose, recipient.unit, latinDigits(lang));
  if (alarm.trend === 'unknown') return translate(lang, 'pushGlucoseNoTrend', { alert, value, unit, name });
  return translate(lang, 'pushGlucose', { alert, value, unit, name, trend: translate(lang, TREND_WORD[alarm.trend]) });
}

export function alarmPushMessage(alarm: AlarmForPush, recipient: PushRecipient, actionToken: string): AlarmPush {
  const lang = templateLanguage(recipient.lang ?? undefined);
  const since = DateTime.fromMillis(alarm.raisedAt, { zone: recipient.timeZone }).setLocale(latinDigits(lang)).toLocaleString(DateTime.TIME_SIMPLE);
  return {
    title: alarmTitle(alarm, recipient),
    body: translate(lang, 'pushSince', { time: since }),
    // One notification per alarm on a device: a repeat replaces it and rings again.
    tag: `alarm-${alarm.id}`,
    url: ALARM_PUSH_URL,
    urgent: alarm.kind === 'urgentLow',
    lang,
    dir: textDirectionOf(lang),
    actions: ACTIONS.map((action) => ({ action, title: translate(lang, ACTION_TEXT[action]) })),
    actionToken,
  };
}

/** "Send a test notification": proves the whole path, with no action to take. */
export function testPushMessage(recipient: PushRecipient): AlarmPush {
  const lang = templateLanguage(recipient.lang ?? undefined);
  return {
    title: translate(lang, 'pushTestTitle'),
    body: translate(lang, 'pushTestBody'),
    tag: 'test',
    url: ALARM_PUSH_URL,
    urgent: false,
    lang,
    dir: textDirectionOf(lang),
    actions: [],
  };
}
