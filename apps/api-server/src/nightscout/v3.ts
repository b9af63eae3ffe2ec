import type { Context, Hono } from 'hono';
import { sign, verify } from 'hono/jwt';
import { randomId, type Deps } from '../http';
import { NIGHTSCOUT_COLLECTIONS, type NightscoutCollection, type NightscoutDocRow } from '../store/types';
import { createDoc, deleteDoc, present, updateDoc, type Doc, type DocChange, type Writer } from './documents';
import { NIGHTSCOUT_VERSION } from './status';
import { holderOfSecret, holderOfSecretId, type SecretHolder } from './secrets';

/**
 * Nightscout API v3 (what AAPS's "NSClient V3" speaks) and API v2's token exchange, over the
 * member's documents (documents.ts). AAPS is configured with the portal's address and one of
 * the member's upload secrets as its "access token": it trades the token for a JWT at
 * /api/v2/authorization/request/{token}, then calls /api/v3 with `Authorization: Bearer`.
 * An upload secret gives "crud" on every collection; a read-only secret gives "r".
 *
 * Answers follow Nightscout 15: `{status, result}` for reads, `{status, identifier,
 * lastModified}` for creates (200 + isDeduplication when the record was already held),
 * history sorted by srvModified with `ETag: W/"<newest srvModified>"`.
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

const fail = (c: Context, status: 400 | 401 | 403 | 404 | 410 | 422, message: string) => c.json({ status, message }, status);

export interface Access {
  holder: SecretHolder;
  canWrite: boolean;
}

/** Permissions as Nightscout's status lists them, per collection. */
const permissionsOf = (canWrite: boolean) =>
  Object.fromEntries(['devicestatus', 'entries', 'food', 'profile', 'settings', 'treatments'].map((c) => [c, canWrite ? 'crud' : 'r']));

export function mountNightscoutV3(app: Hono, deps: Deps, feed?: { publish(memberId: number, change: DocChange): void }) {
  // One key per process unless configured: a restart makes AAPS fetch a new JWT, which it does by itself on 401.
  const jwtKey = deps.config.nightscoutJwtKey ?? randomId(32);

  const issue = async (holder: SecretHolder) => {
    const iat = Math.floor(deps.now() / 1000);
    const exp = iat + JWT_HOURS * 3600;
    const token = await sign({ sid: holder.secretId, sub: holder.label || 'uploader', iat, exp }, jwtKey, 'HS256');
    return { token, sub: holder.label || 'uploader', permissionGroups: [holder.scope === 'upload' ? ['api:*:*'] : ['api:*:read']], iat, exp };
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
    return holder && { holder, canWrite: holder.scope === 'upload' };
  };

  const guarded =
    (needs: 'read' | 'write', handler: (c: Context, access: Access, collection: NightscoutCollection) => Promise<Response>) =>
    async (c: Context) => {
      const collection = collectionOf(c.req.param('collection') ?? '');
      if (!collection) return fail(c, 404, 'Collection not found');
      const access = await accessOf(c);
      if (!access) return fail(c, 401, 'Missing or bad access token or JWT');
      if (needs === 'write' && !access.canWrite) return fail(c, 403, 'Missing permission api:' + collection + ':create');
      return handler(c, access, collection);
    };

  const writerOf = (access: Access): Writer => ({ member: access.holder.member, subject: access.holder.label });
  const tell = (row: NightscoutDocRow, kind: DocChange['kind']) => feed?.publish(row.memberId, { collection: row.collection, kind, row });

  app.get('/api/v2/authorization/request/:accessToken', async (c) => {
    const holder = await holderOfSecret(deps, c.req.param('accessToken'));
    return holder ? c.json(await issue(holder)) : c.json({ status: 401, message: 'Unauthorized' }, 401);
  });

  const storage = () => ({ storage: 'cgm-portal', version: NIGHTSCOUT_VERSION });
  app.get('/api/v3/version', (c) =>
    c.json({ status: 200, result: { version: NIGHTSCOUT_VERSION, apiVersion: API_VERSION, srvDate: deps.now(), storage: storage() } }),
  );
  app.get('/api/v3/status', async (c) => {
    const access = await accessOf(c);
    if (!access) return fail(c, 401, 'Missing or bad access token or JWT');
    return c.json({
      status: 200,
      result: { version: NIGHTSCOUT_VERSION, apiVersion: API_VERSION, srvDate: deps.now(), storage: storage(), apiPermissions: permissionsOf(access.canWrite) },
    });
  });
  app.get('/api/v3/lastModified', async (c) => {
    const access = await accessOf(c);
    if (!access) return fail(c, 401, 'Missing or bad access token or JWT');
    const last = await deps.store.nightscoutLastModified(access.holder.member.id);
    // AAPS reads "foods"; Nightscout's own name is "food": both are given.
    const collections = { ...Object.fromEntries(NIGHTSCOUT_COLLECTIONS.map((k) => [k, last[k] ?? 0])), foods: last.food ?? 0 };
    return c.json({ status: 200, result: { srvDate: deps.now(), collections } });
  });

  // History: everything modified after a moment, deleted documents included, oldest change first.
  const history = guarded('read', async (c, access, collection) => {
    const fromPath = c.req.param('lastModified');
    const since = fromPath !== undefined ? Number(fromPath) : Date.parse(c.req.header('Last-Modified') ?? '');
    if (!Number.isFinite(since)) return fail(c, 400, 'Bad or missing lastModified');
    const limit = limitOf(c.req.query('limit'));
    if (limit === null) return fail(c, 400, 'Parameter limit out of bounds');
    const rows = await deps.store.listNightscoutDocs(access.holder.member.id, collection, { modifiedAfter: since, order: 'srvModified', desc: false, limit, offset: 0 });
    const newest = rows.reduce((m, r) => Math.max(m, r.srvModified), since);
    c.header('ETag', `W/"${newest}"`);
    if (rows.length) c.header('Last-Modified', new Date(newest).toUTCString());
    return c.json({ status: 200, result: rows.map((r) => present(r, true)) });
  });
  app.get('/api/v3/:collection/history', history);
  app.get('/api/v3/:collection/history/:lastModified', history);

  app.get(
    '/api/v3/:collection',
    guarded('read', async (c, access, collection) => {
      const search = searchOf(c.req.queries());
      if ('error' in search) return fail(c, 400, search.error);
      const found: NightscoutDocRow[] = [];
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
          if (!matches(JSON.parse(row.doc) as Doc, search.filters)) continue;
          if (skipped < search.skip) skipped++;
          else if (found.length < search.limit) found.push(row);
        }
        if (!search.filters.length || batch.length < SCAN_BATCH) break;
      }
      return c.json({ status: 200, result: found.map((r) => present(r)) });
    }),
  );

  app.get(
    '/api/v3/:collection/:identifier',
    guarded('read', async (c, access, collection) => {
      const row = await deps.store.findNightscoutDoc(access.holder.member.id, collection, { identifier: c.req.param('identifier') ?? '' });
      if (!row) return fail(c, 404, 'Document not found');
      if (!row.isValid) return fail(c, 410, 'Document was deleted');
      return c.json({ status: 200, result: present(row) });
    }),
  );

  app.post(
    '/api/v3/:collection',
    guarded('write', async (c, access, collection) => {
      const doc = await bodyOf(c);
      if (!doc) return fail(c, 400, 'Bad or missing request body');
      const result = await deps.store.transaction((store) => createDoc(deps, store, writerOf(access), collection, doc));
      if (result.status === 400) return fail(c, 400, result.reason);
      tell(result.row, result.status === 201 ? 'create' : 'update');
      const body = { status: result.status, identifier: result.row.identifier, lastModified: result.row.srvModified };
      return result.status === 201
        ? c.json(body, 201)
        : c.json({ ...body, isDeduplication: true, deduplicatedIdentifier: result.deduplicatedIdentifier }, 200);
    }),
  );

  const update = (merge: boolean) =>
    guarded('write', async (c, access, collection) => {
      const doc = await bodyOf(c);
      if (!doc) return fail(c, 400, 'Bad or missing request body');
      const identifier = c.req.param('identifier')!;
      const result = await deps.store.transaction((store) => updateDoc(deps, store, writerOf(access), collection, identifier, doc, merge));
      if (result.status === 400) return fail(c, 400, result.reason);
      if (!('row' in result)) return fail(c, result.status, result.status === 404 ? 'Document not found' : 'Document was deleted');
      tell(result.row, result.status === 201 ? 'create' : 'update');
      return c.json({ status: result.status, identifier: result.row.identifier, lastModified: result.row.srvModified }, result.status);
    });
  app.patch('/api/v3/:collection/:identifier', update(true));
  app.put('/api/v3/:collection/:identifier', update(false));

  app.delete(
    '/api/v3/:collection/:identifier',
    guarded('write', async (c, access, collection) => {
      const identifier = c.req.param('identifier')!;
      const row = await deps.store.transaction((store) => deleteDoc(deps, store, writerOf(access), collection, identifier));
      if (!row) return fail(c, 404, 'Document not found');
      tell(row, 'delete');
      return c.json({ status: 200 });
    }),
  );
}

async function bodyOf(c: Context): Promise<Doc | null> {
  try {
    const body = (await c.req.json()) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Doc) : null;
  } catch {
    return null;
  }
}

function limitOf(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return DEFAULT_LIMIT;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= MAX_LIMIT ? n : null;
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
}
const OPERATORS = new Set<Operator>(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin', 're']);
const RESERVED = new Set(['limit', 'skip', 'sort', 'sort$desc', 'fields', 'token', 'now']);

/** `field$op=value` filters, `sort`/`sort$desc`, `limit`, `skip` (Nightscout v3's search grammar). */
export function searchOf(query: Record<string, string[]>): Search | { error: string } {
  const first = (k: string) => query[k]?.[0];
  const limit = limitOf(first('limit'));
  if (limit === null) return { error: 'Parameter limit out of bounds' };
  const skip = Number(first('skip') ?? 0);
  if (!Number.isInteger(skip) || skip < 0) return { error: 'Parameter skip out of bounds' };
  const sortField = first('sort$desc') ?? first('sort') ?? 'date';
  const search: Search = { filters: [], order: sortField === 'srvModified' ? 'srvModified' : 'date', desc: first('sort$desc') !== undefined, limit, skip };
  for (const [key, values] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    const [field, op = 'eq'] = key.split('$') as [string, string | undefined];
    if (!OPERATORS.has(op as Operator)) return { error: `Unsupported filter operator ${op}` };
    for (const value of values) {
      if (DATE_FIELDS.has(field) && ['gt', 'gte', 'lt', 'lte'].includes(op)) {
        const t = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
        if (!Number.isFinite(t)) return { error: `Bad date in ${key}` };
        if (op === 'gt') search.from = Math.max(search.from ?? -Infinity, t + 1);
        if (op === 'gte') search.from = Math.max(search.from ?? -Infinity, t);
        if (op === 'lt') search.to = Math.min(search.to ?? Infinity, t);
        if (op === 'lte') search.to = Math.min(search.to ?? Infinity, t + 1);
      } else {
        // Patterns run on the server: only literal text with optional ^ and $ anchors, never backtracking.
        if (op === 're' && (value.length > 100 || !/^\^?[^\\^$.*+?()[\]{}|]*\$?$/.test(value))) return { error: 'Only literal $re patterns are supported' };
        search.filters.push({ field, op: op as Operator, value });
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
