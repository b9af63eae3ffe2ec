import type { Context, Hono } from 'hono';
import { sign, verify } from 'hono/jwt';
import { randomId, type Deps } from '../http';
import { NIGHTSCOUT_COLLECTIONS, type NightscoutCollection, type NightscoutDocRow } from '../store/types';
import { createDoc, deleteDoc, present, updateDoc, V3_MESSAGES, type Doc, type DocChange, type Refusal, type Writer } from './documents';
import { crudOf, mayDo, permissionOf, type Operation } from './permissions';
import { NIGHTSCOUT_VERSION } from './status';
import { holderOfSecret, holderOfSecretId, type SecretHolder } from './secrets';

/**
 * Nightscout API v3 (what AAPS's "NSClient V3" speaks) and API v2's token exchange, over the
 * member's documents (documents.ts). AAPS is configured with the portal's address and one of
 * the member's upload secrets as its "access token": it trades the token for a JWT at
 * /api/v2/authorization/request/{token}, then calls /api/v3 with `Authorization: Bearer`.
 * A secret's scope grants per operation (permissions.ts): "crud" for an upload secret, "r" for a
 * read-only one, "c", "u" or "d" alone for Nightscout's per-operation roles.
 *
 * Answers follow Nightscout 15: `{status, result}` for reads, `{status, identifier,
 * lastModified}` for creates (200 + isDeduplication when the record was already held),
 * history sorted by srvModified with `ETag: W/"<newest srvModified>"`; validation, refusals
 * and their messages follow Nightscout's API v3 specification (conformance.test.ts).
 */
const API_VERSION = '3.0.3-alpha';
const JWT_HOURS = 8;
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
/** Search filters that name a document's own time go to the database; the rest filter in memory. */
const DATE_FIELDS = new Set(['date', 'created_at', 'mills', 'dateString', 'timestamp']);
const SCAN_BATCH = 2000;
/** AAPS asks for "foods" in lastModified and websockets, but its REST collection is "food". */
const COLLECTION_ALIASES: Record<string, NightscoutCollection> = { foods: 'food' };

const collectionOf = (name: string): NightscoutCollection | null =>
  (NIGHTSCOUT_COLLECTIONS as readonly string[]).includes(name) ? (name as NightscoutCollection) : (COLLECTION_ALIASES[name] ?? null);

const fail = (c: Context, status: 400 | 401 | 403 | 404 | 410 | 412 | 422, message?: string) => c.json({ status, ...(message ? { message } : {}) }, status);
const refuse = (c: Context, refusal: Refusal) => fail(c, refusal.status, 'reason' in refusal ? refusal.reason : undefined);
const BAD_OPERATION = 'Bad operation or collection';
const BAD_TOKEN = 'Missing or bad access token or JWT';

export interface Access {
  holder: SecretHolder;
  may: (operation: Operation) => boolean;
}

/** Permissions as Nightscout's status lists them, per collection. */
const permissionsOf = (access: Access) =>
  Object.fromEntries(['devicestatus', 'entries', 'food', 'profile', 'settings', 'treatments'].map((c) => [c, crudOf(access.holder.scope)]));

/** An HTTP date (whole seconds) as epoch ms, or undefined when absent or unreadable. */
const httpDate = (raw: string | undefined) => {
  const t = raw ? Date.parse(raw) : NaN;
  return Number.isFinite(t) ? t : undefined;
};

export function mountNightscoutV3(app: Hono, deps: Deps, feed?: { publish(memberId: number, change: DocChange): void }) {
  // One key per process unless configured: a restart makes AAPS fetch a new JWT, which it does by itself on 401.
  const jwtKey = deps.config.nightscoutJwtKey ?? randomId(32);

  const issue = async (holder: SecretHolder) => {
    const iat = Math.floor(deps.now() / 1000);
    const exp = iat + JWT_HOURS * 3600;
    const token = await sign({ sid: holder.secretId, sub: holder.label || 'uploader', iat, exp }, jwtKey, 'HS256');
    return { token, sub: holder.label || 'uploader', permissionGroups: [[permissionOf(holder.scope)]], iat, exp };
  };

  /** The caller: a Bearer JWT from /api/v2/authorization, or the access token itself as `?token=`. */
  const accessOf = async (c: Context): Promise<Access | null> => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    let holder: SecretHolder | null = null;
    if (bearer) {
      try {
        const payload = await verify(bearer, jwtKey, 'HS256');
        if (typeof payload.exp === 'number' && payload.exp * 1000 < deps.now()) return null;
        holder = typeof payload.sid === 'number' ? await holderOfSecretId(deps, payload.sid) : null;
      } catch {
        holder = null;
      }
    } else {
      holder = await holderOfSecret(deps, c.req.query('token')?.trim() || c.req.header('api-secret')?.trim());
    }
    return holder && { holder, may: (operation: Operation) => mayDo(holder!.scope, operation) };
  };

  const guarded =
    (needs: Operation | 'any', handler: (c: Context, access: Access, collection: NightscoutCollection) => Promise<Response>) =>
    async (c: Context) => {
      const collection = collectionOf(c.req.param('collection') ?? '');
      if (!collection) return fail(c, 404, BAD_OPERATION);
      const access = await accessOf(c);
      if (!access) return fail(c, 401, BAD_TOKEN);
      if (needs !== 'any' && !access.may(needs)) return fail(c, 403, V3_MESSAGES.permission(`api:${collection}:${needs}`));
      return handler(c, access, collection);
    };

  const writerOf = (access: Access): Writer => ({ member: access.holder.member, subject: access.holder.label || 'uploader', may: access.may });
  const tell = (row: NightscoutDocRow, kind: DocChange['kind']) => feed?.publish(row.memberId, { collection: row.collection, kind, row });

  app.get('/api/v2/authorization/request/:accessToken', async (c) => {
    const holder = await holderOfSecret(deps, c.req.param('accessToken'));
    return holder ? c.json(await issue(holder)) : c.json({ status: 401, message: 'Unauthorized' }, 401);
  });

  // Nightscout's own check of a token's read access to entries (its development builds answer it too).
  app.get('/api/v3/test', async (c) => {
    const access = await accessOf(c);
    if (!access) return fail(c, 401, BAD_TOKEN);
    if (!access.may('read')) return fail(c, 403, V3_MESSAGES.permission('api:entries:read'));
    return c.json({ status: 200 });
  });

  const storage = () => ({ storage: 'cgm-portal', version: NIGHTSCOUT_VERSION });
  app.get('/api/v3/version', (c) =>
    c.json({ status: 200, result: { version: NIGHTSCOUT_VERSION, apiVersion: API_VERSION, srvDate: deps.now(), storage: storage() } }),
  );
  app.get('/api/v3/status', async (c) => {
    const access = await accessOf(c);
    if (!access) return fail(c, 401, BAD_TOKEN);
    return c.json({
      status: 200,
      result: { version: NIGHTSCOUT_VERSION, apiVersion: API_VERSION, srvDate: deps.now(), storage: storage(), apiPermissions: permissionsOf(access) },
    });
  });
  app.get('/api/v3/lastModified', async (c) => {
    const access = await accessOf(c);
    if (!access) return fail(c, 401, BAD_TOKEN);
    const last = await deps.store.nightscoutLastModified(access.holder.member.id);
    // AAPS reads "foods"; Nightscout's own name is "food": both are given.
    const collections = { ...Object.fromEntries(NIGHTSCOUT_COLLECTIONS.map((k) => [k, last[k] ?? 0])), foods: last.food ?? 0 };
    return c.json({ status: 200, result: { srvDate: deps.now(), collections } });
  });

  // History: everything modified after a moment, deleted documents included, oldest change first.
  const history = guarded('read', async (c, access, collection) => {
    const fromPath = c.req.param('lastModified');
    const since = fromPath !== undefined ? Number(fromPath) : Date.parse(c.req.header('Last-Modified') ?? '');
    if (!Number.isFinite(since)) return fail(c, 400, 'Bad or missing Last-Modified header/parameter');
    const limit = limitOf(c.req.query('limit'));
    if (limit === null) return fail(c, 400, LIMIT_MESSAGE);
    const rows = await deps.store.listNightscoutDocs(access.holder.member.id, collection, { modifiedAfter: since, order: 'srvModified', desc: false, limit, offset: 0 });
    const newest = rows.reduce((m, r) => Math.max(m, r.srvModified), since);
    c.header('ETag', `W/"${newest}"`);
    if (rows.length) c.header('Last-Modified', new Date(newest).toUTCString());
    const fields = fieldsOf(c.req.query('fields'));
    return c.json({ status: 200, result: rows.map((r) => project(present(r), fields)) });
  });
  app.get('/api/v3/:collection/history', history);
  app.get('/api/v3/:collection/history/:lastModified', history);

  app.get(
    '/api/v3/:collection',
    guarded('read', async (c, access, collection) => {
      const search = searchOf(c.req.queries());
      if ('error' in search) return fail(c, 400, search.error);
      const found: Doc[] = [];
      let skipped = 0;
      for (let offset = 0; found.length < search.limit; offset += SCAN_BATCH) {
        const batch = await deps.store.listNightscoutDocs(access.holder.member.id, collection, {
          from: search.from,
          to: search.to,
          order: search.order,
          desc: search.desc,
          limit: search.filters.length ? SCAN_BATCH : search.limit + search.skip,
          offset: search.filters.length ? offset : 0,
        });
        for (const row of batch) {
          const doc = present(row);
          if (!matches(doc, search.filters)) continue;
          if (skipped < search.skip) skipped++;
          else if (found.length < search.limit) found.push(doc);
        }
        if (!search.filters.length || batch.length < SCAN_BATCH) break;
      }
      return c.json({ status: 200, result: found.map((d) => project(d, search.fields)) });
    }),
  );

  app.get(
    '/api/v3/:collection/:identifier',
    guarded('read', async (c, access, collection) => {
      const row = await deps.store.findNightscoutDoc(access.holder.member.id, collection, { identifier: c.req.param('identifier') ?? '' });
      if (!row) return fail(c, 404);
      if (!row.isValid) return fail(c, 410);
      const since = httpDate(c.req.header('If-Modified-Since'));
      c.header('Last-Modified', new Date(row.srvModified).toUTCString());
      // HTTP dates carry whole seconds: a document changed within the same second counts as unchanged.
      if (since !== undefined && Math.floor(row.srvModified / 1000) <= Math.floor(since / 1000)) return c.body(null, 304);
      return c.json({ status: 200, result: project(present(row), fieldsOf(c.req.query('fields'))) });
    }),
  );

  const location = (c: Context, collection: NightscoutCollection, identifier: string) => c.header('Location', `/api/v3/${collection}/${identifier}`);
  const lastModified = (c: Context, row: NightscoutDocRow) => c.header('Last-Modified', new Date(row.srvModified).toUTCString());

  app.post(
    '/api/v3/:collection',
    guarded('any', async (c, access, collection) => {
      const doc = await bodyOf(c);
      if (!doc || Object.keys(doc).length === 0) return fail(c, 400, V3_MESSAGES.body);
      const result = await deps.store.transaction((store) => createDoc(deps, store, writerOf(access), collection, doc, undefined, { mode: 'v3' }));
      if (!('row' in result)) return refuse(c, result);
      tell(result.row, result.status === 201 ? 'create' : 'update');
      location(c, collection, result.row.identifier);
      lastModified(c, result.row);
      const body = { status: result.status, identifier: result.row.identifier, lastModified: result.row.srvModified };
      return result.status === 201
        ? c.json(body, 201)
        : c.json({ ...body, isDeduplication: true, deduplicatedIdentifier: result.deduplicatedIdentifier }, 200);
    }),
  );

  const update = (merge: boolean) =>
    guarded(merge ? 'update' : 'any', async (c, access, collection) => {
      const doc = await bodyOf(c);
      if (!doc || Object.keys(doc).length === 0) return fail(c, 400, V3_MESSAGES.body);
      const identifier = c.req.param('identifier')!;
      const unmodifiedSince = httpDate(c.req.header('If-Unmodified-Since'));
      const result = await deps.store.transaction((store) =>
        updateDoc(deps, store, writerOf(access), collection, identifier, doc, merge, undefined, { mode: 'v3', unmodifiedSince }),
      );
      if (!('row' in result)) return refuse(c, result);
      tell(result.row, result.status === 201 ? 'create' : 'update');
      lastModified(c, result.row);
      if (result.status === 201) location(c, collection, result.row.identifier);
      return c.json({ status: result.status, identifier: result.row.identifier, lastModified: result.row.srvModified }, result.status);
    });
  app.patch('/api/v3/:collection/:identifier', update(true));
  app.put('/api/v3/:collection/:identifier', update(false));

  app.delete(
    '/api/v3/:collection/:identifier',
    guarded('delete', async (c, access, collection) => {
      const identifier = c.req.param('identifier')!;
      const permanent = c.req.query('permanent') === 'true';
      const result = await deps.store.transaction((store) => deleteDoc(deps, store, writerOf(access), collection, identifier, { mode: 'v3', permanent }));
      if (!('row' in result)) return refuse(c, result);
      tell(result.row, 'delete');
      return c.json({ status: 200 });
    }),
  );

  // Whatever else is asked under /api/v3 answers as Nightscout does: a JSON status, never a bare 404.
  app.all('/api/v3/*', (c) => fail(c, 404, BAD_OPERATION));
}

async function bodyOf(c: Context): Promise<Doc | null> {
  try {
    const body = (await c.req.json()) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Doc) : null;
  } catch {
    return null;
  }
}

const LIMIT_MESSAGE = 'Parameter limit out of tolerance';

function limitOf(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return DEFAULT_LIMIT;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= MAX_LIMIT ? n : null;
}

/** `fields=a,b` keeps those fields of each document; absent or `_all` keeps everything. */
function fieldsOf(raw: string | undefined): string[] | null {
  if (!raw || raw === '_all') return null;
  return raw.split(',').map((f) => f.trim()).filter(Boolean);
}

function project(doc: Doc, fields: string[] | null): Doc {
  if (!fields) return doc;
  return Object.fromEntries(fields.filter((f) => doc[f] !== undefined).map((f) => [f, doc[f]]));
}

type Operator = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'nin' | 're';
interface Filter {
  field: string;
  op: Operator;
  value: string;
}
interface Search {
  filters: Filter[];
  from?: number;
  to?: number;
  order: 'date' | 'srvModified';
  desc: boolean;
  limit: number;
  skip: number;
  fields: string[] | null;
}
const OPERATORS = new Set<Operator>(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin', 're']);
const RESERVED = new Set(['limit', 'skip', 'sort', 'sort$desc', 'fields', 'token', 'now']);
/** Server times a filter may give as epoch ms or ISO text (Nightscout reads both). */
const SERVER_TIMES = new Set(['srvModified', 'srvCreated']);

const asTime = (value: string) => (/^\d+$/.test(value) ? Number(value) : Date.parse(value));

/** `field$op=value` filters, `sort`/`sort$desc`, `limit`, `skip`, `fields` (Nightscout v3's search grammar). */
export function searchOf(query: Record<string, string[]>): Search | { error: string } {
  const first = (k: string) => query[k]?.[0];
  const limit = limitOf(first('limit'));
  if (limit === null) return { error: LIMIT_MESSAGE };
  const skip = Number(first('skip') ?? 0);
  if (!Number.isInteger(skip) || skip < 0) return { error: 'Parameter skip out of tolerance' };
  if (first('sort') !== undefined && first('sort$desc') !== undefined) return { error: 'Parameters sort and sort_desc cannot be combined' };
  const sortField = first('sort$desc') ?? first('sort') ?? 'date';
  const search: Search = {
    filters: [],
    order: sortField === 'srvModified' ? 'srvModified' : 'date',
    desc: first('sort$desc') !== undefined,
    limit,
    skip,
    fields: fieldsOf(first('fields')),
  };
  for (const [key, values] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    const match = /^(.*)\$([a-zA-Z]+)$/.exec(key);
    const [field, op] = match ? [match[1]!, match[2]!] : [key, 'eq'];
    if (!OPERATORS.has(op as Operator)) return { error: `Unsupported filter operator ${op}` };
    for (const value of values) {
      if (DATE_FIELDS.has(field) && ['gt', 'gte', 'lt', 'lte'].includes(op)) {
        const t = asTime(value);
        if (!Number.isFinite(t)) return { error: `Bad date in ${key}` };
        if (op === 'gt') search.from = Math.max(search.from ?? -Infinity, t + 1);
        if (op === 'gte') search.from = Math.max(search.from ?? -Infinity, t);
        if (op === 'lt') search.to = Math.min(search.to ?? Infinity, t);
        if (op === 'lte') search.to = Math.min(search.to ?? Infinity, t + 1);
      } else {
        // Patterns run on the server: only literal text with optional ^ and $ anchors, never backtracking.
        if (op === 're' && (value.length > 100 || !/^\^?[^\\^$.*+?()[\]{}|]*\$?$/.test(value))) return { error: 'Only literal $re patterns are supported' };
        const asNumber = SERVER_TIMES.has(field) ? asTime(value) : NaN;
        search.filters.push({ field, op: op as Operator, value: Number.isFinite(asNumber) ? String(asNumber) : value });
      }
    }
  }
  return search;
}
function matches(doc: Doc, filters: Filter[]): boolean {
  return filters.every(({ field, op, value }) => {
    const actual = doc[field];
    const asNumber = Number(value);
    const comparable = typeof actual === 'number' && Number.isFinite(asNumber) ? asNumber : value;
    const text = actual === undefined || actual === null ? '' : String(actual);
    switch (op) {
      case 'eq':
        return typeof actual === 'number' ? actual === comparable : text === value;
      case 'ne':
        return typeof actual === 'number' ? actual !== comparable : text !== value;
      case 'gt':
        return actual !== undefined && (actual as number | string) > comparable;
      case 'gte':
        return actual !== undefined && (actual as number | string) >= comparable;
      case 'lt':
        return actual !== undefined && (actual as number | string) < comparable;
      case 'lte':
        return actual !== undefined && (actual as number | string) <= comparable;
      case 'in':
        return value.split('|').includes(text);
      case 'nin':
        return !value.split('|').includes(text);
      case 're': {
        const literal = value.replace(/^\^/, '').replace(/\$$/, '');
        if (value.startsWith('^') && value.endsWith('$') && value.length > 1) return text === literal;
        if (value.startsWith('^')) return text.startsWith(literal);
        if (value.endsWith('$')) return text.endsWith(literal);
        return text.includes(literal);
      }
    }
  });
}
