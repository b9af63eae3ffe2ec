import { z } from 'zod';
import {
  API_BASE_PATH,
  contract,
  envelopeBase,
  ResponseCode,
  type CallDefinition,
  type CallName,
  type Contract,
  type RequestOf,
  type ResultOf,
} from './contract';
import type { LoginResult } from './contract';
import { encryptCredential } from './credentials';
import { ApiError, InvalidResponseError, LoginExpiredError, NetworkError } from './errors';
import {
  browserTimeZone,
  HEADER_LAN_CODE,
  HEADER_TIME_ZONE,
  HEADER_TOKEN,
  QUERY_INTERNAL_TOKEN,
  toLanCode,
} from './headers';

/** SPEC §7 and §9: every request gives up after 600000 ms. */
export const REQUEST_TIMEOUT_MS = 600_000;

export interface ApiClientOptions {
  /** Origin (and prefix) of the server; '' (default) calls the same origin's /api. */
  baseUrl?: string;
  /** Prefixed to relative avatar and file URLs; defaults to baseUrl. */
  fileServerUrl?: string;
  getToken?: () => string | null | undefined;
  /** The internalXToken of a report page's query; sent only on report calls. */
  getInternalXToken?: () => string | null | undefined;
  /** UI language code ('en', 'zh', ...); default 'en'. */
  getLanguage?: () => string;
  /** IANA time zone; default the browser's. */
  getTimeZone?: () => string;
  /** Body code 300: the one "login expired" event the UI listens to. */
  onLoginExpired?: () => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface CallInit {
  signal?: AbortSignal;
}

/** The login call resolves to the whole envelope: a 501 answer is returned to the caller. */
export interface LoginResponse {
  code: number;
  message: string;
  item?: LoginResult;
}

/** The payload may be left out when every field of it is optional (`api.getUserInfo()`). */
type Method<N extends CallName> = N extends 'login'
  ? (payload: RequestOf<N>, init?: CallInit) => Promise<LoginResponse>
  : Contract[N]['encoding'] extends 'file'
    ? (payload: RequestOf<N> & { file: Blob }, init?: CallInit) => Promise<ResultOf<N>>
    : RequestOf<N> extends Record<string, never>
    ? (payload?: RequestOf<N>, init?: CallInit) => Promise<ResultOf<N>>
    : Partial<RequestOf<N>> extends RequestOf<N>
      ? (payload?: RequestOf<N>, init?: CallInit) => Promise<ResultOf<N>>
      : (payload: RequestOf<N>, init?: CallInit) => Promise<ResultOf<N>>;

export type ApiMethods = { [N in CallName]: Method<N> };

export interface ApiClient extends ApiMethods {
  /** Calls any contract entry by name (what the typed methods use). */
  call<N extends CallName>(name: N, payload?: RequestOf<N>, init?: CallInit): Promise<unknown>;
  /** Encrypts a password with the server's public key (fetched once, then cached). */
  encryptPassword(plain: string): Promise<string>;
  /** Subscribes to "login expired" (code 300); returns the unsubscribe function. */
  onLoginExpired(listener: () => void): () => void;
  /** Makes a relative file URL absolute with the file-server address. */
  fileUrl(url: string): string;
}

const SUCCESS_CODES: ReadonlySet<number> = new Set([ResponseCode.ok, ResponseCode.okWithNotice]);
/** Answers kept with their ETag for revalidation (a 90-day packed answer is about 70 KB). */
const KEPT_ANSWERS = 16;
const FILE_URL_KEYS = new Set(['avatar', 'fileUrl']);

function joinUrl(base: string, path: string): string {
  if (!path || /^(https?:|data:|blob:|\/\/)/i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Rewrites relative `avatar`/`fileUrl` strings anywhere in an (already copied) answer, in place. */
function prefixFileUrls(value: unknown, prefix: (url: string) => string): void {
  if (Array.isArray(value)) {
    for (const v of value) if (v !== null && typeof v === 'object') prefixFileUrls(v, prefix);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const v = record[key];
    if (FILE_URL_KEYS.has(key) && typeof v === 'string') record[key] = prefix(v);
    else if (v !== null && typeof v === 'object') prefixFileUrls(v, prefix);
  }
}

function responseSchema(definition: CallDefinition, lenient: boolean): z.ZodType {
  if (definition.shape === 'rows') {
    return envelopeBase.extend({ rows: z.array(definition.response), total: z.number().int().nonnegative() });
  }
  if (definition.shape === 'item') {
    // A 501 answer is a success that may carry no item.
    return envelopeBase.extend({ item: lenient ? definition.response.optional() : definition.response });
  }
  return envelopeBase;
}

function hasBlob(payload: object): boolean {
  return Object.values(payload).some((v) => typeof Blob !== 'undefined' && v instanceof Blob);
}

function toFormData(payload: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : key);
    else form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}

/** How many times a keyed call (below) is sent again when no answer came back. */
export const KEYED_RETRIES = 2;

/**
 * A fresh idempotency key: 128 random bits as hex. getRandomValues, unlike randomUUID, also
 * works on a page served over plain http (a portal on a home network).
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Calls whose request takes an idempotency key (addEvent): the server acts once per key. */
function takesIdempotencyKey(definition: CallDefinition): boolean {
  const shape = (definition.request as { shape?: Record<string, unknown> }).shape;
  return shape !== undefined && 'idempotencyKey' in shape;
}

/**
 * The fetch client of the /api contract: headers, time-out, body codes, response validation.
 * Every contract entry is a typed method: `api.login({...})`, `api.loadReadings({ from, to })`.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const fileServerUrl = options.fileServerUrl ?? baseUrl;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const listeners = new Set<() => void>();
  if (options.onLoginExpired) listeners.add(options.onLoginExpired);
  let publicKey: Promise<string> | undefined;
  // Answers that came with an ETag, by request. Browsers do not revalidate POSTs themselves, so
  // the client asks with If-None-Match and a 304 reuses the kept answer: a period that did not
  // change since (closed days, a minute without a new reading) travels as a few hundred bytes.
  const kept = new Map<string, { etag: string; json: unknown }>();
  let keptFor: string | undefined;

  const fileUrl = (url: string) => joinUrl(fileServerUrl, url);

  /**
   * One logical call. A call that takes an idempotency key gets a fresh one unless the caller
   * brings theirs (a form re-submitted after an error keeps its own), and when no answer came
   * back (the request may or may not have been acted on) it is sent again with the same key: the
   * server stores one event however many of the copies reached it.
   */
  async function call(name: CallName, payload: unknown = {}, init: CallInit = {}): Promise<unknown> {
    if (!takesIdempotencyKey(contract[name] as CallDefinition)) return send(name, payload, init);
    const given = (payload ?? {}) as Record<string, unknown>;
    const keyed = { ...given, idempotencyKey: given.idempotencyKey ?? newIdempotencyKey() };
    for (let attempt = 0; ; attempt++) {
      try {
        return await send(name, keyed, init);
      } catch (error) {
        if (!(error instanceof NetworkError) || attempt >= KEYED_RETRIES || init.signal?.aborted) throw error;
      }
    }
  }

  async function send(name: CallName, payload: unknown, init: CallInit): Promise<unknown> {
    const definition = contract[name] as CallDefinition;
    const headers: Record<string, string> = {
      [HEADER_TIME_ZONE]: options.getTimeZone?.() ?? browserTimeZone(),
      [HEADER_LAN_CODE]: toLanCode(options.getLanguage?.() ?? 'en'),
    };
    const token = options.getToken?.();
    if (token) headers[HEADER_TOKEN] = token;

    let url = `${baseUrl.replace(/\/+$/, '')}${API_BASE_PATH}${definition.path}`;
    if (definition.access === 'report') {
      const internal = options.getInternalXToken?.();
      if (internal) url += `?${QUERY_INTERNAL_TOKEN}=${encodeURIComponent(internal)}`;
    }

    let body: FormData | string | Blob;
    const object = (payload ?? {}) as Record<string, unknown>;
    if (definition.encoding === 'file') {
      // The file is the body, sent as it is read (never held as text or JSON); the fields ride along in the query.
      const { file, ...fields } = object;
      if (!(file instanceof Blob)) throw new TypeError(`${name} needs a file`);
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) query.set(key, String(value));
      url += `${url.includes('?') ? '&' : '?'}${query.toString()}`;
      headers['Content-Type'] = 'application/octet-stream';
      body = file;
    } else if (definition.encoding === 'form' || hasBlob(object)) {
      body = toFormData(object); // fetch sets the multipart boundary itself
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(object);
    }

    // Another session (sign-out, another account) keeps nothing of the last one's answers.
    if ((token ?? '') !== keptFor) {
      kept.clear();
      keptFor = token ?? '';
    }
    // Everything that selects the answer: the call, who asks (token) and what.
    const keptKey = typeof body === 'string' ? `${url}|${token ?? ''}|${headers[HEADER_LAN_CODE]}|${body}` : null;
    const held = keptKey ? kept.get(keptKey) : undefined;
    if (held) headers['If-None-Match'] = held.etag;

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('timeout')), timeoutMs);
    const onAbort = () => controller.abort(init.signal?.reason);
    init.signal?.addEventListener('abort', onAbort, { once: true });
    let json: unknown;
    try {
      const response = await (options.fetch ?? fetch)(url, {
        method: 'POST',
        headers,
        body,
        signal: controller.signal,
      });
      if (response.status === 304 && held) {
        json = held.json;
        // Most recently used last, so the oldest is forgotten first.
        kept.delete(keptKey!);
        kept.set(keptKey!, held);
      } else {
        try {
          json = await response.json();
        } catch {
          throw new ApiError(response.status, response.statusText || `HTTP ${response.status}`);
        }
        const etag = response.headers.get('ETag');
        if (keptKey) kept.delete(keptKey);
        if (keptKey && etag) {
          kept.set(keptKey, { etag, json });
          if (kept.size > KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
        }
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (controller.signal.aborted && !init.signal?.aborted) {
        throw new NetworkError(`Request timed out after ${timeoutMs} ms`);
      }
      throw new NetworkError(error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onAbort);
    }

    const base = envelopeBase.safeParse(json);
    if (!base.success) throw new InvalidResponseError(`Malformed answer from ${definition.path}`);
    const { code, message } = base.data;
    if (code === ResponseCode.loginExpired) {
      for (const listener of listeners) listener();
      throw new LoginExpiredError(message);
    }
    if (!SUCCESS_CODES.has(code)) throw new ApiError(code, message);

    const parsed = responseSchema(definition, code === ResponseCode.okWithNotice).safeParse(json);
    if (!parsed.success) {
      throw new InvalidResponseError(`Unexpected answer from ${definition.path}: ${z.prettifyError(parsed.error)}`);
    }
    // zod's output is a fresh copy, so rewriting it in place touches nothing of the caller's.
    prefixFileUrls(parsed.data, fileUrl);
    const envelope = parsed.data as {
      code: number;
      message: string;
      item?: unknown;
      rows?: unknown[];
      total?: number;
    };
    if (name === 'login') return envelope;
    if (definition.shape === 'rows') return { rows: envelope.rows, total: envelope.total };
    if (definition.shape === 'item') return envelope.item;
    return undefined;
  }

  const client = {
    call,
    fileUrl,
    async encryptPassword(plain: string) {
      publicKey ??= (call('getPublicKey') as Promise<{ publicKey: string }>).then((r) => r.publicKey);
      try {
        return await encryptCredential(await publicKey, plain);
      } catch (error) {
        publicKey = undefined; // a key rotation or a failed fetch: ask again next time
        throw error;
      }
    },
    onLoginExpired(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  } as Record<string, unknown>;
  for (const name of Object.keys(contract) as CallName[]) {
    client[name] = (payload?: unknown, init?: CallInit) => call(name, payload, init);
  }
  return client as unknown as ApiClient;
}
