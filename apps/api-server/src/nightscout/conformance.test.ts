import { createHash } from 'node:crypto';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@cgm-portal/api-client';
import { startServer, type RunningServer } from '../test-support/server';
import { calculateIdentifier } from './documents';

/**
 * Nightscout API conformance, written from Nightscout's API v3 specification (swagger.yaml,
 * lib/api3) and its API test suite (tests/api3.*.test.js, tests/api.*.test.js): the answers,
 * codes, headers and messages clients rely on. Each block names the behaviour it pins. The
 * portal's own view (readings, events) is checked beside the API's answers.
 */
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const DAY = 86_400_000;
// 2022, away from the seeded days and from the uploader tests' 2021.
const day = (n: number) => Date.UTC(2022, 4, n, 12, 0);

let server: RunningServer;
let demo: ApiClient;
const token: Record<'all' | 'read' | 'create' | 'update' | 'delete', string> = { all: '', read: '', create: '', update: '', delete: '' };

beforeAll(async () => {
  server = await startServer();
  demo = await server.signIn('demo@cgm-portal.example');
  token.all = (await demo.createUploadSecret({ label: 'conformance' })).secret;
  for (const scope of ['read', 'create', 'update', 'delete'] as const) token[scope] = (await demo.createUploadSecret({ label: scope, scope })).secret;
});
afterAll(() => server?.stop());

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
  text: string;
}
async function call(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body, headers: response.headers, text };
}
const v3 = (method: string, path: string, body?: unknown, who: keyof typeof token = 'all', headers: Record<string, string> = {}) =>
  call(method, `/api/v3${path}${path.includes('?') ? '&' : '?'}token=${token[who]}`, { body, headers });

const events = async (t: number) => (await demo.loadEvents({ from: t - DAY / 2, to: t + DAY / 2, rows: 100 })).rows;
const readings = async (t: number) => (await demo.loadReadings({ from: t - DAY / 2, to: t + DAY / 2 })).readings;

const bolus = (t: number, extra: Record<string, unknown> = {}) => ({ date: t, utcOffset: 0, app: 'conformance', device: 'test-device', eventType: 'Correction Bolus', insulin: 0.3, ...extra });

describe('API v3 create', () => {
  it('derives Nightscout’s identifier (UUID v5 of device, date and eventType), answers 201 with Location and Last-Modified', async () => {
    const doc = bolus(day(1));
    // Reference values from the `uuid` package's v5 (the library Nightscout's calculateIdentifier calls) with its namespace.
    expect(await calculateIdentifier({ device: 'test-device', date: 1651406400000, eventType: 'Correction Bolus' })).toBe('7ecba6a0-4286-53a9-aaa9-e1a532912601');
    expect(await calculateIdentifier({ date: 1651406400000 })).toBe('ab7761e0-00a0-5b0e-b6f8-a7ec2b694092');
    const expected = await calculateIdentifier(doc);
    const created = await v3('POST', '/treatments', doc);
    expect(created.status).toBe(201);
    expect(created.body.identifier).toBe(expected);
    expect(created.headers.get('Location')).toBe(`/api/v3/treatments/${expected}`);
    expect(Date.parse(created.headers.get('Last-Modified')!)).toBe(Math.floor(created.body.lastModified / 1000) * 1000);
    const read = await v3('GET', `/treatments/${expected}`);
    expect(read.body.result).toMatchObject({ ...doc, identifier: expected, subject: 'conformance', isValid: true });
  });

  it.each([
    ['missing date', { date: undefined }, 'Bad or missing date field'],
    ['date null', { date: null }, 'Bad or missing date field'],
    ['date ABC', { date: 'ABC' }, 'Bad or missing date field'],
    ['date -1', { date: -1 }, 'Bad or missing date field'],
    ['date 1 (too old)', { date: 1 }, 'Bad or missing date field'],
    ['date in an illegal format', { date: '2019-20-60T50:90:90' }, 'Bad or missing date field'],
    ['utcOffset -5000', { utcOffset: -5000 }, 'Bad or missing utcOffset field'],
    ['utcOffset ABC', { utcOffset: 'ABC' }, 'Bad or missing utcOffset field'],
    ['utcOffset null', { utcOffset: null }, 'Bad or missing utcOffset field'],
    ['missing app', { app: undefined }, 'Bad or missing app field'],
    ['app null', { app: null }, 'Bad or missing app field'],
    ['empty app', { app: '' }, 'Bad or missing app field'],
  ])('refuses %s with 400 and Nightscout’s message, writing nothing', async (_name, change, message) => {
    const t = day(2) + Math.floor(Math.random() * 1000) * 60_000;
    const doc: Record<string, unknown> = { ...bolus(t), ...change };
    for (const [k, v] of Object.entries(change)) if (v === undefined) delete doc[k];
    const answer = await v3('POST', '/treatments', doc);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, message });
    expect((await events(t)).filter((e) => e.time === t)).toEqual([]);
  });

  it('refuses an empty body', async () => {
    expect((await v3('POST', '/treatments', {})).body).toEqual({ status: 400, message: 'Bad or missing request body' });
  });

  it('reads an ISO date with a comma before the milliseconds and keeps its offset as utcOffset', async () => {
    const doc = { ...bolus(0), date: '2019-06-10T08:07:08,576+02:00' } as Record<string, unknown>;
    delete doc.utcOffset;
    const created = await v3('POST', '/treatments', doc);
    expect(created.status).toBe(201);
    const read = await v3('GET', `/treatments/${created.body.identifier}`);
    expect(read.body.result).toMatchObject({ date: 1560146828576, utcOffset: 120 });
  });

  it('reads a date without offset as the member’s wall time and gives it the zone’s offset', async () => {
    const doc = { ...bolus(0), date: '2022-05-20T10:00:00', device: 'wall-time' } as Record<string, unknown>;
    delete doc.utcOffset;
    const created = await v3('POST', '/treatments', doc);
    const read = (await v3('GET', `/treatments/${created.body.identifier}`)).body.result;
    // The demo member lives in Europe/London: 10:00 in May is 09:00 UTC, offset +60.
    expect(read).toMatchObject({ date: Date.UTC(2022, 4, 20, 9, 0), utcOffset: 60 });
  });

  it('advances srvModified on an identical re-POST (AAPS checks it) and answers isDeduplication', async () => {
    const doc = bolus(day(3));
    const first = await v3('POST', '/treatments', doc);
    await new Promise((r) => setTimeout(r, 5));
    const again = await v3('POST', '/treatments', doc);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ isDeduplication: true, identifier: first.body.identifier });
    expect(again.body.lastModified).toBeGreaterThan(first.body.lastModified);
    expect((await events(day(3))).filter((e) => e.time === day(3))).toHaveLength(1);
  });
});

describe('API v3 update (PUT, PATCH)', () => {
  const immutable: [string, unknown][] = [
    ['date', day(4) + 1000],
    ['utcOffset', 60],
    ['eventType', 'Meal Bolus'],
    ['device', 'other'],
    ['app', 'other'],
    ['srvCreated', 1],
    ['subject', 'someone'],
    ['srvModified', 1],
    ['modifiedBy', 'someone'],
    ['isValid', false],
    ['identifier', 'another-id'],
  ];
  let identifier = '';
  beforeAll(async () => {
    identifier = (await v3('POST', '/treatments', bolus(day(4)))).body.identifier;
  });

  it.each(immutable)('refuses a PATCH that changes %s with 400, and the document and the portal stay as they were', async (field, value) => {
    const before = (await v3('GET', `/treatments/${identifier}`)).body.result;
    const answer = await v3('PATCH', `/treatments/${identifier}`, { [field]: value, insulin: 5 });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ status: 400, message: `Field ${field} cannot be modified by the client` });
    expect((await v3('GET', `/treatments/${identifier}`)).body.result).toEqual(before);
    expect((await events(day(4))).map((e) => e.detail)).toEqual([{ eventType: 'insulin', insulinKind: 'Short_acting', units: 0.3 }]);
  });

  it.each(immutable)('refuses a PUT that changes %s with 400', async (field, value) => {
    const answer = await v3('PUT', `/treatments/${identifier}`, { ...bolus(day(4)), [field]: value, insulin: 5 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`Field ${field} cannot be modified by the client`);
    expect((await events(day(4))).map((e) => e.detail)).toEqual([{ eventType: 'insulin', insulinKind: 'Short_acting', units: 0.3 }]);
  });

  it('PATCH names the modifier, answers Last-Modified, follows into the portal and tells the socket', async () => {
    const answer = await v3('PATCH', `/treatments/${identifier}`, { insulin: 0.5 });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Last-Modified')).toBeTruthy();
    expect((await v3('GET', `/treatments/${identifier}`)).body.result).toMatchObject({ insulin: 0.5, subject: 'conformance', modifiedBy: 'conformance' });
    expect((await events(day(4))).map((e) => e.detail)).toEqual([{ eventType: 'insulin', insulinKind: 'Short_acting', units: 0.5 }]);
  });

  it('PUT answers Last-Modified; If-Unmodified-Since older than the document gives 412 and changes nothing', async () => {
    const put = await v3('PUT', `/treatments/${identifier}`, bolus(day(4), { insulin: 0.7 }));
    expect(put.status).toBe(200);
    expect(put.headers.get('Last-Modified')).toBeTruthy();
    const stale = new Date(day(1)).toUTCString();
    expect((await v3('PUT', `/treatments/${identifier}`, bolus(day(4), { insulin: 9 }), 'all', { 'If-Unmodified-Since': stale })).status).toBe(412);
    expect((await v3('PATCH', `/treatments/${identifier}`, { insulin: 9 }, 'all', { 'If-Unmodified-Since': stale })).status).toBe(412);
    expect((await v3('GET', `/treatments/${identifier}`)).body.result.insulin).toBe(0.7);
    expect((await events(day(4))).map((e) => e.detail)).toEqual([{ eventType: 'insulin', insulinKind: 'Short_acting', units: 0.7 }]);
  });

  it('refuses changes to a read-only document (422), deletion included', async () => {
    const doc = bolus(day(5), { isReadOnly: true });
    const id = (await v3('POST', '/treatments', doc)).body.identifier;
    expect((await v3('PATCH', `/treatments/${id}`, { insulin: 1 })).body).toEqual({ status: 422, message: 'Trying to modify read-only document' });
    expect((await v3('PUT', `/treatments/${id}`, { ...doc, insulin: 1 })).status).toBe(422);
    expect((await v3('DELETE', `/treatments/${id}`)).status).toBe(422);
    expect((await v3('GET', `/treatments/${id}`)).body.result.insulin).toBe(0.3);
  });
});

describe('API v3 read and search', () => {
  let identifier = '';
  beforeAll(async () => {
    identifier = (await v3('POST', '/treatments', bolus(day(6), { duration: 30, eventType: 'Temp Basal', rate: 0.5 }))).body.identifier;
  });

  it('answers 304 for If-Modified-Since at or after the last change, 200 before it', async () => {
    const read = await v3('GET', `/treatments/${identifier}`);
    const lastModified = read.headers.get('Last-Modified')!;
    expect((await v3('GET', `/treatments/${identifier}`, undefined, 'all', { 'If-Modified-Since': lastModified })).status).toBe(304);
    expect((await v3('GET', `/treatments/${identifier}`, undefined, 'all', { 'If-Modified-Since': new Date(day(1)).toUTCString() })).status).toBe(200);
  });

  it('computes endmills for a treatment with a duration', async () => {
    expect((await v3('GET', `/treatments/${identifier}`)).body.result.endmills).toBe(day(6) + 30 * 60_000);
  });

  it('finds by identifier$eq and srvModified$gte, projects fields=', async () => {
    const byId = await v3('GET', `/treatments?identifier$eq=${identifier}`);
    expect(byId.body.result.map((d: { identifier: string }) => d.identifier)).toEqual([identifier]);
    const { srvModified } = (await v3('GET', `/treatments/${identifier}`)).body.result;
    const since = await v3('GET', `/treatments?srvModified$gte=${srvModified}&limit=1000`);
    expect(since.body.result.map((d: { identifier: string }) => d.identifier)).toContain(identifier);
    expect(since.body.result.every((d: { srvModified: number }) => d.srvModified >= srvModified)).toBe(true);
    const projected = await v3('GET', `/treatments?identifier$eq=${identifier}&fields=date,rate`);
    expect(projected.body.result).toEqual([{ date: day(6), rate: 0.5 }]);
    const one = await v3('GET', `/treatments/${identifier}?fields=identifier`);
    expect(one.body.result).toEqual({ identifier });
  });

  it.each([
    ['sort=date&sort$desc=date', 'Parameters sort and sort_desc cannot be combined'],
    ['limit=0', 'Parameter limit out of tolerance'],
    ['limit=-1', 'Parameter limit out of tolerance'],
    ['limit=ABC', 'Parameter limit out of tolerance'],
    ['skip=-1', 'Parameter skip out of tolerance'],
    ['skip=ABC', 'Parameter skip out of tolerance'],
    ['date$xx=1', 'Unsupported filter operator xx'],
  ])('refuses %s with 400 and Nightscout’s message', async (query, message) => {
    expect((await v3('GET', `/treatments?${query}`)).body).toEqual({ status: 400, message });
  });
});

describe('API v3 delete', () => {
  it('a soft delete keeps the document for history; a PUT on it answers 410 and does not revive it', async () => {
    const doc = bolus(day(7), { eventType: 'Carb Correction', carbs: 20, insulin: undefined });
    const id = (await v3('POST', '/treatments', doc)).body.identifier;
    expect((await v3('DELETE', `/treatments/${id}`)).status).toBe(200);
    expect(await events(day(7))).toEqual([]);
    expect((await v3('PUT', `/treatments/${id}`, doc)).status).toBe(410);
    expect((await v3('PATCH', `/treatments/${id}`, { carbs: 5 })).status).toBe(410);
    expect((await v3('GET', `/treatments/${id}`)).status).toBe(410);
    expect(await events(day(7))).toEqual([]);
  });

  it('?permanent=true removes the document and the portal’s reading: 404 after, absent from history', async () => {
    const t = day(8);
    const entry = { type: 'sgv', sgv: 144, date: t, utcOffset: 0, app: 'conformance', device: 'cgm' };
    const id = (await v3('POST', '/entries', entry)).body.identifier;
    expect((await readings(t)).filter((r) => r.time === t).map((r) => r.mgdl)).toEqual([144]);
    expect((await v3('DELETE', `/entries/${id}?permanent=true`)).status).toBe(200);
    expect((await readings(t)).filter((r) => r.time === t)).toEqual([]);
    expect((await v3('GET', `/entries/${id}`)).status).toBe(404);
    const history = await v3('GET', `/entries/history/${t - DAY}?limit=1000`);
    expect(history.body.result.map((d: { identifier: string }) => d.identifier)).not.toContain(id);
  });
});

describe('API v3 errors and permissions per operation', () => {
  it('answers unknown collections and operations with a JSON status, and /api/v3/test', async () => {
    expect((await v3('GET', '/NOT_EXIST')).body).toEqual({ status: 404, message: 'Bad operation or collection' });
    expect((await v3('POST', '/NOT_EXIST', bolus(day(9)))).body).toMatchObject({ status: 404 });
    expect((await v3('GET', '/treatments/a/b/c')).body).toMatchObject({ status: 404 });
    expect((await v3('GET', '/test')).status).toBe(200);
    expect((await call('GET', '/api/v3/test')).body).toEqual({ status: 401, message: 'Missing or bad access token or JWT' });
  });

  it('grants create-only, update-only, delete-only and read-only secrets exactly their operation', async () => {
    const doc = bolus(day(10));
    expect((await v3('POST', '/treatments', doc, 'read')).body).toEqual({ status: 403, message: 'Missing permission api:treatments:create' });
    expect((await v3('POST', '/treatments', doc, 'update')).body).toEqual({ status: 403, message: 'Missing permission api:treatments:create' });
    const created = await v3('POST', '/treatments', doc, 'create');
    expect(created.status).toBe(201);
    const id = created.body.identifier as string;
    // Deduplication is an update: a create-only secret may not overwrite.
    expect((await v3('POST', '/treatments', { ...doc, insulin: 2 }, 'create')).body).toEqual({ status: 403, message: 'Missing permission api:treatments:update' });
    expect((await v3('GET', `/treatments/${id}`, undefined, 'create')).status).toBe(403);
    expect((await v3('PATCH', `/treatments/${id}`, { insulin: 2 }, 'read')).status).toBe(403);
    expect((await v3('PATCH', `/treatments/${id}`, { insulin: 2 }, 'update')).status).toBe(200);
    expect((await v3('DELETE', `/treatments/${id}`, undefined, 'update')).status).toBe(403);
    expect((await v3('GET', `/treatments/${id}`, undefined, 'read')).body.result.insulin).toBe(2);
    expect((await v3('DELETE', `/treatments/${id}`, undefined, 'delete')).status).toBe(200);
    const status = await v3('GET', '/status', undefined, 'create');
    expect(status.body.result.apiPermissions.treatments).toBe('c');
    const auth = await call('GET', `/api/v2/authorization/request/${token.delete}`);
    expect(auth.body.permissionGroups).toEqual([['api:*:delete']]);
  });
});

describe('API v1', () => {
  const headers = (who: keyof typeof token = 'all') => ({ 'api-secret': sha1(token[who]) });

  it('answers trailing-slash paths', async () => {
    expect((await call('GET', '/api/v1/treatments/', { headers: headers() })).status).toBe(200);
    expect((await call('GET', '/api/v1/entries/', { headers: headers() })).status).toBe(200);
    const t = day(11);
    expect((await call('POST', '/api/v1/treatments/', { headers: headers(), body: { eventType: 'Note', created_at: new Date(t).toISOString(), notes: 'slash' } })).status).toBe(200);
  });

  it('refuses an invalid _id on POST and DELETE with 400, writing and removing nothing', async () => {
    const t = day(12);
    const post = await call('POST', '/api/v1/treatments', { headers: headers(), body: { _id: 'my-uuid-12345', eventType: 'Carb Correction', carbs: 10, created_at: new Date(t).toISOString() } });
    expect(post.status).toBe(400);
    expect(post.body.message).toMatch(/Invalid _id format/i);
    expect(await events(t)).toEqual([]);
    expect((await call('DELETE', '/api/v1/treatments/invalid-id', { headers: headers() })).status).toBe(400);
  });

  it('stores carbs sent as text as a number, and gives device status a utcOffset', async () => {
    const t = day(13);
    const posted = await call('POST', '/api/v1/treatments', { headers: headers(), body: { eventType: 'Carb Correction', carbs: '99', created_at: new Date(t).toISOString() } });
    expect(posted.body[0].carbs).toBe(99);
    expect((await events(t)).map((e) => e.detail)).toEqual([{ eventType: 'meal', mealTag: 'Extra', carbs: 99 }]);
    const status = await call('POST', '/api/v1/devicestatus', { headers: headers(), body: { device: 'loop://iPhone', created_at: '2022-05-13T14:00:00+02:00' } });
    expect(status.body[0].utcOffset).toBe(120);
  });

  it('verifyauth answers 200 with UNAUTHORIZED when no or a wrong secret is given', async () => {
    for (const given of [{}, { 'api-secret': sha1('wrong-wrong-wrong') }] as Record<string, string>[]) {
      const answer = await call('GET', '/api/v1/verifyauth', { headers: given });
      expect(answer.status).toBe(200);
      expect(answer.body.message.message).toBe('UNAUTHORIZED');
    }
    expect((await call('GET', '/api/v1/verifyauth', { headers: headers() })).body.message).toMatchObject({ message: 'OK', canRead: true, canWrite: true });
  });

  it('serves status as html, txt, js, svg and png', async () => {
    for (const prefix of ['/api/v1', '/api']) {
      expect((await call('GET', `${prefix}/status.html`)).text).toContain('STATUS OK');
      expect((await call('GET', `${prefix}/status.txt`)).text).toBe('STATUS OK');
      expect((await call('GET', `${prefix}/status.js`)).text).toMatch(/^this\.serverSettings = \{.*"status":"ok"/);
      for (const ext of ['svg', 'png']) {
        const badge = await call('GET', `${prefix}/status.${ext}`);
        expect(badge.status).toBe(302);
        expect(badge.headers.get('Location')).toContain(`.${ext}`);
      }
    }
  });

  it('a delete-only secret deletes and cannot write or read', async () => {
    expect((await call('GET', '/api/v1/treatments', { headers: headers('delete') })).status).toBe(403);
    expect((await call('POST', '/api/v1/treatments', { headers: headers('delete'), body: { eventType: 'Note', created_at: new Date(day(14)).toISOString() } })).status).toBe(403);
    expect((await call('DELETE', '/api/v1/treatments/5f2100000000000000000b01', { headers: headers('delete') })).status).toBe(200);
  });
});

describe('API v3 PUT of an absent document', () => {
  it('creates it under the identifier of the path: 201 with Location', async () => {
    const id = 'conformance-put-created';
    const answer = await v3('PUT', `/treatments/${id}`, bolus(day(15)));
    expect(answer.status).toBe(201);
    expect(answer.headers.get('Location')).toBe(`/api/v3/treatments/${id}`);
    expect((await v3('GET', `/treatments/${id}`)).body.result).toMatchObject({ identifier: id, insulin: 0.3 });
    expect((await v3('PUT', '/treatments/conformance-put-refused', bolus(day(16)), 'update')).body).toEqual({ status: 403, message: 'Missing permission api:treatments:create' });
  });
});

describe('status.json', () => {
  it('lists the plugins the member’s device status shows, in the member’s unit; anonymous callers get the base list', async () => {
    const headers = { 'api-secret': sha1(token.all) };
    const anonymous = await call('GET', '/api/v1/status.json');
    expect(anonymous.body.settings.enable).not.toContain('openaps');
    await call('POST', '/api/v1/devicestatus', { headers, body: { device: 'openaps://phone', created_at: new Date().toISOString(), openaps: { iob: { iob: 1 }, suggested: { COB: 10 } }, pump: { reservoir: 100 } } });
    const status = await call('GET', '/api/v1/status.json', { headers });
    expect(status.body.settings.enable).toEqual(expect.arrayContaining(['careportal', 'openaps', 'pump', 'iob', 'cob', 'basal']));
    expect(status.body.settings.units).toMatch(/^(mg\/dl|mmol)$/);
  });
});

describe('sockets', () => {
  const storage = () => io(`${server.baseUrl}/storage`, { transports: ['websocket'], forceNew: true });
  const ask = <T>(socket: ReturnType<typeof io>, event: string, body: unknown) => new Promise<T>((resolve) => socket.emit(event, body, resolve));

  it('/storage refuses with Nightscout’s messages: a bad token, and a secret that may not read', async () => {
    const socket = storage();
    try {
      expect(await ask(socket, 'subscribe', { accessToken: 'wrong' })).toEqual({ success: false, message: 'Missing or bad accessToken' });
      expect(await ask(socket, 'subscribe', { accessToken: token.create })).toEqual({ success: false, message: 'Unauthorized to receive any collection' });
    } finally {
      socket.close();
    }
  });

  it('/alarm refuses a bad token with Nightscout’s message', async () => {
    const socket = io(`${server.baseUrl}/alarm`, { transports: ['websocket'], forceNew: true });
    try {
      expect(await ask(socket, 'subscribe', { accessToken: 'wrong' })).toEqual({ success: false, message: 'Missing or bad accessToken' });
    } finally {
      socket.close();
    }
  });

  it('/storage tells of a PATCH with the whole document, subject and modifiedBy included, and of a permanent delete', async () => {
    const socket = storage();
    try {
      await ask(socket, 'subscribe', { accessToken: token.all, collections: ['treatments'] });
      const id = (await v3('POST', '/treatments', bolus(day(17)))).body.identifier as string;
      const updated = new Promise<{ colName: string; doc: Record<string, unknown> }>((resolve) => socket.once('update', resolve));
      await v3('PATCH', `/treatments/${id}`, { insulin: 0.4 });
      expect(await updated).toEqual({ colName: 'treatments', doc: expect.objectContaining({ identifier: id, insulin: 0.4, subject: 'conformance', modifiedBy: 'conformance', srvModified: expect.any(Number) }) });
      const deleted = new Promise<unknown>((resolve) => socket.once('delete', resolve));
      await v3('DELETE', `/treatments/${id}?permanent=true`);
      expect(await deleted).toEqual({ colName: 'treatments', identifier: id });
    } finally {
      socket.close();
    }
  });

  it('the legacy channel refuses what a secret may not do with Nightscout’s words, and gives a create-only secret no data', async () => {
    const socket = io(server.baseUrl, { transports: ['websocket'], forceNew: true });
    let updates = 0;
    socket.on('dataUpdate', () => updates++);
    try {
      expect(await ask(socket, 'dbAdd', { collection: 'treatments', data: { eventType: 'Note' } })).toEqual({ result: 'Not authorized' });
      expect(await ask(socket, 'authorize', { client: 'test', secret: sha1(token.create) })).toEqual({ read: false, write: true, write_treatment: true });
      expect(await ask(socket, 'dbUpdate', { collection: 'treatments', data: { notes: 'x' } })).toEqual({ result: 'Not permitted' });
      expect(await ask(socket, 'dbRemove', { collection: 'treatments', _id: '5f2100000000000000000b01' })).toEqual({ result: 'Not permitted' });
      const added = await ask<{ _id: string; mills: number }[]>(socket, 'dbAdd', { collection: 'treatments', data: { eventType: 'Carb Correction', carbs: 12, created_at: new Date(day(18)).toISOString() } });
      expect(added).toEqual([expect.objectContaining({ carbs: 12, mills: day(18) })]);
      expect(updates).toBe(0);
    } finally {
      socket.close();
    }
  });
});
