import type { Context, Hono } from 'hono';
import type { Deps } from '../http';
import { newRecords } from '../imports/service';
import { finishDrafts, type Draft } from '../imports/types';
import type { MemberRow } from '../store/types';
import { mapEntry, mapTreatment, type Mapped } from './mapping';
import { secretHolderOf } from './secrets';

/**
 * The Nightscout REST API v1 subset that uploaders (xDrip+, Loop, AAPS's Nightscout
 * uploader, Spike…) and followers' tools use, outside the portal's envelope: they speak
 * Nightscout's JSON and HTTP status codes. Authenticated by a member's upload secret.
 */
const NIGHTSCOUT_VERSION = '15.0.2';
const DEFAULT_COUNT = 10;
const MAX_COUNT = 10_000;
const DAY = 86_400_000;

const unauthorized = (c: Context) => c.json({ status: 401, message: 'Unauthorized', description: 'Invalid/Missing' }, 401);
const forbidden = (c: Context) => c.json({ status: 403, message: 'Forbidden', description: 'this secret only reads' }, 403);

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

async function readDocs(c: Context): Promise<Record<string, unknown>[] | null> {
  try {
    const body = (await c.req.json()) as unknown;
    const list = Array.isArray(body) ? body : [body];
    return list.every((d) => d && typeof d === 'object' && !Array.isArray(d)) ? (list as Record<string, unknown>[]) : null;
  } catch {
    return null;
  }
}

async function upload(deps: Deps, c: Context, member: MemberRow, map: (doc: Record<string, unknown>, line: number) => Mapped) {
  const docs = await readDocs(c);
  if (!docs) return c.json({ status: 400, message: 'Bad Request', description: 'the body is not a JSON object or array of objects' }, 400);
  const drafts: Draft[] = [];
  const accepted: Record<string, unknown>[] = [];
  const rejected: { line: number; reason: string }[] = [];
  docs.forEach((doc, i) => {
    const mapped = map(doc, i + 1);
    if ('draft' in mapped) drafts.push(mapped.draft);
    if ('reject' in mapped) rejected.push({ line: i + 1, reason: mapped.reject });
    else accepted.push(doc);
  });
  const parsed = finishDrafts(drafts, member.timeZone, { format: 'nightscout', dateOrder: null, rejected, ignored: 0 });
  await deps.store.transaction(async (store) => {
    const fresh = await newRecords(store, member.id, parsed.readings, parsed.events);
    await store.insertReadings(fresh.readings.map((r) => ({ memberId: member.id, time: r.time, mgdl: r.mgdl, kind: r.kind })));
    await store.insertEvents(fresh.events.map((e) => ({ memberId: member.id, eventType: e.eventType, time: e.time, note: e.note, detail: JSON.stringify(e.detail) })));
  });
  if (accepted.length === 0 && parsed.rejected.length > 0) {
    return c.json({ status: 400, message: 'Bad Request', description: parsed.rejected.map((r) => `item ${r.line}: ${r.reason}`).join('; ') }, 400);
  }
  // Nightscout answers with the stored documents; uploaders only look for 200.
  return c.json(accepted.map((doc, i) => ({ _id: typeof doc._id === 'string' ? doc._id : objectId(member.id, 0xee, Number(doc.date ?? i)), ...doc })));
}

/** Readings of the last stretch, newest first: windows widen until `count` (+1, for the direction) are found. */
async function latestReadings(deps: Deps, member: MemberRow, count: number, from?: number, to?: number) {
  const end = to ?? deps.now() + DAY;
  if (from !== undefined) return (await deps.store.listReadings(member.id, 'sgv', from, end)).reverse();
  let rows: { time: number; mgdl: number }[] = [];
  for (const days of [1, 7, 30, 400]) {
    rows = await deps.store.listReadings(member.id, 'sgv', end - days * DAY, end);
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

export function mountNightscout(app: Hono, deps: Deps): void {
  const status = (c: Context) => {
    const now = deps.now();
    return c.json({
      status: 'ok',
      name: 'CGM Portal',
      version: NIGHTSCOUT_VERSION,
      serverTime: new Date(now).toISOString(),
      serverTimeEpoch: now,
      apiEnabled: true,
      careportalEnabled: true,
      boluscalcEnabled: false,
      settings: { units: 'mg/dl', authDefaultRoles: 'denied', enable: ['careportal', 'api'], customTitle: 'CGM Portal' },
      extendedSettings: {},
      authorized: null,
    });
  };
  app.get('/api/v1/status', status);
  app.get('/api/v1/status.json', status);

  app.get('/api/v1/verifyauth', async (c) => {
    const holder = await secretHolderOf(deps, c);
    if (!holder) return unauthorized(c);
    const canWrite = holder.scope === 'upload';
    return c.json({ status: 200, message: { canRead: true, canWrite, isAdmin: false, message: 'OK', rolefound: 'FOUND', permissions: canWrite ? 'DEFAULT' : 'READONLY' } });
  });

  /** Writes need an upload secret; a read-only secret (a follower's tool) is refused. */
  const withUploader = (handler: (c: Context, member: MemberRow) => Promise<Response>) => async (c: Context) => {
    const holder = await secretHolderOf(deps, c);
    if (!holder) return unauthorized(c);
    return holder.scope === 'upload' ? handler(c, holder.member) : forbidden(c);
  };
  const withReader = (handler: (c: Context, member: MemberRow) => Promise<Response>) => async (c: Context) => {
    const holder = await secretHolderOf(deps, c);
    return holder ? handler(c, holder.member) : unauthorized(c);
  };

  const postEntries = withUploader((c, member) => upload(deps, c, member, mapEntry));
  app.post('/api/v1/entries', postEntries);
  app.post('/api/v1/entries.json', postEntries);
  const postTreatments = withUploader((c, member) => upload(deps, c, member, mapTreatment));
  app.post('/api/v1/treatments', postTreatments);
  app.post('/api/v1/treatments.json', postTreatments);
  // Device status (battery, loop state) has no place in the portal: accepted so uploaders carry on.
  const postDeviceStatus = withUploader(async (c) => c.json((await readDocs(c)) ?? []));
  app.post('/api/v1/devicestatus', postDeviceStatus);
  app.post('/api/v1/devicestatus.json', postDeviceStatus);

  const entries = async (c: Context, member: MemberRow, fixedCount?: number) => {
    const asked = fixedCount ?? Number(c.req.query('count') ?? DEFAULT_COUNT);
    const count = Number.isFinite(asked) && asked > 0 ? Math.min(MAX_COUNT, Math.floor(asked)) : DEFAULT_COUNT;
    const from = findBound(c, '$gte') ?? findBound(c, '$gt');
    const to = findBound(c, '$lt') ?? findBound(c, '$lte');
    const rows = await latestReadings(deps, member, count, from, to);
    const out = rows.slice(0, count).map((r, i) => {
      const prev = rows[i + 1];
      const minutes = prev ? (r.time - prev.time) / 60_000 : 0;
      const rate = prev && minutes > 0 && minutes <= 15 ? (r.mgdl - prev.mgdl) / minutes : null;
      return {
        _id: objectId(member.id, 1, r.time),
        type: 'sgv',
        sgv: r.mgdl,
        date: r.time,
        dateString: new Date(r.time).toISOString(),
        sysTime: new Date(r.time).toISOString(),
        direction: directionOf(rate),
        device: 'cgm-portal',
        utcOffset: 0,
      };
    });
    return c.json(out);
  };
  const getEntries = withReader((c, member) => entries(c, member));
  for (const path of ['/api/v1/entries', '/api/v1/entries.json', '/api/v1/entries/sgv', '/api/v1/entries/sgv.json']) app.get(path, getEntries);
  app.get('/api/v1/entries/current.json', withReader((c, member) => entries(c, member, 1)));

  const getTreatments = withReader(async (c, member) => {
    const asked = Number(c.req.query('count') ?? DEFAULT_COUNT);
    const count = Number.isFinite(asked) && asked > 0 ? Math.min(MAX_COUNT, Math.floor(asked)) : DEFAULT_COUNT;
    // Loop and AAPS ask for what changed since their last sync: find[created_at][$gte]=ISO.
    const bound = (op: string) => Date.parse(c.req.query(`find[created_at][${op}]`) ?? '');
    const from = [bound('$gte'), bound('$gt') + 1].find(Number.isFinite);
    const to = [bound('$lt'), bound('$lte') + 1].find(Number.isFinite);
    const { rows } = await deps.store.listEvents(member.id, { offset: 0, limit: count, from, to });
    return c.json(
      rows.map((e) => {
        const detail = JSON.parse(e.detail) as Record<string, unknown>;
        const base = { _id: objectId(member.id, 2, e.time), created_at: new Date(e.time).toISOString(), date: e.time, notes: e.note, enteredBy: 'cgm-portal' };
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
      }),
    );
  });
  app.get('/api/v1/treatments', getTreatments);
  app.get('/api/v1/treatments.json', getTreatments);
}
