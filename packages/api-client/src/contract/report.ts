import { z } from 'zod';
import { epochMs, id, pageRequest } from './common';
import { petType } from './auth';
import { device, packedReadings, reading, sensorSession, MAX_READINGS_SPAN_MS } from './glucose';
import { memberSeting } from './member';

const n = z.number().nullable();

/** glucose-metrics' GlucoseSummary; extra metrics it may add later pass through. */
export const glucoseSummary = z.looseObject({
  count: z.number(),
  mean: n,
  min: n,
  max: n,
  sd: n,
  cv: n,
  tir: n,
  tar: n,
  tbr: n,
  gmi: n,
  eA1c: n,
});
export type ReportSummary = z.infer<typeof glucoseSummary>;

export const agpBin = z.object({
  minuteOfDay: z.number(),
  count: z.number(),
  p5: n,
  p25: n,
  p50: n,
  p75: n,
  p95: n,
});
export const agpProfile = z.looseObject({ binMinutes: z.number(), days: z.number(), bins: z.array(agpBin) });

/** Who the report is about: the display info a report page header needs. */
export const reportMember = z.object({
  memberId: id,
  memberName: z.string(),
  petType: petType.nullable(),
  timeZone: z.string(),
  diabetesType: z.number().int().nullable(),
  breed: z.string().nullable(),
  weight: z.number().nullable(),
  insulinType: z.string().nullable(),
  birthday: z.string().nullable(),
});

export const reportData = z.object({
  member: reportMember,
  memberSeting,
  from: epochMs,
  to: epochMs,
  /** Sensor values in the span, ascending. */
  readings: z.array(reading),
  /** null when the span has no readings to summarise. */
  summary: glucoseSummary.nullable(),
  /** null when the span has no readings to profile. */
  agp: agpProfile.nullable(),
  sessions: z.array(sensorSession),
  devices: z.array(device),
  /** Count of events by type in the span. */
  eventCounts: z.record(z.string(), z.number().int()),
});
export type ReportData = z.infer<typeof reportData>;
/** The report with its readings packed (packed-readings.ts); parsed, it is a ReportData. */
export const packedReportData = reportData.extend({ readings: packedReadings });

export const loadReportRequest = z
  .object({ memberId: id.optional(), from: epochMs, to: epochMs })
  .strict()
  .refine((s) => s.from < s.to, { message: 'from < to', path: ['from'] })
  .refine((s) => s.to - s.from <= MAX_READINGS_SPAN_MS, { message: 'span too long', path: ['to'] });
export type LoadReportRequest = z.input<typeof loadReportRequest>;

export const loadDeviceReportRequest = z.object({ memberDeviceId: id }).strict();
export const deviceReport = z.object({
  device,
  sessions: z.array(sensorSession),
  /** The last 14 days of the device's owner, ending at the device's last refresh. */
  from: epochMs,
  to: epochMs,
  summary: glucoseSummary.nullable(),
});
export type DeviceReport = z.infer<typeof deviceReport>;

// Public report links: an unguessable id (128+ bits, base64url) that opens a report without login.
export const publicLinkId = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/);
export const publicLink = z.object({
  id: publicLinkId,
  memberId: id,
  createdAt: epochMs,
  /** null: never expires. */
  expiresAt: epochMs.nullable(),
  revokedAt: epochMs.nullable(),
  /** How many days, ending now, the report shows when opened. */
  spanDays: z.number().int(),
  /** Portal path to open, relative; e.g. /report/en/{id}. */
  path: z.string(),
});
export type PublicLink = z.infer<typeof publicLink>;
export const createPublicLinkRequest = z
  .object({
    expiresAt: epochMs.nullable().optional(),
    spanDays: z.number().int().min(1).max(365).default(14),
    lang: z.string().regex(/^[a-z]{2}$/).default('en'),
  })
  .strict();
export type CreatePublicLinkRequest = z.input<typeof createPublicLinkRequest>;
export const publicLinkIdRequest = z.object({ id: publicLinkId }).strict();
export const loadPublicLinksRequest = pageRequest.strict();
