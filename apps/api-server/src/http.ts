import { clientAddress } from './client-address';
import { hasUnsafeText, isKnownTimeZone, unsafeTextPath } from './text-safety';
import { findInLongStrings, LARGE_BODY_CHARS, parseLargeJson, readBodyText } from './large-body';
import { templateLanguage } from './delivery/templates';
import type { NightscoutFeed } from './nightscout/feed';
import type { LiveFanOut } from './alerts/live-fan-out';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import {
  API_BASE_PATH,
  contract,
  envelopeBase,
  ResponseCode,
  type CallDefinition,
  type CallName,
  type ParsedRequestOf,
} from '@cgm-portal/api-client/contract';
import { translate, type MessageKey } from './i18n/messages';
import type { CodeOutbox, Platform } from './platform/types';
import type { MemberRow, Store } from './store/types';

import { Problem } from './problem';
import type { PushSettings } from './push/push-service';

export { Problem };
/** The texts of the RawJson values met by the stringifyAnswer under way; null outside one. */
let splicing: string[] | null = null;

/**
 * A random tag, so no string a user wrote can pose as a placeholder: it is never sent or shown
 * (every placeholder is replaced), so nobody outside the process can learn it. Once per process,
 * not per answer: making one cost 2 % of a cached 90-day answer.
 */
let rawTag: string | undefined;
let rawPlaceholders: RegExp | undefined;

/** JSON text the database already made (or a cache kept); spliced into the answer as it is. */
export class RawJson {
  constructor(readonly json: string) {}
  /** In stringifyAnswer a placeholder for the text; in any other JSON.stringify the value itself. */
  toJSON(): unknown {
    if (!splicing) return JSON.parse(this.json);
    splicing.push(this.json);
    return `${rawTag}:${splicing.length - 1}`;
  }
}

/**
 * JSON.stringify that splices RawJson values in without parsing them. Through toJSON, not a
 * replacer function: V8 calls a replacer for every value of the answer, which cost a whole
 * millisecond on a 90-day report's AGP and summary.
 */
export function stringifyAnswer(answer: unknown): string {
  rawTag ??= `raw${randomId(12)}`;
  rawPlaceholders ??= new RegExp(`"${rawTag}:(\\d+)"`, 'g');
  const raws: string[] = [];
  splicing = raws;
  let text: string;
  try {
    text = JSON.stringify(answer);
  } finally {
    splicing = null;
  }
  if (raws.length === 0) return text;
  return text.replace(rawPlaceholders, (_, i: string) => raws[Number(i)]!);
}

/** The answer with RawJson parsed back, for checking it against the contract. */
function materialize(value: unknown): unknown {
  if (value instanceof RawJson) return JSON.parse(value.json);
  if (Array.isArray(value)) return value.map(materialize);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, materialize(v)]));
  }
  return value;
}

export const noPermission = () => new Problem(ResponseCode.noPermission, 'noPermission');
export const notFound = () => new Problem(ResponseCode.notFound, 'notFound');

export interface AppConfig {
  tokenTtlMs: number;
  /** /api/test/* for browser tests; never on in production. */
  enableTestHooks: boolean;
  /** Check every answer against the contract (tests); costs time on large answers. */
  validateResponses: boolean;
  /** Origins allowed to call across origins (apps built with another API base URL). */
  corsOrigins?: string[];
  /** Signs the JWTs Nightscout API v3 clients get; random per process when not set (CGM_NIGHTSCOUT_JWT_KEY). */
  nightscoutJwtKey?: string;
  /** Proxies in front whose X-Forwarded-For/-Proto are believed (CGM_TRUST_PROXY_HOPS); 0: none. */
  trustProxyHops?: number;
  /** How codes and notices reach people here (delivery/couriers.ts); the demo outbox when unset. */
  deliveryChannels?: { email: 'smtp' | 'outbox'; sms: 'sms' | 'outbox' };
}

export interface Deps {
  store: Store;
  platform: Platform;
  config: AppConfig;
  outbox?: CodeOutbox;
  now: () => number;
  /** Web Push (push/); absent where the server cannot send, and the push calls then answer "not found". */
  push?: PushSettings;
  /** Told of every Nightscout document change (the websocket feed and the alert engine on Node). */
  nightscoutFeed?: NightscoutFeed;
  /** The live streams' fan-out (GET /api/live); absent in the browser, where pages poll. */
  liveFanOut?: LiveFanOut;
}

export interface Viewer {
  member: MemberRow;
  tokenHash: string;
}

export interface CallContext<N extends CallName> {
  deps: Deps;
  input: ParsedRequestOf<N>;
  /** The signed-in member; null only on public calls. */
  viewer: N extends PublicCall ? Viewer | null : Viewer;
  lanCode: string;
  /** Where the request came from (client-address.ts), for per-client limits. */
  clientAddress: string;
  /** The browser's time zone from the timeZone header (the member's own is in their profile). */
  timeZone: string;
  /** The request body of an upload call (encoding `file`), unread; null for every other call. */
  upload: ReadableStream<Uint8Array> | null;
  /** The If-None-Match header: the ETag of an answer the caller holds (calls that give ETags). */
  ifNoneMatch: string | undefined;
  t: (key: MessageKey, params?: Record<string, string>) => string;
}

type PublicCall = { [N in CallName]: (typeof contract)[N]['access'] extends 'public' ? N : never }[CallName];

export interface CallResult {
  item?: unknown;
  rows?: unknown[];
  total?: number;
  /** Success message; default "Success". */
  message?: MessageKey;
  /** 200 unless the call answers 501 (a success the caller must look at). */
  code?: number;
  /** An ETag made from the data of the answer (never from the time alone); sent as a header. */
  etag?: string;
  /** The caller's copy (If-None-Match) is the answer: HTTP 304 with no body. */
  notModified?: boolean;
}

export type CallHandler<N extends CallName> = (ctx: CallContext<N>) => Promise<CallResult>;
export type Handlers = { [N in CallName]: CallHandler<N> };

const encoder = new TextEncoder();

/** SHA-256 hex; tokens and codes are stored only as hashes, so a database leak opens nothing. */
export async function sha256(text: string): Promise<string> {
  return digestHex(undefined, 'sha256', text);
}

/** SHA-1 or SHA-256 hex: the platform's synchronous hash where it has one (Node), else webcrypto's. */
export async function digestHex(platform: Pick<Platform, 'digestHex'> | undefined, algorithm: 'sha1' | 'sha256', text: string): Promise<string> {
  if (platform?.digestHex) return platform.digestHex(algorithm, text);
  const digest = new Uint8Array(await crypto.subtle.digest(algorithm === 'sha1' ? 'SHA-1' : 'SHA-256', encoder.encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `bytes` random bytes as base64url (a 16-byte id is 128 bits). */
export function randomId(bytes: number): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The payload, and whether it was large (read in slices, large-body.ts). */
async function readPayload(c: Context, definition: CallDefinition): Promise<{ payload: unknown; large: boolean }> {
  // An upload call's fields are its query; its body is the file, which the handler reads itself.
  if (definition.encoding === 'file') return { payload: c.req.query(), large: false };
  const type = c.req.header('content-type') ?? '';
  if (definition.encoding === 'form' || type.startsWith('multipart/form-data')) {
    if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded')) {
      throw new Problem(ResponseCode.invalidPayload, 'malformedBody');
    }
    // A truncated or malformed multipart body is the client's fault: a translated 400, not a 500.
    try {
      return { payload: await c.req.parseBody(), large: false };
    } catch {
      throw new Problem(ResponseCode.invalidPayload, 'malformedBody');
    }
  }
  // Decoded as it arrives: a 47 MB import body is never decoded in one go. A body its
  // Content-Length says is small is read whole: on Node that skips building a web stream.
  const declared = Number(c.req.header('content-length'));
  const text = declared <= LARGE_BODY_CHARS ? await c.req.raw.text() : await readBodyText(c.req.raw.body);
  if (/^\s*$/.test(text)) return { payload: {}, large: false };
  const large = text.length > LARGE_BODY_CHARS;
  try {
    return { payload: large ? await parseLargeJson(text) : JSON.parse(text), large };
  } catch {
    throw new Problem(ResponseCode.invalidPayload, 'malformedBody');
  }
}

async function resolveViewer(deps: Deps, c: Context, definition: CallDefinition): Promise<Viewer | null> {
  let token = c.req.header('xToken');
  // The report pages get their token in the URL (internalXToken); it opens report calls only.
  if (!token && definition.access === 'report') token = c.req.query('internalXToken');
  return token ? viewerOfToken(deps, token) : null;
}

/** The member a token signs in, or null when it is unknown, revoked or expired. */
export async function viewerOfToken(deps: Deps, token: string): Promise<Viewer | null> {
  const tokenHash = await digestHex(deps.platform, 'sha256', token);
  const row = await deps.store.findToken(tokenHash);
  if (!row || row.revokedAt !== null || row.expiresAt <= deps.now()) return null;
  const member = await deps.store.getMember(row.memberId);
  return member ? { member, tokenHash } : null;
}

function fieldOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'body';
  // An unexpected field is named by the field itself, not by the object that holds it.
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
  return path.length > 0 ? path.join('.') : 'body';
}

function responseCheck(definition: CallDefinition, result: CallResult): string | null {
  const schema =
    definition.shape === 'rows'
      ? envelopeBase.extend({ rows: definition.response.array(), total: envelopeBase.shape.code })
      : definition.shape === 'item'
        ? envelopeBase.extend({ item: definition.response })
        : envelopeBase;
  const parsed = schema.safeParse(materialize({ ...result, code: 200, message: '' }));
  return parsed.success ? null : parsed.error.message;
}

/** Mounts every contract call on the Hono app: parse, authenticate, validate, handle, answer. */
export function mountCalls(app: Hono, deps: Deps, handlers: Handlers): void {
  for (const name of Object.keys(contract) as CallName[]) {
    const definition = contract[name] as CallDefinition;
    const handler = handlers[name] as CallHandler<CallName>;
    app.post(`${API_BASE_PATH}${definition.path}`, async (c) => {
      const lanCode = c.req.header('lanCode') ?? 'en_US';
      const t = (key: MessageKey, params?: Record<string, string>) => translate(lanCode, key, params);
      try {
        const viewer = await resolveViewer(deps, c, definition);
        if (!viewer && definition.access !== 'public') {
          return c.json({ code: ResponseCode.loginExpired, message: t('loginExpired') });
        }
        const timeZone = c.req.header('timeZone') ?? 'UTC';
        if (!isKnownTimeZone(timeZone)) {
          return c.json({ code: ResponseCode.invalidPayload, message: t('invalidPayload', { field: 'timeZone' }) });
        }
        const { payload, large } = await readPayload(c, definition);
        const unsafe = large ? await findInLongStrings(payload, hasUnsafeText) : unsafeTextPath(payload);
        if (unsafe) return c.json({ code: ResponseCode.invalidPayload, message: t('invalidPayload', { field: unsafe }) });
        const parsed = definition.request.safeParse(payload);
        if (!parsed.success) {
          return c.json({
            code: ResponseCode.invalidPayload,
            message: t('invalidPayload', { field: fieldOf(parsed.error) }),
          });
        }
        const result = await handler({
          deps,
          input: parsed.data as never,
          viewer: viewer as Viewer,
          lanCode,
          clientAddress: clientAddress(c, deps.config.trustProxyHops),
          timeZone,
          ifNoneMatch: c.req.header('If-None-Match'),
          upload: definition.encoding === 'file' ? c.req.raw.body : null,
          t,
        });
        // Private: an answer holds one member's glucose, never for a shared cache to keep.
        const caching: Record<string, string> = result.etag ? { ETag: result.etag, 'Cache-Control': 'private, no-cache' } : {};
        if (result.notModified && result.etag) return c.body(null, 304, caching);
        if (deps.config.validateResponses && (result.code ?? 200) === 200) {
          const problem = responseCheck(definition, result);
          if (problem) throw new Error(`${name} answered outside the contract: ${problem}`);
        }
        // Messages that reach the member outside the portal use the language they last used it
        // in; remembered only from a call that succeeded (a refused one changes nothing).
        const language = templateLanguage(lanCode);
        if (viewer && viewer.member.lang !== language && (result.code ?? 200) === 200) {
          await deps.store.updateMember(viewer.member.id, { lang: language }).catch(() => undefined);
        }
        const { message, code, etag: _etag, notModified: _notModified, ...rest } = result;
        const answer = { code: code ?? ResponseCode.ok, message: t(message ?? 'ok'), ...rest };
        return c.body(stringifyAnswer(answer), 200, { 'Content-Type': 'application/json; charset=UTF-8', ...caching });
      } catch (error) {
        if (error instanceof Problem) return c.json({ code: error.code, message: t(error.key, error.params) });
        console.error(`[api] ${definition.path} failed:`, error);
        return c.json({ code: ResponseCode.serverError, message: t('serverError') });
      }
    });
  }
}
