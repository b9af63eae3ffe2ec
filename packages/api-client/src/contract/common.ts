import { z } from 'zod';

// The portal runs under a Content-Security-Policy without 'unsafe-eval' (api-server's
// security-headers.ts). Zod's JIT would probe `new Function` and trip it on every page, so the
// schemas are checked without it, everywhere this contract is used.
z.config({ jitless: true });

/**
 * Body codes of the envelope (SPEC §7): 200 and 501 are success, 300 is "login expired".
 * The other codes are ours; the UI only shows their message.
 */
export const ResponseCode = {
  ok: 200,
  okWithNotice: 501,
  loginExpired: 300,
  invalidPayload: 400,
  wrongCredentials: 401,
  noPermission: 403,
  notFound: 404,
  conflict: 409,
  linkExpired: 410,
  payloadTooLarge: 413,
  tooManyAttempts: 429,
  serverError: 500,
} as const;

/** Every answer: `{ code, message, item?, rows?, total? }`, always HTTP 200 for business outcomes. */
export const envelopeBase = z.object({
  code: z.number().int(),
  message: z.string(),
});
export type EnvelopeBase = z.infer<typeof envelopeBase>;

/** 2000-01-01T00:00:00Z: no CGM data, account or event is older. */
export const EARLIEST_TIME_MS = 946_684_800_000;
/** The furthest a time may lie ahead: a share link's expiry, a planned event. */
export const LATEST_AHEAD_MS = 366 * 24 * 3600 * 1000;
/**
 * A moment as UTC epoch milliseconds, from 2000-01-01 to a year from now. Beyond that range a
 * value is a mistake or an attack (JavaScript dates end at 8.64e15 and time zones fail earlier),
 * so every call refuses it with a 400 that names the field.
 */
export const epochMs = z
  .number()
  .int()
  .min(EARLIEST_TIME_MS)
  .refine((t) => t <= Date.now() + LATEST_AHEAD_MS, { message: 'more than a year ahead' });
/** A row id: the databases' 32-bit integer keys (PostgreSQL's serial), so a larger one is a 400, never a database error. */
export const MAX_ID = 2_147_483_647;
export const id = z.number().int().positive().max(MAX_ID);
/** The glucose a reading may carry: below and above this no sensor or meter reports a value. */
export const MGDL_MIN = 10;
export const MGDL_MAX = 1000;
/** Glucose is stored and sent as integer mg/dL; mmol/L exists only at the edge of display. */
export const mgdl = z.number().int().min(MGDL_MIN).max(MGDL_MAX);

export const email = z.string().trim().toLowerCase().pipe(z.email());
/** E.164-ish phone number: + and 7 to 15 digits; spaces are dropped. */
export const mobile = z
  .string()
  .transform((s) => s.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^\+?[0-9]{7,15}$/));

/** Table paging (SPEC §7): requests say `page`/`rows`, answers carry `rows`/`total`. */
export const pageRequest = z.object({
  page: z.number().int().min(1).default(1),
  rows: z.number().int().min(1).max(500).default(10),
});

export const emptyRequest = z.object({}).strict();

export const unit = z.enum(['mmol/L', 'mg/dL']);
export type GlucoseUnit = z.infer<typeof unit>;
