import { z } from 'zod';
import { epochMs, id } from './common';

/**
 * Data in and out (issue 10): upload secrets for Nightscout-speaking uploaders, file import
 * (preview, then commit) and export. The Nightscout routes themselves (/api/v1/*) answer
 * Nightscout's own JSON and are not part of this envelope contract.
 */

/**
 * `upload`: an uploader writes and reads; `read`: a follower's Nightscout tool only reads;
 * `create`, `update`, `delete`: that one operation only (Nightscout's per-operation roles, e.g.
 * `careportal` = create, `api:treatments:delete` = delete).
 */
export const uploadSecretScope = z.enum(['upload', 'read', 'create', 'update', 'delete']);
export type UploadSecretScope = z.infer<typeof uploadSecretScope>;
/** A secret as listed: the secret itself is shown once, at creation, and never again. */
export const uploadSecret = z.object({
  id,
  label: z.string(),
  scope: uploadSecretScope,
  createdAt: epochMs,
  lastUsedAt: epochMs.nullable(),
  revokedAt: epochMs.nullable(),
});
export type UploadSecret = z.infer<typeof uploadSecret>;
export const createUploadSecretRequest = z
  .object({ label: z.string().trim().max(64).default(''), scope: uploadSecretScope.default('upload') })
  .strict();
export const createdUploadSecret = uploadSecret.extend({
  /** The secret to type into the uploader (xDrip+, AAPS, Loop); the server keeps only a hash. */
  secret: z.string(),
  /** SHA-1 hex of the secret: what Nightscout clients send in the `api-secret` header. */
  apiSecretSha1: z.string(),
});
export type CreatedUploadSecret = z.infer<typeof createdUploadSecret>;
export const uploadSecretIdRequest = z.object({ id }).strict();
export const loadUploadSecretsRequest = z.object({}).strict();

export const importFormat = z.enum(['clarity', 'libreview', 'nightscout', 'portalCsv', 'portalJson']);
export type ImportFormat = z.infer<typeof importFormat>;

/**
 * Largest file an upload call imports (a year of Clarity CSV is about 12 MB, so this is several
 * years). The file travels as the raw request body, never inside JSON (see importFileRequest).
 */
export const MAX_IMPORT_BYTES = 48 * 1024 * 1024;
/**
 * Largest file text inside the JSON calls (previewImport, commitImport). JSON holds a file
 * several times over while it is read, so large files go through the upload calls instead.
 */
export const MAX_IMPORT_CHARS = 8 * 1024 * 1024;

const importFields = {
  fileName: z.string().max(255).default(''),
  /** Timestamps in most files have no zone, so `timeZone` says where they were taken. */
  timeZone: z.string().min(1).max(64),
};

export const importRequest = z
  .object({
    ...importFields,
    /** The file's text. */
    text: z.string().min(1).max(MAX_IMPORT_CHARS),
  })
  .strict();
export type ImportRequest = z.input<typeof importRequest>;

/**
 * The upload calls (previewImportFile, commitImportFile): these fields travel in the query
 * string and the file itself as the request body (encoding `file`), which the server reads as
 * it arrives. Same answer as the JSON calls.
 */
export const importFileRequest = z.object(importFields).strict();
export type ImportFileRequest = z.input<typeof importFileRequest>;

const counts = z.object({ added: z.number().int().nonnegative(), duplicates: z.number().int().nonnegative() });
export const rejectedLine = z.object({ line: z.number().int().nonnegative(), reason: z.string() });
export type RejectedLine = z.infer<typeof rejectedLine>;
export const importSummary = z.object({
  format: importFormat,
  timeZone: z.string(),
  /** How a LibreView file's dd/mm versus mm/dd was read; null for other formats. */
  dateOrder: z.enum(['dayFirst', 'monthFirst', 'yearFirst']).nullable(),
  /** True when nothing was written (the preview). */
  dryRun: z.boolean(),
  readings: counts,
  events: counts,
  /** Rows understood but with nothing the portal keeps (settings rows, notes, ketones…). */
  ignored: z.number().int().nonnegative(),
  rejectedTotal: z.number().int().nonnegative(),
  /** The first 200 rejected lines with their reason. */
  rejected: z.array(rejectedLine),
  first: epochMs.nullable(),
  last: epochMs.nullable(),
});
export type ImportSummary = z.infer<typeof importSummary>;

export const exportFormat = z.enum(['csv', 'json']);
export const exportRequest = z
  .object({ from: epochMs, to: epochMs, format: exportFormat })
  .strict()
  .refine((s) => s.from < s.to, { message: 'from < to', path: ['from'] });
export type ExportRequest = z.input<typeof exportRequest>;
export const exportResult = z.object({
  fileName: z.string(),
  contentType: z.string(),
  content: z.string(),
  readings: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
});
export type ExportResult = z.infer<typeof exportResult>;
