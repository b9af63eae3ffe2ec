import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPackedReadingsResult, packedReportData, type Reading } from '@cgm-portal/api-client/contract';
import type { ApiClient } from '@cgm-portal/api-client';
import { onPostgres, startServer, type RunningServer } from './test-support/server';

/**
 * Issue 19's fast read path against the real server: packed answers carry exactly the plain
 * answers' readings, the ETag comes from the data (a late back-fill or a delete of a past day
 * changes it, the clock does not), closed days cached by one server see another server's
 * writes, and JSON answers are compressed.
 */
const DAY = 86_400_000;
let server: RunningServer;
let demo: ApiClient & { token: { value: string | null } };
let bearer: string;
const now = Date.now();
const span = { from: now - 90 * DAY, to: now };

beforeAll(async () => {
  server = await startServer();
  demo = await server.signIn('demo@cgm-portal.example');
  const secret = (await demo.createUploadSecret({ label: 'fast path' })).secret;
  const auth = (await (await fetch(`${server.baseUrl}/api/v2/authorization/request/${encodeURIComponent(secret)}`)).json()) as { token: string };
  bearer = auth.token;
});
afterAll(() => server?.stop());

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw POST, so Content-Encoding and 304 are seen as the wire has them. */
function post(path: string, body: unknown, headers: Record<string, string> = {}, base = server.baseUrl): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}/api${path}`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', xToken: demo.token.value!, lanCode: 'en_US', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const packed = async (request: object, headers: Record<string, string> = {}, base?: string) => {
  const answer = await post('/web/glucose/loadPackedReadings', request, headers, base);
  const text = answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body).toString() : answer.body.toString();
  const json = answer.status === 200 ? (JSON.parse(text) as { code: number; item: unknown }) : null;
  return { ...answer, etag: String(answer.headers.etag), readings: json ? loadPackedReadingsResult.parse(json.item).readings : null };
};

/** Nightscout API v3, as AAPS writes and withdraws a reading. */
const v3 = async (method: string, path: string, body?: unknown, base = server.baseUrl) => {
  const response = await fetch(`${base}/api/v3${path}`, {
    method,
    headers: { Authorization: `Bearer ${bearer}`, Date: String(Date.now()), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { identifier?: string } };
};
const backFill = (date: number, sgv: number, base?: string) => v3('POST', '/entries', { type: 'sgv', sgv, date, device: 'fast-path-test', app: 'test' }, base);

describe('packed readings', () => {
  it('carry exactly the readings of the plain call, 90 days of them with their gaps, and spans cut anywhere', async () => {
    const plain = (await demo.loadReadings(span)).readings;
    expect(plain.length).toBeGreaterThan(20_000);
    const answer = await packed(span);
    expect(answer.status).toBe(200);
    expect(answer.readings).toEqual(plain);
    // Through the api-client too, as the portal reads them.
    expect((await demo.loadPackedReadings(span)).readings).toEqual(plain);
    // Spans that cut days anywhere (not on UTC midnight) hold the same readings as the plain call.
    const cut = { from: span.from + 7 * DAY + 12_345, to: span.from + 9 * DAY + 3_600_001 };
    expect((await demo.loadPackedReadings(cut)).readings).toEqual((await demo.loadReadings(cut)).readings);
  });

  it('answer 304 to the ETag of unchanged data, and a new ETag after a back-fill or a delete of a past day', async () => {
    const closed = { from: now - 60 * DAY, to: now - 30 * DAY };
    const first = await packed(closed);
    expect(first.etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await packed(closed, { 'If-None-Match': first.etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    // A late upload into a past day: same span, same clock, different data.
    const late = closed.from + 10 * DAY + 2 * 60_000 + 17;
    const upload = await backFill(late, 77);
    expect(upload.status).toBe(201);
    const afterUpload = await packed(closed, { 'If-None-Match': first.etag });
    expect(afterUpload.status).toBe(200);
    expect(afterUpload.etag).not.toBe(first.etag);
    expect(afterUpload.readings).toContainEqual({ time: late, mgdl: 77 });
    expect(afterUpload.readings).toEqual((await demo.loadReadings(closed)).readings);

    // A permanent delete of it (an uploader withdrawing a reading).
    expect((await v3('DELETE', `/entries/${upload.body.identifier}?permanent=true`)).status).toBe(200);
    const afterDelete = await packed(closed, { 'If-None-Match': afterUpload.etag });
    expect(afterDelete.status).toBe(200);
    expect(afterDelete.readings).not.toContainEqual({ time: late, mgdl: 77 });
    expect(afterDelete.readings).toEqual(first.readings);
  });

  it('give another member no ETag or readings of someone they may not see', async () => {
    const stranger = await server.signIn('stranger@cgm-portal.example');
    const demoId = (await demo.getUserInfo()).memberId;
    const refused = await post('/web/glucose/loadPackedReadings', { memberId: demoId, ...span }, { xToken: stranger.token.value! });
    expect(JSON.parse(refused.body.toString())).toMatchObject({ code: 403 });
    expect(refused.headers.etag).toBeUndefined();
  });

  it('are gzip-compressed on the wire, well under 100 KB for 90 days', async () => {
    const answer = await packed(span, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.body.length).toBeLessThan(100 * 1024);
    expect(answer.readings).toEqual((await demo.loadReadings(span)).readings);
    // Kept by ETag and sent again byte for byte.
    expect((await packed(span, { 'Accept-Encoding': 'gzip' })).body).toEqual(answer.body);
    // The plain JSON answers are compressed as well.
    const plain = await post('/web/glucose/loadReadings', span, { 'Accept-Encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBe('gzip');
  });
});

describe('the packed report', () => {
  it('is the plain report with its readings packed', async () => {
    const plain = await demo.loadReport(span);
    const report = await demo.loadPackedReport(span);
    expect(report).toEqual(plain);
    const raw = await post('/web/userReport/loadPackedReport', span);
    expect(packedReportData.parse((JSON.parse(raw.body.toString()) as { item: unknown }).item).readings).toEqual(plain.readings);
  });

  it('answers 304 to its own ETag while nothing changed, and the new report after a back-fill', async () => {
    const closed = { from: now - 20 * DAY, to: now - 10 * DAY };
    const first = await post('/web/userReport/loadPackedReport', closed);
    const etag = String(first.headers.etag);
    expect((await post('/web/userReport/loadPackedReport', closed, { 'If-None-Match': etag })).status).toBe(304);
    await backFill(closed.from + 5 * DAY + 7, 250);
    const changed = await post('/web/userReport/loadPackedReport', closed, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(packedReportData.parse((JSON.parse(changed.body.toString()) as { item: unknown }).item).readings).toContainEqual({ time: closed.from + 5 * DAY + 7, mgdl: 250 });
  });

  it('recomputes its statistics after a back-fill of a past day', async () => {
    const closed = { from: now - 50 * DAY, to: now - 40 * DAY };
    const before = await demo.loadPackedReport(closed);
    const late = closed.from + DAY + 30_011;
    await backFill(late, 390);
    const after = await demo.loadPackedReport(closed);
    expect(after.readings).toContainEqual({ time: late, mgdl: 390 });
    expect(after.summary!.count).toBe(before.summary!.count + 1);
    expect(after.summary!.max).toBe(390);
    expect(after).toEqual(await demo.loadReport(closed));
  });
});

// Two servers on one SQLite file: each caches closed days; a write through one is seen by the other.
describe.skipIf(onPostgres)('two servers on one database', () => {
  let second: RunningServer;
  beforeAll(async () => {
    second = await startServer({ CGM_DATA_DIR: server.dataDir, CGM_SEED: '0' });
  });
  afterAll(() => second?.stop());

  it('see each other\'s back-fills of cached days', async () => {
    const closed = { from: now - 80 * DAY, to: now - 70 * DAY };
    const cached = await packed(closed, {}, second.baseUrl);
    expect(cached.readings).toEqual((await demo.loadReadings(closed)).readings);
    const late = closed.from + 3 * DAY + 1;
    expect((await backFill(late, 66)).status).toBe(201);
    const seen = await packed(closed, { 'If-None-Match': cached.etag }, second.baseUrl);
    expect(seen.status).toBe(200);
    expect(seen.readings).toContainEqual({ time: late, mgdl: 66 } satisfies Reading);
  });
});
