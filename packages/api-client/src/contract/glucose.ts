import { z } from 'zod';
import { epochMs, id, mgdl, pageRequest } from './common';
import { PACKED_READINGS_FORMAT, unpackReadings } from './packed-readings';

/** Longest span one readings call may ask for (a year and a bit): keeps answers bounded. */
export const MAX_READINGS_SPAN_MS = 400 * 24 * 3600 * 1000;

export const timeSpan = z
  .object({ from: epochMs, to: epochMs })
  .refine((s) => s.from < s.to, { message: 'from < to', path: ['from'] })
  .refine((s) => s.to - s.from <= MAX_READINGS_SPAN_MS, { message: 'span too long', path: ['to'] });

/** One sensor glucose value: UTC epoch ms and integer mg/dL (glucose-metrics' `Reading`). */
export const reading = z.object({ time: epochMs, mgdl });
export type Reading = z.infer<typeof reading>;

export const loadReadingsRequest = z
  .object({ memberId: id.optional(), from: epochMs, to: epochMs })
  .strict()
  .refine((s) => s.from < s.to, { message: 'from < to', path: ['from'] })
  .refine((s) => s.to - s.from <= MAX_READINGS_SPAN_MS, { message: 'span too long', path: ['to'] });
export type LoadReadingsRequest = z.input<typeof loadReadingsRequest>;
export const loadReadingsResult = z.object({
  memberId: id,
  timeZone: z.string(),
  /** Ascending by time, sensor values only (finger sticks are BG events). */
  readings: z.array(reading),
});
export type LoadReadingsResult = z.infer<typeof loadReadingsResult>;

/**
 * Readings as packed-readings.ts packs them. Parsing unpacks them (and refuses a damaged
 * stream), so a caller gets the same ascending `Reading[]` as from the plain calls.
 */
export const packedReadings = z
  .object({
    format: z.literal(PACKED_READINGS_FORMAT),
    start: z.number().int(),
    stepMs: z.number().int().positive(),
    count: z.number().int().nonnegative(),
    data: z.string(),
  })
  .transform((packed, ctx): Reading[] => {
    try {
      return unpackReadings(packed);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      return z.NEVER;
    }
  });
/** loadReadings' answer with the readings packed: the fast path of every glucose view (issue 19). */
export const loadPackedReadingsResult = loadReadingsResult.extend({ readings: packedReadings });

// Sensor sessions
export const sessionStatus = z.enum(['initializing', 'active', 'expired', 'ended']);
export const sensorSession = z.object({
  id,
  memberId: id,
  memberDeviceId: id.nullable(),
  sn: z.string(),
  startTime: epochMs,
  /** Readings start after the warm-up. */
  warmupEndTime: epochMs,
  /** Planned end (14 days after start). */
  expireTime: epochMs,
  /** Actual end if it ended early or expired; null while running. */
  endTime: epochMs.nullable(),
  status: sessionStatus,
  note: z.string(),
});
export type SensorSession = z.infer<typeof sensorSession>;
export const loadSessionsRequest = pageRequest
  .extend({ memberId: id.optional(), from: epochMs.optional(), to: epochMs.optional() })
  .strict();
export type LoadSessionsRequest = z.input<typeof loadSessionsRequest>;
/** The session report's edit dialog: a note and, to end a sensor early, an end time. */
export const modifySessionRequest = z
  .object({ id, note: z.string().trim().max(200).optional(), endTime: epochMs.nullable().optional() })
  .strict();
export type ModifySessionRequest = z.input<typeof modifySessionRequest>;

// Events (SPEC §3)
export const eventType = z.enum(['BG', 'meal', 'sport', 'insulin', 'alert', 'calibration', 'meds', 'weight']);
export type EventType = z.infer<typeof eventType>;
export const mealTag = z.enum([
  'Empty',
  'Breakfast',
  'After_Breakfast',
  'Before_Lunch',
  'Lunch',
  'Dinner',
  'Before_Sleep',
  'Extra',
]);
export const insulinKind = z.enum(['Short_acting', 'Pre_mixed', 'Long_acting', 'Middle_acting']);
export const alertKind = z.enum(['high', 'low', 'urgentLow', 'urgentHigh', 'signalLoss']);
export const sportIntensity = z.enum(['light', 'moderate', 'vigorous']);

const eventNote = z.string().trim().max(500).default('');
/** What each event type carries; the discriminator is `eventType`. */
export const eventDetail = z.discriminatedUnion('eventType', [
  z.object({ eventType: z.literal('BG'), mgdl }).strict(),
  z.object({ eventType: z.literal('meal'), mealTag, carbs: z.number().nonnegative().max(500).nullable() }).strict(),
  z
    .object({
      eventType: z.literal('sport'),
      sportName: z.string().trim().min(1).max(64),
      durationMinutes: z.number().int().positive().max(1440),
      intensity: sportIntensity,
    })
    .strict(),
  z
    .object({ eventType: z.literal('insulin'), insulinKind, units: z.number().positive().max(300) })
    .strict(),
  z.object({ eventType: z.literal('alert'), alertKind, mgdl: mgdl.nullable() }).strict(),
  z.object({ eventType: z.literal('calibration'), mgdl }).strict(),
  z
    .object({ eventType: z.literal('meds'), medName: z.string().trim().min(1).max(64), dose: z.string().max(64) })
    .strict(),
  z.object({ eventType: z.literal('weight'), kg: z.number().positive().max(400) }).strict(),
]);
export type EventDetail = z.infer<typeof eventDetail>;

export const glucoseEvent = z.object({
  id,
  memberId: id,
  eventType,
  time: epochMs,
  note: z.string(),
  /** A short language-neutral summary (numbers, units, enum names) for the description column. */
  description: z.string(),
  detail: eventDetail,
});
export type GlucoseEvent = z.infer<typeof glucoseEvent>;
export const loadEventsRequest = pageRequest
  .extend({
    memberId: id.optional(),
    eventType: eventType.optional(),
    from: epochMs.optional(),
    to: epochMs.optional(),
  })
  .strict();
export type LoadEventsRequest = z.input<typeof loadEventsRequest>;
/**
 * A key the client makes once for one entry it means to add (a random UUID), sent again with
 * every retry of it: the server makes one event per key and answers repeats with that event.
 */
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
export const addEventRequest = z.object({ time: epochMs, note: eventNote, detail: eventDetail, idempotencyKey: idempotencyKey.optional() }).strict();
export type AddEventRequest = z.input<typeof addEventRequest>;
export const eventIdRequest = z.object({ id }).strict();

// Devices
export const device = z.object({
  memberDeviceId: id,
  memberId: id,
  sn: z.string(),
  model: z.string(),
  appVersion: z.string(),
  phoneModel: z.string(),
  osVersion: z.string(),
  sensorExpired: z.boolean(),
  sensorInitializing: z.boolean(),
  lastRefreshTime: epochMs.nullable(),
  timeZone: z.string(),
});
export type Device = z.infer<typeof device>;
export const getDeviceListRequest = pageRequest.extend({ memberId: id.optional() }).strict();
export type GetDeviceListRequest = z.input<typeof getDeviceListRequest>;
