import type { Context, Hono } from 'hono';
import { mgdlToMmol } from '@cgm-portal/glucose-metrics';
import type { Deps } from '../http';
import { batchedDocWrites } from './batched-writes';
import { publishAll } from './feed';
import type { MemberRow, NightscoutCollection } from '../store/types';
import { addDerived, createDoc, dedupLookups, deleteDoc, present, updateDoc, type Doc, type DocChange, type NightscoutFeed, type Pending, type Writer } from './documents';
import { mayDo, permissionOf, type Operation } from './permissions';
import { secretHolderOf, type SecretHolder } from './secrets';
import { statusBody } from './status';
import { mountNightscoutV3 } from './v3';

/**
 * The Nightscout REST API v1 subset that uploaders (xDrip+, Loop, Spike…) and followers'
 * tools use, outside the portal's envelope: they speak Nightscout's JSON and HTTP status
 * codes. Authenticated by a member's upload secret (`api-secret` header: SHA-1 hex, or
 * `?token=`). API v3 (AAPS) is in v3.ts; both write through documents.ts.
 */
const DEFAULT_COUNT = 10;
const MAX_COUNT = 10_000;
const DAY = 86_400_000;

const unauthorized = (c: Context) => c.json({ status: 401, message: 'Unauthorized', description: 'Invalid/Missing' }, 401);
const forbidden = (c: Context) => c.json({ status: 403, message: 'Forbidden', description: 'this secret may not do this' }, 403);
const badRequest = (c: Context, description: string) => c.json({ status: 400, message: 'Bad Request', description }, 400);
/** Nightscout's v1 `_id`s: Mongo ObjectIds (24 hex), or UUIDs (Loop's overrides, API v3 identifiers). */
const VALID_ID = /^([0-9a-f]{24}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const badId = (c: Context, id: string) => c.json({ status: 400, message: 'Invalid _id format', description: `"${id.slice(0, 40)}" is neither an ObjectId nor a UUID` }, 400);

/** Nightscout's trend numbers, as /pebble gives them beside the direction names. */
const TREND_NUMBERS: Record<string, number> = { DoubleUp: 1, SingleUp: 2, FortyFiveUp: 3, Flat: 4, FortyFiveDown: 5, SingleDown: 6, DoubleDown: 7, 'NOT COMPUTABLE': 8, 'RATE OUT OF RANGE': 9, NONE: 0 };

/** The direction of a reading from the one before it (within 15 minutes), as Nightscout names it. */
export function directionBetween(reading: { time: number; mgdl: number }, previous: { time: number; mgdl: number } | undefined): string {
  const minutes = previous ? (reading.time - previous.time) / 60_000 : 0;
  return directionOf(previous && minutes > 0 && minutes <= 15 ? (reading.mgdl - previous.mgdl) / minutes : null);
}

/** Nightscout's direction names from the rate of change in mg/dL per minute. */
export function directionOf(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return 'NONE';
  if (rate > 3) return 'DoubleUp';
  if (rate > 2) return 'SingleUp';
  if (rate > 1) return 'FortyFiveUp';
  if (rate >= -1) return 'Flat';
  if (rate >= -2) return 'FortyFiveDown';
  if (rate >= -3) return 'SingleDown';
  return 'DoubleDown';
}

/** A stable 24-hex id (Nightscout ids are Mongo ObjectIds) from what makes a record unique. */
function objectId(memberId: number, kindCode: number, time: number): string {
  return `${time.toString(16).padStart(12, '0')}${kindCode.toString(16).padStart(2, '0')}${memberId.toString(16).padStart(10, '0')}`.slice(0, 24);
}

async function readDocs(c: Context): Promise<Doc[] | null> {
  try {
    const body = (await c.req.json()) as unknown;
    const list = Array.isArray(body) ? body : [body];
    return list.every((d) => d && typeof d === 'object' && !Array.isArray(d)) ? (list as Doc[]) : null;
  } catch {
    return null;
  }
}

/** A v1 document as Nightscout answers it: `_id` is the record's identifier. */
const v1Doc = (row: Parameters<typeof present>[0]): Doc => {
  const { identifier, srvCreated: _c, srvModified: _m, ...rest } = present(row);
  return { _id: identifier, ...rest };
};

/**
 * POST (create, or the held record when it is a duplicate) or PUT (upsert by `_id`) of one
 * document or an array, in one transaction. Answers the stored documents with their `_id`s in
 * the order sent (Loop maps its records to ids by position); bad items are listed by number.
 */
async function write(deps: Deps, c: Context, writer: Writer, collection: NightscoutCollection, upsert: boolean, feed?: NightscoutFeed) {
  const docs = await readDocs(c);
  if (!docs) return badRequest(c, 'the body is not a JSON object or array of objects');
  const wrongId = docs.map((d) => d._id).find((id) => id !== undefined && id !== null && id !== '' && !(typeof id === 'string' && VALID_ID.test(id)));
  if (wrongId !== undefined) return badId(c, String(wrongId));
  const rejected: string[] = [];
  const changes: DocChange[] = [];
  const stored = await deps.store.transaction(async (transaction) => {
    // The batch's new documents go in as one statement (see batched-writes.ts).
    const { store, flush } = batchedDocWrites(transaction);
    const out: Doc[] = [];
    const pending: Pending = [];
    // A phone's batch of new entries: what they deduplicate against, read in one statement.
    const known = upsert ? undefined : await dedupLookups(store, writer, collection, docs);
    for (const [i, doc] of docs.entries()) {
      const id = typeof doc._id === 'string' && doc._id ? doc._id : null;
      const result =
        upsert && id
          ? await updateDoc(deps, store, writer, collection, id, doc, false, pending)
          : await createDoc(deps, store, writer, collection, id ? { ...doc, identifier: id } : doc, pending, { known });
      if ('reason' in result) rejected.push(`item ${i + 1}: ${result.reason}`);
      else if ('row' in result) {
        out.push(v1Doc(result.row));
        changes.push({ collection, kind: result.status === 201 ? 'create' : 'update', row: result.row });
      }
    }
    await flush();
    await addDerived(store, writer.member, pending);
    return out;
  });
  publishAll(feed, writer.member.id, changes);
  if (stored.length === 0 && rejected.length > 0) return badRequest(c, rejected.join('; '));
  return c.json(stored);
}

/** Readings of the last stretch, newest first: windows widen until `count` (+1, for the direction) are found. */
async function latestReadings(deps: Deps, member: MemberRow, kind: 'sgv' | 'mbg', count: number, from?: number, to?: number) {
  const end = to ?? deps.now() + DAY;
  if (from !== undefined) return (await deps.store.listReadings(member.id, kind, from, end)).reverse();
  let rows: { time: number; mgdl: number }[] = [];
  for (const days of [1, 7, 30, 400]) {
    rows = await deps.store.listReadings(member.id, kind, end - days * DAY, end);
    if (rows.length > count) break;
  }
  return rows.reverse();
}

function findBound(c: Context, op: '$gte' | '$gt' | '$lte' | '$lt'): number | undefined {
  const raw = c.req.query(`find[date][${op}]`);
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  const t = Number.isFinite(n) ? n : Date.parse(raw);
  if (!Number.isFinite(t)) return undefined;
  return op === '$gt' ? t + 1 : op === '$lte' ? t + 1 : t;
}

export function mountNightscout(app: Hono, deps: Deps, feed?: NightscoutFeed): void {
  mountNightscoutV3(app, deps, feed);
  // Anonymous callers get the server's status; a secret that may read adds the member's unit and plugins.
  const status = async (c: Context) => {
    const holder = await secretHolderOf(deps, c);
    return c.json(await statusBody(deps, holder && mayDo(holder.scope, 'read') ? holder.member : null));
  };
  for (const prefix of ['/api/v1', '/api']) {
    app.get(`${prefix}/status`, status);
    app.get(`${prefix}/status.json`, status);
    // Nightscout's other status formats: for a web page, a badge, a script, a monitoring probe.
    app.get(`${prefix}/status.html`, (c) => c.html('<h1>STATUS OK</h1>'));
    app.get(`${prefix}/status.txt`, (c) => c.text('STATUS OK'));
    app.get(`${prefix}/status.svg`, (c) => c.redirect('https://img.shields.io/badge/Nightscout-OK-green.svg', 302));
    app.get(`${prefix}/status.png`, (c) => c.redirect('https://img.shields.io/badge/Nightscout-OK-green.png', 302));
    app.get(`${prefix}/status.js`, async (c) => {
      const holder = await secretHolderOf(deps, c);
      const settings = await statusBody(deps, holder && mayDo(holder.scope, 'read') ? holder.member : null);
      return c.body(`this.serverSettings = ${JSON.stringify(settings)};`, 200, { 'Content-Type': 'application/javascript; charset=utf-8' });
    });
  }

  // Nightscout answers 200 here either way: clients read `message.message` ("OK" or "UNAUTHORIZED").
  app.get('/api/v1/verifyauth', async (c) => {
    const holder = await secretHolderOf(deps, c);
    if (!holder) return c.json({ status: 200, message: { canRead: false, canWrite: false, isAdmin: false, message: 'UNAUTHORIZED', rolefound: 'NOTFOUND', permissions: 'NONE' } });
    const canWrite = mayDo(holder.scope, 'create') || mayDo(holder.scope, 'update');
    const canRead = mayDo(holder.scope, 'read');
    return c.json({ status: 200, message: { canRead, canWrite, isAdmin: false, message: 'OK', rolefound: 'FOUND', permissions: holder.scope === 'upload' ? 'DEFAULT' : holder.scope === 'read' ? 'READONLY' : permissionOf(holder.scope) } });
  });

  /** A request the secret may make: writes per operation (Nightscout's roles), reads with read access. */
  const withPermission = (operation: Operation | ((c: Context) => Operation[]), handler: (c: Context, holder: SecretHolder) => Promise<Response>) => async (c: Context) => {
    const holder = await secretHolderOf(deps, c);
    if (!holder) return unauthorized(c);
    const needed = typeof operation === 'function' ? operation(c) : [operation];
    return needed.some((op) => mayDo(holder.scope, op)) ? handler(c, holder) : forbidden(c);
  };
  const withUploader = (handler: (c: Context, holder: SecretHolder) => Promise<Response>) => withPermission('create', handler);
  const withReader = (handler: (c: Context, member: MemberRow) => Promise<Response>) => withPermission('read', (c, holder) => handler(c, holder.member));
  const writerOf = (holder: SecretHolder): Writer => ({ member: holder.member, subject: holder.label });
  // Nightscout answers a path with or without `.json` and with a trailing slash (`/api/v1/treatments/`).
  const both = (path: string) => [path, `${path}.json`, `${path}/`];

  // Loop checks its credentials here before it uploads anything.
  app.get('/api/v1/experiments/test', withUploader(async (c) => c.json({ status: 'ok' })));

  for (const collection of ['entries', 'treatments', 'devicestatus', 'profile'] as const) {
    for (const path of both(`/api/v1/${collection}`)) {
      app.post(path, withUploader((c, holder) => write(deps, c, writerOf(holder), collection, false, feed)));
      // xDrip+ and Loop update treatments (and Loop its profile) with PUT: upsert by _id.
      app.put(path, withPermission(() => ['update', 'create'], (c, holder) => write(deps, c, writerOf(holder), collection, true, feed)));
    }
  }

  /** DELETE /api/v1/treatments/{id} or ?find[_id]=… / ?find[_id][$in][]=…: Loop withdraws a record. */
  const remove = (collection: NightscoutCollection) =>
    withPermission('delete', async (c, holder) => {
      const ids = [c.req.param('id'), ...(c.req.queries('find[_id]') ?? []), ...(c.req.queries('find[_id][$in][]') ?? []), ...(c.req.queries('find[_id][$in]') ?? [])]
        .filter((id): id is string => Boolean(id))
        .slice(0, 1000);
      if (ids.length === 0) return badRequest(c, 'name the records to delete by _id');
      const wrongId = ids.find((id) => !VALID_ID.test(id));
      if (wrongId !== undefined) return badId(c, wrongId);
      const removed = await deps.store.transaction(async (store) => {
        const rows = [];
        for (const id of ids) {
          const result = await deleteDoc(deps, store, writerOf(holder), collection, id);
          if ('row' in result) rows.push(result.row);
        }
        return rows;
      });
      publishAll(feed, holder.member.id, removed.map((row) => ({ collection, kind: 'delete' as const, row })));
      return c.json({ n: removed.length, ok: 1 });
    });
  for (const collection of ['treatments', 'devicestatus', 'profile', 'entries'] as const) {
    for (const path of both(`/api/v1/${collection}`)) app.delete(path, remove(collection));
    app.delete(`/api/v1/${collection}/:id`, remove(collection));
  }

  /** Stored documents of a collection, newest first (device status, profiles). */
  const listDocs = (collection: NightscoutCollection, fixedCount?: number) =>
    withReader(async (c, member) => {
      const count = countOf(fixedCount ?? c.req.query('count'));
      const rows = await deps.store.listNightscoutDocs(member.id, collection, { order: 'date', desc: true, limit: count, offset: 0 });
      return c.json(rows.map(v1Doc));
    });
  for (const path of both('/api/v1/devicestatus')) app.get(path, listDocs('devicestatus'));
  for (const path of both('/api/v1/profile')) app.get(path, listDocs('profile'));
  // Loop reads the current profile as one object, not a list.
  const currentProfile = withReader(async (c, member) => {
    const [row] = await deps.store.listNightscoutDocs(member.id, 'profile', { order: 'date', desc: true, limit: 1, offset: 0 });
    return row ? c.json(v1Doc(row)) : c.json({ status: 404, message: 'Not Found', description: 'no profile uploaded' }, 404);
  });
  for (const path of both('/api/v1/profile/current')) app.get(path, currentProfile);
  // xDrip+ sends heart rate and steps when asked to; the portal keeps no activity, so it is acknowledged and dropped.
  for (const path of both('/api/v1/activity')) app.post(path, withUploader(async (c) => c.json((await readDocs(c)) ?? [])));

  const entries = async (c: Context, member: MemberRow, fixedCount?: number) => {
    const count = countOf(fixedCount ?? c.req.query('count'));
    const type = c.req.query('find[type][$eq]') ?? c.req.query('find[type]') ?? (c.req.path.includes('/entries/mbg') ? 'mbg' : 'sgv');
    if (type !== 'sgv' && type !== 'mbg') return c.json([]);
    const from = findBound(c, '$gte') ?? findBound(c, '$gt');
    const to = findBound(c, '$lt') ?? findBound(c, '$lte');
    const rows = await latestReadings(deps, member, type, count, from, to);
    const out = rows.slice(0, count).map((r, i) => {
      const base = { _id: objectId(member.id, type === 'sgv' ? 1 : 3, r.time), type, date: r.time, dateString: new Date(r.time).toISOString(), sysTime: new Date(r.time).toISOString(), device: 'cgm-portal', utcOffset: 0 };
      if (type === 'mbg') return { ...base, mbg: r.mgdl };
      return { ...base, sgv: r.mgdl, direction: directionBetween(r, rows[i + 1]) };
    });
    return c.json(out);
  };
  const getEntries = withReader((c, member) => entries(c, member));
  for (const path of [...both('/api/v1/entries'), ...both('/api/v1/entries/sgv'), ...both('/api/v1/entries/mbg')]) app.get(path, getEntries);
  app.get('/api/v1/entries/current.json', withReader((c, member) => entries(c, member, 1)));
  app.get('/api/v1/entries/current', withReader((c, member) => entries(c, member, 1)));

  /**
   * Nightscout's `/pebble`: what watch faces and many follower widgets read. Values are text in
   * the member's unit (or `?units=mmol|mg/dl`), newest first, with the change from the one before.
   */
  app.get(
    '/pebble',
    withReader(async (c, member) => {
      const count = Math.min(countOf(c.req.query('count') ?? 1), 100);
      const asked = (c.req.query('units') ?? '').toLowerCase();
      const mmol = asked ? asked.startsWith('mmol') : member.unit === 'mmol/L';
      const show = (mgdl: number) => (mmol ? mgdlToMmol(mgdl).toFixed(1) : String(mgdl));
      const rows = await latestReadings(deps, member, 'sgv', count + 1);
      const bgs = rows.slice(0, count).map((r, i) => {
        const prev = rows[i + 1];
        const delta = prev && r.time - prev.time <= 15 * 60_000 ? (mmol ? mgdlToMmol(r.mgdl) - mgdlToMmol(prev.mgdl) : r.mgdl - prev.mgdl) : 0;
        const direction = directionBetween(r, prev);
        return { sgv: show(r.mgdl), trend: TREND_NUMBERS[direction] ?? 0, direction, datetime: r.time, bgdelta: mmol ? Number(delta.toFixed(1)) : delta };
      });
      return c.json({ status: [{ now: deps.now() }], bgs, cals: [] });
    }),
  );

  /**
   * Treatments as uploaders sent them, plus the portal's own events (entered in the portal or
   * imported from a file) translated to Nightscout's event types. An event that stands for an
   * uploaded treatment is not listed twice.
   */
  const getTreatments = withReader(async (c, member) => {
    const count = countOf(c.req.query('count'));
    // xDrip+ finds the _id of a record it knows by its uuid before deleting it.
    const uuid = c.req.query('find[uuid]');
    if (uuid !== undefined) {
      const rows = await deps.store.listNightscoutDocs(member.id, 'treatments', { order: 'date', desc: true, limit: MAX_COUNT, offset: 0 });
      return c.json(rows.filter((r) => (JSON.parse(r.doc) as Doc).uuid === uuid).slice(0, count).map(v1Doc));
    }
    // Loop and xDrip+ ask for what changed since their last sync: find[created_at][$gte]=ISO.
    const bound = (op: string) => {
      const raw = c.req.query(`find[created_at][${op}]`) ?? '';
      return /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
    };
    const from = [bound('$gte'), bound('$gt') + 1].find(Number.isFinite);
    const to = [bound('$lt'), bound('$lte') + 1].find(Number.isFinite);
    const uploaded = (await deps.store.listNightscoutDocs(member.id, 'treatments', { from, to, order: 'date', desc: true, limit: count, offset: 0 })).map((row) => ({
      time: row.date,
      doc: v1Doc(row),
    }));
    const uploadedTimes = new Set(uploaded.map((u) => u.time));
    const { rows } = await deps.store.listEvents(member.id, { offset: 0, limit: count + uploaded.length, from, to });
    const own = rows
      .filter((e) => !uploadedTimes.has(e.time))
      .map((e) => {
        const detail = JSON.parse(e.detail) as Record<string, unknown>;
        const base = { _id: objectId(member.id, 2, e.time), created_at: new Date(e.time).toISOString(), date: e.time, notes: e.note, enteredBy: 'cgm-portal' };
        const doc = (() => {
          switch (detail.eventType) {
            case 'insulin':
              return { ...base, eventType: detail.insulinKind === 'Long_acting' ? 'Basal Injection' : 'Correction Bolus', insulin: detail.units };
            case 'meal':
              return { ...base, eventType: 'Carb Correction', carbs: detail.carbs };
            case 'BG':
              return { ...base, eventType: 'BG Check', glucose: detail.mgdl, glucoseType: 'Finger', units: 'mg/dl' };
            case 'sport':
              return { ...base, eventType: 'Exercise', duration: detail.durationMinutes };
            default:
              return { ...base, eventType: 'Note', notes: [String(detail.eventType), e.note].filter(Boolean).join(': ') };
          }
        })();
        return { time: e.time, doc };
      });
    const all = [...uploaded, ...own].sort((a, b) => b.time - a.time).slice(0, count);
    return c.json(all.map((t) => t.doc));
  });
  for (const path of both('/api/v1/treatments')) app.get(path, getTreatments);
}

function countOf(raw: string | number | undefined): number {
  const asked = Number(raw ?? DEFAULT_COUNT);
  return Number.isFinite(asked) && asked > 0 ? Math.min(MAX_COUNT, Math.floor(asked)) : DEFAULT_COUNT;
}
