import { createHash } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@cgm-portal/api-client';
import { startServer, type RunningServer } from '../test-support/server';

/**
 * The requests real uploaders send, as their source code builds them (AndroidAPS NSClient V3
 * and NSClient v1, xDrip+, Loop's NightscoutService), replayed against the real server over
 * HTTP and socket.io, with the answers each app needs to carry on. A field or status the app
 * checks is asserted here; see the comments for what the app does with it.
 */
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const DAY = 86_400_000;
// 2021, away from the seeded days, each block of tests on its own day.
const day = (n: number) => Date.UTC(2021, 2, n, 12, 0);

let server: RunningServer;
let demo: ApiClient;
let secret: string;
let readOnly: string;

beforeAll(async () => {
  server = await startServer();
  demo = await server.signIn('demo@cgm-portal.example');
  secret = (await demo.createUploadSecret({ label: 'AAPS' })).secret;
  readOnly = (await demo.createUploadSecret({ label: 'Nightscout Reporter', scope: 'read' })).secret;
});
afterAll(() => server?.stop());

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}
async function call(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

async function eventsOn(t: number) {
  return (await demo.loadEvents({ from: t - DAY / 2, to: t + DAY / 2, rows: 100 })).rows;
}
async function readingsOn(t: number) {
  return (await demo.loadReadings({ from: t - DAY / 2, to: t + DAY / 2 })).readings;
}

describe('AndroidAPS NSClient V3 (REST API v3, token exchange, /storage websocket)', () => {
  /** NSAuthInterceptor: tries with an empty Bearer, refreshes on 401 at /api/v2/authorization/request/{token}. */
  async function jwt(token = secret) {
    const first = await call('GET', '/api/v3/status', { headers: { Authorization: 'Bearer ', Date: String(Date.now()) } });
    expect(first.status).toBe(401);
    const auth = await call('GET', `/api/v2/authorization/request/${encodeURIComponent(token)}`);
    return auth;
  }
  const v3 = (method: string, path: string, bearer: string, body?: unknown) =>
    call(method, `/api/v3${path}`, { headers: { Authorization: `Bearer ${bearer}`, Date: String(Date.now()) }, body });

  it('trades the access token for a JWT and reads status with full permissions, lastModified and empty collections', async () => {
    const auth = await jwt();
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({ token: expect.any(String), iat: expect.any(Number), exp: expect.any(Number) });
    const bearer = auth.body.token as string;

    const status = await v3('GET', '/status', bearer);
    expect(status.status).toBe(200);
    // RemoteStatusResponse: version, apiVersion, srvDate, storage, apiPermissions; "crud" = hasWritePermission.
    expect(status.body.result).toMatchObject({ version: expect.any(String), apiVersion: expect.any(String), srvDate: expect.any(Number), storage: { storage: expect.any(String) } });
    expect(status.body.result.apiPermissions).toEqual({ devicestatus: 'crud', entries: 'crud', food: 'crud', profile: 'crud', settings: 'crud', treatments: 'crud' });

    const last = await v3('GET', '/lastModified', bearer);
    expect(last.status).toBe(200);
    expect(last.body.result.collections).toMatchObject({ entries: expect.any(Number), treatments: expect.any(Number), devicestatus: expect.any(Number), profile: expect.any(Number), foods: expect.any(Number), settings: expect.any(Number) });

    // The load workers run in a chain: every one must answer 200 with a list, even when empty.
    for (const path of ['/food?limit=1000', '/settings?limit=100', '/profile?sort$desc=date&limit=1', '/devicestatus/history/0', '/profile/history/0?limit=10']) {
      const answer = await v3('GET', path, bearer);
      expect(answer.status, path).toBe(200);
      expect(Array.isArray(answer.body.result), path).toBe(true);
    }
  });

  it('uploads glucose and treatments: 201 with identifiers, 200 + isDeduplication on re-upload, mapped to portal readings and events', async () => {
    const bearer = (await jwt()).body.token as string;
    const t = day(3);
    const sgv = { type: 'sgv', sgv: 142, date: t, utcOffset: 60, device: 'AndroidAPS-DexcomG6', direction: 'FortyFiveUp', app: 'AAPS', isValid: true, noise: 0, units: 'mg/dl' };
    const created = await v3('POST', '/entries', bearer, sgv);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ identifier: expect.any(String), lastModified: expect.any(Number) });
    const again = await v3('POST', '/entries', bearer, sgv);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ isDeduplication: true, deduplicatedIdentifier: created.body.identifier });

    // NSBolus → RemoteTreatment, NSCarbs → RemoteTreatment (fields from the AAPS mappers).
    const bolus = { eventType: 'Correction Bolus', date: t + 60_000, created_at: new Date(t + 60_000).toISOString(), utcOffset: 60, insulin: 2.5, type: 'NORMAL', isSMB: false, isBasalInsulin: false, pumpId: 4711, pumpType: 'OMNIPOD_DASH', pumpSerial: 'X1', app: 'AAPS', isValid: true };
    const carbs = { eventType: 'Carb Correction', date: t + 120_000, created_at: new Date(t + 120_000).toISOString(), utcOffset: 60, carbs: 30, duration: 0, notes: 'toast', app: 'AAPS', isValid: true };
    const tempBasal = { eventType: 'Temp Basal', date: t + 180_000, created_at: new Date(t + 180_000).toISOString(), utcOffset: 60, duration: 30, durationInMilliseconds: 1_800_000, rate: 0.4, percent: -60, type: 'NORMAL', isAbsolute: false, app: 'AAPS', isValid: true };
    const ids: string[] = [];
    for (const doc of [bolus, carbs, tempBasal]) {
      const answer = await v3('POST', '/treatments', bearer, doc);
      expect(answer.status).toBe(201);
      ids.push(answer.body.identifier as string);
    }
    expect((await v3('POST', '/treatments', bearer, bolus)).body).toMatchObject({ isDeduplication: true, deduplicatedIdentifier: ids[0] });

    const readings = await readingsOn(t);
    expect(readings.filter((r) => r.time === t).map((r) => r.mgdl)).toEqual([142]);
    const events = await eventsOn(t);
    expect(events.map((e) => e.detail).sort((a, b) => a.eventType.localeCompare(b.eventType))).toEqual([
      { eventType: 'insulin', insulinKind: 'Short_acting', units: 2.5 },
      { eventType: 'meal', mealTag: 'Extra', carbs: 30 },
    ]);

    // What AAPS reads back: its own documents with their identifiers, by date or by modification.
    const newer = await v3('GET', `/treatments?sort=created_at&created_at$gt=${new Date(t).toISOString()}&limit=500`, bearer);
    expect(newer.body.result.map((d: { identifier: string }) => d.identifier)).toEqual(ids);
    expect(newer.body.result[0]).toMatchObject({ insulin: 2.5, pumpId: 4711, srvModified: expect.any(Number) });
    const sgvs = await v3('GET', `/entries?sort=date&date$gt=${t - 1}&limit=500`, bearer);
    expect(sgvs.body.result).toEqual([expect.objectContaining({ sgv: 142, date: t, identifier: created.body.identifier })]);
    const history = await v3('GET', '/treatments/history/0?limit=500', bearer);
    const etag = history.headers.get('ETag')!;
    // NSAndroidClientImpl: eTag.substring(3, length - 1).toLong() is the next lastModified.
    expect(etag).toMatch(/^W\/"\d+"$/);
    expect(Number(etag.substring(3, etag.length - 1))).toBe(Math.max(...history.body.result.map((d: { srvModified: number }) => d.srvModified)));
    const none = await v3('GET', `/treatments/history/${etag.substring(3, etag.length - 1)}?limit=500`, bearer);
    expect(none.body.result).toEqual([]);
  });

  it('follows updates and deletions into the portal, and history tells of the deletion', async () => {
    const bearer = (await jwt()).body.token as string;
    const t = day(5);
    const carbs = { eventType: 'Carb Correction', date: t, created_at: new Date(t).toISOString(), utcOffset: 0, carbs: 20, app: 'AAPS', isValid: true };
    const { identifier } = (await v3('POST', '/treatments', bearer, carbs)).body as { identifier: string };
    const before = Date.now() - 1;
    // updateTreatment: AAPS nulls date and utcOffset (Gson omits them) and PATCHes the rest.
    const patched = await v3('PATCH', `/treatments/${identifier}`, bearer, { eventType: 'Carb Correction', created_at: new Date(t).toISOString(), carbs: 25, app: 'AAPS', isValid: true });
    expect(patched.status).toBe(200);
    expect((await eventsOn(t)).map((e) => e.detail)).toEqual([{ eventType: 'meal', mealTag: 'Extra', carbs: 25 }]);
    const one = await v3('GET', `/treatments/${identifier}`, bearer);
    expect(one.body.result).toMatchObject({ carbs: 25, date: t, identifier });

    expect((await v3('DELETE', `/treatments/${identifier}`, bearer)).status).toBe(200);
    expect(await eventsOn(t)).toEqual([]);
    expect((await v3('GET', `/treatments/${identifier}`, bearer)).status).toBe(410);
    const history = await v3('GET', `/treatments/history/${before}`, bearer);
    expect(history.body.result).toEqual([expect.objectContaining({ identifier, isValid: false })]);
  });

  it('stores device status, profiles and food as sent', async () => {
    const bearer = (await jwt()).body.token as string;
    const status = { date: Date.now(), created_at: new Date().toISOString(), device: 'openaps://samsung SM-G970F', app: 'AAPS', pump: { reservoir: 120, battery: { percent: 70 } }, openaps: { iob: { iob: 1.2 } }, uploaderBattery: 80, isCharging: false };
    expect((await v3('POST', '/devicestatus', bearer, status)).status).toBe(201);
    const profile = { date: Date.now(), created_at: new Date().toISOString(), defaultProfile: 'Day', store: { Day: { dia: 5, units: 'mmol', timezone: 'Europe/London' } }, app: 'AAPS' };
    expect((await v3('POST', '/profile', bearer, profile)).status).toBe(201);
    const latest = await v3('GET', '/profile?sort$desc=date&limit=1', bearer);
    expect(latest.body.result).toEqual([expect.objectContaining({ defaultProfile: 'Day', store: profile.store })]);
    const last = await v3('GET', '/lastModified', bearer);
    expect(last.body.result.collections.devicestatus).toBeGreaterThan(0);
    expect(last.body.result.collections.profile).toBeGreaterThan(0);
  });

  it('refuses a wrong or revoked token and a read-only secret’s writes', async () => {
    expect((await call('GET', '/api/v2/authorization/request/not-a-secret')).status).toBe(401);
    expect((await call('GET', '/api/v3/status', { headers: { Authorization: 'Bearer forged.jwt.value' } })).status).toBe(401);

    const reader = (await jwt(readOnly)).body.token as string;
    const status = await v3('GET', '/status', reader);
    expect(status.body.result.apiPermissions.treatments).toBe('r');
    expect((await v3('POST', '/entries', reader, { type: 'sgv', sgv: 100, date: day(7), app: 'x' })).status).toBe(403);

    const temporary = await demo.createUploadSecret({ label: 'old phone' });
    const bearer = (await jwt(temporary.secret)).body.token as string;
    expect((await v3('GET', '/status', bearer)).status).toBe(200);
    await demo.revokeUploadSecret({ id: temporary.id });
    // A JWT issued before the revocation stops working at once.
    expect((await v3('GET', '/status', bearer)).status).toBe(401);
  });

  it('tells a subscribed /storage socket of each new document, and only its own member’s', async () => {
    const socket = io(`${server.baseUrl}/storage`, { transports: ['websocket'], forceNew: true });
    try {
      const subscribed = await new Promise<{ success: boolean; collections: string[] }>((resolve) =>
        socket.emit('subscribe', { accessToken: secret, collections: ['devicestatus', 'entries', 'profile', 'treatments', 'foods', 'settings'] }, resolve),
      );
      expect(subscribed).toMatchObject({ success: true, collections: expect.arrayContaining(['entries', 'treatments', 'foods']) });
      const created = new Promise<{ colName: string; doc: { sgv: number; srvModified: number } }>((resolve) => socket.once('create', resolve));
      const bearer = (await jwt()).body.token as string;
      await v3('POST', '/entries', bearer, { type: 'sgv', sgv: 155, date: day(9), app: 'AAPS', device: 'x' });
      const message = await created;
      expect(message.colName).toBe('entries');
      expect(message.doc).toMatchObject({ sgv: 155, srvModified: expect.any(Number) });

      const stranger = io(`${server.baseUrl}/storage`, { transports: ['websocket'], forceNew: true });
      const refused = await new Promise<{ success: boolean }>((resolve) => stranger.emit('subscribe', { accessToken: 'wrong' }, resolve));
      expect(refused.success).toBe(false);
      stranger.close();
    } finally {
      socket.close();
    }
  });
});

describe('AndroidAPS NSClient v1 (socket.io authorize, dbAdd, dbUpdate)', () => {
  function connect(): Socket {
    return io(server.baseUrl, { transports: ['polling', 'websocket'], forceNew: true });
  }

  it('authorizes with the SHA-1 of the secret, sends a full dataUpdate, and writes through dbAdd/dbUpdate', async () => {
    const socket = connect();
    try {
      const firstUpdate = new Promise<Record<string, unknown>>((resolve) => socket.once('dataUpdate', resolve));
      const auth = await new Promise<Record<string, boolean>>((resolve) =>
        socket.emit('authorize', { client: 'Android_AAPS', history: 48, status: true, from: 0, secret: sha1(secret) }, resolve),
      );
      // NSAuthAck: uploads need both write and write_treatment.
      expect(auth).toEqual({ read: true, write: true, write_treatment: true });
      const full = await firstUpdate;
      expect(full).toMatchObject({ status: { version: expect.any(String), versionNum: expect.any(Number) }, sgvs: expect.any(Array), treatments: expect.any(Array) });
      const sgvs = full.sgvs as { mgdl: number; mills: number; _id: string }[];
      // The seeded member has today's glucose; NSSgvObject reads mgdl and mills.
      expect(sgvs.length).toBeGreaterThan(100);
      expect(sgvs[0]).toMatchObject({ mgdl: expect.any(Number), mills: expect.any(Number), _id: expect.any(String) });

      const t = day(11);
      const added = await new Promise<unknown>((resolve) =>
        socket.emit('dbAdd', { collection: 'treatments', data: { eventType: 'Meal Bolus', insulin: 3, carbs: 45, created_at: new Date(t).toISOString(), date: t, isValid: true, pumpId: 9, pumpType: 'OMNIPOD_DASH' } }, resolve),
      );
      // NSAddAck: an array whose first element has a string _id.
      expect(added).toEqual([expect.objectContaining({ _id: expect.any(String), insulin: 3, carbs: 45 })]);
      const id = (added as { _id: string }[])[0]!._id;
      expect((await eventsOn(t)).map((e) => e.eventType).sort()).toEqual(['insulin', 'meal']);

      // Deleting is an update with isValid: false; NSUpdateAck needs an object with `result`.
      const updated = await new Promise<unknown>((resolve) =>
        socket.emit('dbUpdate', { collection: 'treatments', _id: id, data: { eventType: 'Meal Bolus', insulin: 3, carbs: 45, created_at: new Date(t).toISOString(), isValid: false } }, resolve),
      );
      expect(updated).toEqual({ result: 'success' });
      expect(await eventsOn(t)).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('hears a phone’s batch of entries as one delta carrying every reading, as Nightscout’s deltas do', async () => {
    const socket = connect();
    try {
      const updates: Record<string, unknown>[] = [];
      const full = new Promise((resolve) => socket.once('dataUpdate', resolve));
      await new Promise((resolve) => socket.emit('authorize', { client: 'Android_AAPS', history: 1, secret: sha1(secret) }, resolve));
      await full;
      socket.on('dataUpdate', (update: Record<string, unknown>) => updates.push(update));
      const t = day(23);
      const batch = [0, 5, 10].map((m) => ({ type: 'sgv', sgv: 100 + m, date: t + m * 60_000, device: 'xDrip-DexcomG6', direction: 'Flat' }));
      const posted = await call('POST', '/api/v1/entries', { headers: { 'api-secret': sha1(secret) }, body: batch });
      expect(posted.status).toBe(200);
      await expect.poll(() => updates.length).toBe(1);
      // Nothing else follows for this batch.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(updates).toHaveLength(1);
      expect(updates[0]).toMatchObject({ delta: true, lastUpdated: expect.any(Number) });
      expect((updates[0]!.sgvs as { mgdl: number; mills: number }[]).map((s) => [s.mills, s.mgdl])).toEqual(batch.map((e) => [e.date, e.sgv]));
    } finally {
      socket.close();
    }
  });

  it('disconnects a wrong secret without an answer, and refuses writes from a read-only secret', async () => {
    const wrong = connect();
    const disconnected = new Promise<string>((resolve) => wrong.once('disconnect', resolve));
    wrong.emit('authorize', { client: 'Android_AAPS', history: 1, secret: sha1('guess-guess-guess') });
    expect(await disconnected).toBe('io server disconnect');
    wrong.close();

    const reader = connect();
    try {
      const auth = await new Promise<Record<string, boolean>>((resolve) => reader.emit('authorize', { client: 'Android_AAPS', history: 1, secret: sha1(readOnly) }, resolve));
      expect(auth).toEqual({ read: true, write: false, write_treatment: false });
      const refused = await new Promise<unknown>((resolve) => reader.emit('dbAdd', { collection: 'treatments', data: { eventType: 'Note', created_at: new Date().toISOString() } }, resolve));
      expect(refused).toEqual({ result: 'Not permitted' });
    } finally {
      reader.close();
    }
  });
});

describe('xDrip+ (REST v1 with api-secret)', () => {
  const headers = () => ({ 'api-secret': sha1(secret) });

  it('uploads entries with local-offset dateStrings, a single devicestatus without created_at, and activity', async () => {
    const t = day(13);
    const entries = [
      { device: 'xDrip-DexcomG5', date: t, dateString: '2021-03-13T13:00:00.000+0100', sgv: 123, delta: -1.234, direction: 'Flat', type: 'sgv', filtered: 123000, unfiltered: 125000, rssi: 100, noise: 1, sysTime: '2021-03-13T13:00:00.000+0100' },
      { device: 'xDrip-DexcomG5', type: 'mbg', date: t - 60_000, dateString: '2021-03-13T12:59:00.000+0100', mbg: 118.0, sysTime: '2021-03-13T12:59:00.000+0100' },
      { device: 'xDrip-DexcomG5', type: 'cal', date: t - 60_000, dateString: '2021-03-13T12:59:00.000+0100', slope: 845.2, intercept: -12000.5, scale: 1 },
    ];
    const posted = await call('POST', '/api/v1/entries', { headers: headers(), body: entries });
    expect(posted.status).toBe(200);
    expect(posted.body).toHaveLength(3);
    const readings = await readingsOn(t);
    expect(readings.filter((r) => r.time === t).map((r) => r.mgdl)).toEqual([123]);
    expect((await eventsOn(t)).map((e) => e.detail)).toEqual([{ eventType: 'BG', mgdl: 118 }]);

    const battery = await call('POST', '/api/v1/devicestatus', { headers: headers(), body: { device: 'Google Pixel 7', uploader: { battery: 85, type: 'PHONE' } } });
    expect(battery.status).toBe(200);
    const transmitter = await call('POST', '/api/v1/devicestatus', { headers: headers(), body: { device: 'G6', uploader: { battery: '50 days (voltage: 285/275)', type: 'DEXCOM_TRANSMITTER' } } });
    expect(transmitter.status).toBe(200);
    expect((await call('POST', '/api/v1/activity', { headers: headers(), body: [{ type: 'hr-bpm', timeStamp: t, created_at: new Date(t).toISOString(), bpm: 72 }] })).status).toBe(200);
    // status.json: a JSON object with `version` (downloads stay off for 0.6–0.8).
    expect((await call('GET', '/api/v1/status.json', { headers: headers() })).body.version).toMatch(/^1[45]\./);
  });

  it('keeps one reading when a batch repeats a record with a corrected value, and a retry changes nothing', async () => {
    const t = day(21);
    const first = { type: 'sgv', sgv: 90, date: t, device: 'xDrip-DexcomG6', direction: 'Flat' };
    const posted = await call('POST', '/api/v1/entries', { headers: headers(), body: [first, { ...first, sgv: 95 }] });
    expect(posted.body.map((d: { _id: string }) => d._id)).toEqual([posted.body[0]._id, posted.body[0]._id]);
    expect((await readingsOn(t)).filter((r) => r.time === t).map((r) => r.mgdl)).toEqual([95]);

    const bearer = (await call('GET', `/api/v2/authorization/request/${secret}`)).body.token as string;
    const read = async () => (await call('GET', `/api/v3/entries/${posted.body[0]._id}`, { headers: { Authorization: `Bearer ${bearer}` } })).body.result;
    const before = await read();
    await call('POST', '/api/v1/entries', { headers: headers(), body: [{ ...first, sgv: 95 }] });
    // AAPS's history would otherwise re-download every retried record.
    expect((await read()).srvModified).toBe(before.srvModified);
  });

  it('a phone’s batch mixing held and new records (read in one lookup): held ones keep their _id, repeats share one, one reading each', async () => {
    const t = day(22);
    const at = (minutes: number, sgv: number) => ({ type: 'sgv', sgv, date: t + minutes * 60_000, device: 'xDrip-DexcomG6', direction: 'Flat' });
    const held = await call('POST', '/api/v1/entries', { headers: headers(), body: [at(0, 100)] });
    const batch = await call('POST', '/api/v1/entries', { headers: headers(), body: [at(5, 110), at(0, 100), at(5, 110), at(10, 120), at(0, 104)] });
    expect(batch.status).toBe(200);
    const ids = batch.body.map((d: { _id: string }) => d._id);
    expect(ids[1]).toBe(held.body[0]._id);
    expect(ids[4]).toBe(held.body[0]._id);
    expect(ids[2]).toBe(ids[0]);
    expect(new Set(ids).size).toBe(3);
    expect((await readingsOn(t)).filter((r) => r.time >= t && r.time <= t + 600_000).map((r) => r.mgdl)).toEqual([104, 110, 120]);
  });

  it('upserts treatments with PUT and its own _id, finds them by uuid, and deletes them by _id', async () => {
    const t = day(15);
    const uuid = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
    const treatment = { timestamp: t, eventType: '<none>', enteredBy: 'xdrip', notes: 'lunch', uuid, carbs: 45, insulin: 4.5, insulinInjections: '[{"insulin":"Novorapid","units":4.5}]', created_at: new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z'), sysTime: '2021-03-15T13:00:00.000+0100', _id: '3f2504e04f8911d39a0c0305' };
    expect((await call('PUT', '/api/v1/treatments', { headers: headers(), body: treatment })).status).toBe(200);
    expect((await call('PUT', '/api/v1/treatments', { headers: headers(), body: { ...treatment, carbs: 50 } })).status).toBe(200);
    const events = await eventsOn(t);
    expect(events.map((e) => e.detail).sort((a, b) => a.eventType.localeCompare(b.eventType))).toEqual([
      { eventType: 'insulin', insulinKind: 'Short_acting', units: 4.5 },
      { eventType: 'meal', mealTag: 'Extra', carbs: 50 },
    ]);
    const found = await call('GET', `/api/v1/treatments.json?find[uuid]=${uuid}`, { headers: headers() });
    expect(found.body).toEqual([expect.objectContaining({ _id: '3f2504e04f8911d39a0c0305', carbs: 50 })]);
    // Every downloaded treatment has an _id (xDrip aborts the batch otherwise).
    const all = await call('GET', '/api/v1/treatments', { headers: { ...headers(), 'BROKEN-If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' } });
    expect(all.body.every((d: { _id?: unknown }) => typeof d._id === 'string')).toBe(true);

    expect((await call('DELETE', '/api/v1/treatments/3f2504e04f8911d39a0c0305', { headers: headers() })).status).toBe(200);
    expect(await eventsOn(t)).toEqual([]);
  });
});

describe('Loop (NightscoutService)', () => {
  const headers = () => ({ 'api-secret': sha1(secret), Accept: 'application/json' });

  it('verifies credentials at /api/v1/experiments/test', async () => {
    expect((await call('GET', '/api/v1/experiments/test', { headers: headers() })).status).toBe(200);
    expect((await call('GET', '/api/v1/experiments/test', { headers: { 'api-secret': sha1('nope-nope-nope') } })).status).toBe(401);
  });

  it('gets exactly one _id per posted treatment, in order, with 200; re-posted doses keep their ids', async () => {
    const t = day(17);
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const batch = [
      { eventType: 'Carb Correction', created_at: iso(t), timestamp: iso(t), enteredBy: 'loop://iPhone', carbs: 45, absorptionTime: 180, foodType: '🌮', syncIdentifier: '6D1B0A7E-0001' },
      { eventType: 'Correction Bolus', created_at: iso(t + 60_000), timestamp: iso(t + 60_000), enteredBy: 'loop://iPhone', type: 'normal', insulin: 1.25, programmed: 1.25, unabsorbed: 0, duration: 0, automatic: true, syncIdentifier: 'dose-0002', insulinType: 'Humalog' },
      { eventType: 'Temp Basal', created_at: iso(t + 120_000), timestamp: iso(t + 120_000), enteredBy: 'loop://iPhone', temp: 'absolute', rate: 0.8, absolute: 0.8, duration: 30, amount: 0.4, automatic: true, syncIdentifier: 'dose-0003' },
    ];
    const posted = await call('POST', '/api/v1/treatments', { headers: headers(), body: batch });
    expect(posted.status).toBe(200); // Loop treats 201 as an error
    expect(posted.body).toHaveLength(3);
    expect(posted.body.map((d: { syncIdentifier: string }) => d.syncIdentifier)).toEqual(['6D1B0A7E-0001', 'dose-0002', 'dose-0003']);
    const ids = posted.body.map((d: { _id: string }) => d._id);
    const again = await call('POST', '/api/v1/treatments', { headers: headers(), body: batch.slice(1) });
    expect(again.body.map((d: { _id: string }) => d._id)).toEqual(ids.slice(1));
    expect((await eventsOn(t)).length).toBe(2);

    // modifyTreatments: one PUT per carb entry with the cached _id.
    expect((await call('PUT', '/api/v1/treatments', { headers: headers(), body: { ...batch[0], _id: ids[0], carbs: 50 } })).status).toBe(200);
    expect((await eventsOn(t)).find((e) => e.eventType === 'meal')?.detail).toEqual({ eventType: 'meal', mealTag: 'Extra', carbs: 50 });
  });

  it('posts an override under its own UUID and deletes it by that UUID; DELETE answers JSON', async () => {
    const t = day(19);
    const override = { _id: '0E1C9A7F-3B2D-4C5E-8F90-123456789ABC', eventType: 'Temporary Override', created_at: new Date(t).toISOString(), timestamp: new Date(t).toISOString(), enteredBy: 'Loop', reason: '🏃 Running', duration: 60, correctionRange: [140, 160], insulinNeedsScaleFactor: 0.8 };
    const posted = await call('POST', '/api/v1/treatments', { headers: headers(), body: [override] });
    expect(posted.body).toEqual([expect.objectContaining({ _id: override._id })]);
    const removed = await call('DELETE', `/api/v1/treatments/${override._id}`, { headers: headers() });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ n: 1 });
  });

  it('uploads device status in batches and reads its profile back as one object', async () => {
    const statuses = [1, 2].map((i) => ({ device: 'loop://iPhone', created_at: new Date(Date.now() - i * 300_000).toISOString(), loop: { name: 'Loop', version: '3.4.0', iob: { iob: 1.2 }, cob: { cob: 20 } } }));
    const posted = await call('POST', '/api/v1/devicestatus', { headers: headers(), body: statuses });
    expect(posted.status).toBe(200);
    expect(posted.body).toHaveLength(2);
    const profile = { defaultProfile: 'Default', startDate: new Date().toISOString(), created_at: new Date().toISOString(), mills: Date.now(), units: 'mg/dL', enteredBy: 'Loop', loopSettings: { dosingEnabled: true }, store: { Default: { dia: 6, timezone: 'Europe/London', basal: [{ time: '00:00', value: 0.8, timeAsSeconds: 0 }] } } };
    expect((await call('POST', '/api/v1/profile', { headers: headers(), body: [profile] })).body).toHaveLength(1);
    const current = await call('GET', '/api/v1/profile/current', { headers: headers() });
    expect(Array.isArray(current.body)).toBe(false);
    expect(current.body).toMatchObject({ defaultProfile: 'Default', store: profile.store, _id: expect.any(String) });
  });
});

describe('followers’ tools (read-only secret)', () => {
  it('read /pebble in the member’s unit with trend and delta, and entries.json', async () => {
    const pebble = await call('GET', `/pebble?count=2&token=${encodeURIComponent(readOnly)}`);
    expect(pebble.status).toBe(200);
    expect(pebble.body.bgs).toHaveLength(2);
    const [now, before] = pebble.body.bgs as { sgv: string; datetime: number; direction: string; trend: number; bgdelta: number }[];
    // The demo member reads mmol/L: one decimal, as text.
    expect(now!.sgv).toMatch(/^\d+\.\d$/);
    expect(now!.datetime).toBeGreaterThan(before!.datetime);
    expect(now!.trend).toBeGreaterThanOrEqual(0);
    const entries = await call('GET', `/api/v1/entries/sgv.json?count=2&token=${encodeURIComponent(readOnly)}`);
    expect(entries.body.map((e: { date: number }) => e.date)).toEqual([now!.datetime, before!.datetime]);
    const mgdl = await call('GET', `/pebble?count=1&units=mg/dl&token=${encodeURIComponent(readOnly)}`);
    expect(mgdl.body.bgs[0].sgv).toBe(String(entries.body[0].sgv));
    expect((await call('GET', '/pebble?token=wrong')).status).toBe(401);
  });
});

describe('CORS for web-based Nightscout tools', () => {
  it('lets any origin send api-secret and Authorization, and read ETag', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/entries.json`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://reporter.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'api-secret' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('api-secret');
    const v3 = await fetch(`${server.baseUrl}/api/v3/status`, { method: 'OPTIONS', headers: { Origin: 'https://x.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' } });
    expect(v3.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('authorization');
  });
});

describe('alarms for AAPS ("receive alarms" on /alarm, and the NSClient v1 channel)', () => {
  type Heard = { event: string; body: Record<string, unknown> };
  /** Every alarm event a socket hears, in order, and a way to wait for the next of a kind. */
  function listener(socket: Socket) {
    const heard: Heard[] = [];
    const waiting: { event: string; resolve: (h: Heard) => void }[] = [];
    for (const event of ['alarm', 'urgent_alarm', 'clear_alarm', 'announcement']) {
      socket.on(event, (body: Record<string, unknown>) => {
        const h = { event, body };
        heard.push(h);
        const i = waiting.findIndex((w) => w.event === event);
        if (i >= 0) waiting.splice(i, 1)[0]!.resolve(h);
      });
    }
    const next = (event: string) => new Promise<Heard>((resolve) => waiting.push({ event, resolve }));
    return { heard, next, count: (event: string) => heard.filter((h) => h.event === event).length };
  }
  const subscribe = async (token: string) => {
    const socket = io(`${server.baseUrl}/alarm`, { transports: ['websocket'], forceNew: true });
    const answer = await new Promise<{ success: boolean }>((resolve) => socket.emit('subscribe', { accessToken: token }, resolve));
    expect(answer.success).toBe(true);
    return socket;
  };
  const ack = (socket: Socket, level: number, silenceTime: number) =>
    new Promise<{ success: boolean }>((resolve) => socket.emit('ack', { level, group: 'default', silenceTime }, resolve));
  /** What xDrip+ sends every five minutes. */
  const upload = async (token: string, sgv: number, date: number) =>
    expect((await call('POST', '/api/v1/entries', { headers: { 'api-secret': sha1(token) }, body: [{ type: 'sgv', sgv, date, device: 'xDrip-DexcomG7', direction: 'Flat' }] })).status).toBe(200);

  it('rings in the language the secret was made in, repeats only live readings, heeds the uploader’s snooze and clears back in range', async () => {
    const french = await server.signIn('demo@cgm-portal.example', undefined, 'fr');
    const frSecret = (await french.createUploadSecret({ label: 'AAPS (fr)' })).secret;
    const aaps = await subscribe(frSecret);
    const carer = await subscribe(readOnly);
    const legacy = io(server.baseUrl, { transports: ['websocket'], forceNew: true });
    try {
      const [heard, carerHeard, legacyHeard] = [listener(aaps), listener(carer), listener(legacy)];
      await new Promise((resolve) => legacy.emit('authorize', { client: 'Android_AAPS', history: 1, secret: sha1(secret) }, resolve));
      const now = Date.now();

      // A back-filled reading from two hours ago rings nobody.
      await upload(secret, 40, now - 2 * 3_600_000);
      const urgent = heard.next('urgent_alarm');
      const carerUrgent = carerHeard.next('urgent_alarm');
      const legacyUrgent = legacyHeard.next('urgent_alarm');
      await upload(secret, 50, now - 60_000);
      // The demo member reads mmol/L and alerts below 3.1 mmol/L (55 mg/dL) as urgent.
      expect((await urgent).body).toMatchObject({ level: 2, eventName: 'low', group: 'default', title: 'Alerte glycémie très basse', message: 'Glycémie actuelle\u00a0: 2,8 mmol/L' });
      expect((await carerUrgent).body).toMatchObject({ level: 2, title: 'Urgent low glucose alert', message: 'Current glucose: 2.8 mmol/L' });
      expect((await legacyUrgent).body).toMatchObject({ level: 2, eventName: 'low' });

      // Each new live reading repeats the alarm, here a warning low.
      const warning = heard.next('alarm');
      await upload(secret, 60, now - 50_000);
      expect((await warning).body).toMatchObject({ level: 1, eventName: 'low', title: 'Alerte glycémie basse' });
      expect(heard.count('urgent_alarm')).toBe(1);

      // A follower's read-only tool cannot silence the member's phone; the uploader can, and
      // then every listener hears the alarm cleared, so the others stop ringing.
      expect(await ack(carer, 2, 600_000)).toEqual({ success: false });
      const [ackCleared, carerAckCleared] = [heard.next('clear_alarm'), carerHeard.next('clear_alarm')];
      expect(await ack(aaps, 2, 600_000)).toEqual({ success: true });
      expect((await ackCleared).body).toMatchObject({ clear: true, title: 'Alerte acquittée', group: 'default' });
      expect((await carerAckCleared).body).toMatchObject({ clear: true, title: 'Alarm acknowledged' });
      const cleared = heard.next('clear_alarm');
      await upload(secret, 52, now - 40_000);
      await upload(secret, 120, now - 30_000);
      expect((await cleared).body).toMatchObject({ clear: true, title: "Fin de l'alerte", message: 'Glycémie actuelle\u00a0: 6,7 mmol/L' });
      expect([heard.count('urgent_alarm'), heard.count('alarm')], 'the snoozed low stayed quiet').toEqual([1, 1]);

      // Back in range forgets the snooze: the next low rings again.
      const again = legacyHeard.next('urgent_alarm');
      await upload(secret, 45, now - 20_000);
      expect((await again).body).toMatchObject({ level: 2, title: 'Urgent low glucose alert' });
    } finally {
      aaps.close();
      carer.close();
      legacy.close();
    }
  });
});
