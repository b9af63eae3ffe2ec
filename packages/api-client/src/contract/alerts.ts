import { z } from 'zod';
import { epochMs, id, mgdl } from './common';

/**
 * Live glucose and alerts (issue 20): the live stream's events, the alarm calls, each
 * recipient's alert choices, and Web Push devices. Shared by the server and the portal.
 */

/** The member's four alerts from Settings, plus readings that stopped coming. */
export const alarmKind = z.enum(['urgentLow', 'low', 'high', 'urgentHigh', 'noData']);
export type AlarmKind = z.infer<typeof alarmKind>;
export const ALARM_KINDS = alarmKind.options;

/** raised (ringing, repeated until acknowledged), snoozed (for this recipient), acknowledged (for all), cleared (back in range). */
export const alarmState = z.enum(['raised', 'snoozed', 'acknowledged', 'cleared']);
export type AlarmState = z.infer<typeof alarmState>;

/** The CGM trend arrow's name, as the portal's monitors name it. */
export const glucoseTrend = z.enum(['risingQuickly', 'rising', 'risingSlowly', 'stable', 'fallingSlowly', 'falling', 'fallingQuickly', 'unknown']);
export type GlucoseTrend = z.infer<typeof glucoseTrend>;

/** One alarm as one recipient sees it (snoozedUntil is theirs; acknowledgement is everyone's). */
export const alarm = z.object({
  id,
  memberId: id,
  memberName: z.string(),
  kind: alarmKind,
  raisedAt: epochMs,
  lastNotifiedAt: epochMs,
  /** mg/dL of the reading that raised or repeated it; null for no-data. */
  glucose: mgdl.nullable(),
  trend: glucoseTrend,
  state: alarmState,
  acknowledgedBy: z.string().nullable().optional(),
  acknowledgedAt: epochMs.nullable().optional(),
  snoozedUntil: epochMs.nullable().optional(),
});
export type Alarm = z.infer<typeof alarm>;

export const alarmIdRequest = z.object({ alarmId: id }).strict();
/** Snooze is per recipient: 30 minutes or an hour. */
export const SNOOZE_MINUTES = [30, 60] as const;
export const snoozeAlarmRequest = z.object({ alarmId: id, minutes: z.union([z.literal(30), z.literal(60)]) }).strict();
export type SnoozeAlarmRequest = z.infer<typeof snoozeAlarmRequest>;

// The live stream: GET /api/live, text/event-stream, the usual xToken/lanCode/timeZone headers.
/** Below the API base path. */
export const LIVE_PATH = '/live';
/** The server writes a comment line at least this often, so a silent line can be told from a quiet one. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** `event: reading`: a new live reading of a member this recipient may see. */
export const liveReadingEvent = z.object({ memberId: id, time: epochMs, value: mgdl, trend: glucoseTrend });
export type LiveReadingEvent = z.infer<typeof liveReadingEvent>;
/** `event: alarms`: the full list of one member's alarms for this recipient, after any change. */
export const liveAlarmsEvent = z.object({ memberId: id, alarms: z.array(alarm) });
export type LiveAlarmsEvent = z.infer<typeof liveAlarmsEvent>;

/** Local wall time HH:mm in the recipient's time zone. */
export const wallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** What one recipient wants of one member's alerts. Urgent low ignores quiet hours. */
export const alertPreference = z
  .object({
    memberId: id,
    memberName: z.string(),
    kinds: z.object({ urgentLow: z.boolean(), low: z.boolean(), high: z.boolean(), urgentHigh: z.boolean(), noData: z.boolean() }),
    quietStart: wallTime.nullable(),
    quietEnd: wallTime.nullable(),
    /** Sound in the open portal. */
    sound: z.boolean(),
  })
  .refine((p) => (p.quietStart === null) === (p.quietEnd === null) && (p.quietStart === null || p.quietStart !== p.quietEnd), {
    message: 'quiet hours need both ends, and different ones',
    path: ['quietEnd'],
  });
export type AlertPreference = z.infer<typeof alertPreference>;
export const saveAlertPreferenceRequest = z
  .object({
    memberId: id,
    kinds: z.object({ urgentLow: z.boolean(), low: z.boolean(), high: z.boolean(), urgentHigh: z.boolean(), noData: z.boolean() }).strict(),
    quietStart: wallTime.nullable(),
    quietEnd: wallTime.nullable(),
    sound: z.boolean(),
  })
  .strict();
export type SaveAlertPreferenceRequest = z.input<typeof saveAlertPreferenceRequest>;

// Web Push (RFC 8030/8291/8292)
export const pushKeyResult = z.object({ publicKey: z.string() });
/** PushSubscription.toJSON() as the browser gives it. */
export const pushSubscription = z.object({
  endpoint: z.url(),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
});
export const addPushDeviceRequest = z.object({ subscription: pushSubscription, name: z.string().trim().min(1).max(80) }).strict();
export type AddPushDeviceRequest = z.input<typeof addPushDeviceRequest>;
/** A device as its owner sees it: never the endpoint or keys. */
export const pushDevice = z.object({ id, name: z.string(), createdAt: epochMs, lastNotifiedAt: epochMs.nullable() });
export type PushDevice = z.infer<typeof pushDevice>;
export const pushDeviceIdRequest = z.object({ id }).strict();

/** What the service worker's notification buttons do, without a session. */
export const notificationActionName = z.enum(['acknowledge', 'snooze30', 'snooze60']);
export type NotificationActionName = z.infer<typeof notificationActionName>;
export const notificationActionRequest = z.object({ token: z.string().min(1), action: notificationActionName }).strict();
/** Below the API base path; the service worker calls it with no session. */
export const NOTIFICATION_ACTION_PATH = '/web/alarm/notificationAction';

/** The push message's JSON, already in the recipient's language and unit. */
export const alarmPush = z.object({
  title: z.string(),
  body: z.string(),
  tag: z.string(),
  url: z.string(),
  urgent: z.boolean(),
  lang: z.string(),
  dir: z.enum(['ltr', 'rtl']),
  actions: z.array(z.object({ action: notificationActionName, title: z.string() })),
  actionToken: z.string().optional(),
});
export type AlarmPush = z.infer<typeof alarmPush>;
