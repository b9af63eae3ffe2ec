import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { ApiError, MAX_IMPORT_BYTES, type ApiClient } from '@cgm-portal/api-client';
import { onPostgres, startServer, type RunningServer } from './test-support/server';

const DAY = 86_400_000;
const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-fixtures');
const fixture = (name: string) => readFileSync(join(fixtures, name), 'utf8');
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

let server: RunningServer;
let demo: ApiClient;
let follower: Awaited<ReturnType<RunningServer['signIn']>>;
let secret: string;

beforeAll(async () => {
  server = await startServer();
  demo = await server.signIn('demo@cgm-portal.example');
  follower = await server.signIn('follower@cgm-portal.example');
  secret = (await demo.createUploadSecret({ label: 'xDrip+' })).secret;
});
afterAll(() => server?.stop());

async function ns(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}
const code = (promise: Promise<unknown>) => promise.then(() => 200, (e: unknown) => (e instanceof ApiError ? e.code : -1));

// 2020: far from the seeded data, which ends today.
const T0 = Date.UTC(2020, 5, 1, 12, 0);
const entries = Array.from({ length: 12 }, (_, i) => ({
  type: 'sgv',
  sgv: 100 + i * 3,
  date: T0 + i * 300_000,
  dateString: new Date(T0 + i * 300_000).toISOString(),
  direction: 'Flat',
  noise: 1,
  device: 'xDrip-DexcomG6',
}));

describe('upload secrets', () => {
  it('are created by a CGM user, shown once, listed without the secret, and never by a follower', async () => {
    const created = await demo.createUploadSecret({ label: 'Loop' });
    expect(created.secret.length).toBeGreaterThanOrEqual(12);
    expect(created.apiSecretSha1).toBe(sha1(created.secret));
    const { rows } = await demo.loadUploadSecrets();
    expect(rows.map((r) => r.label)).toEqual(expect.arrayContaining(['Loop', 'xDrip+']));
    expect(JSON.stringify(rows)).not.toContain(created.secret);
    expect(await code(follower.createUploadSecret({ label: 'mine' }))).toBe(403);
  });
});

describe('Nightscout upload', () => {
  it('accepts entries with the SHA-1 of the secret, and a re-upload leaves one reading per time', async () => {
    const headers = { 'api-secret': sha1(secret) };
    const first = await ns('/entries', { method: 'POST', body: entries, headers });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(12);
    expect((await ns('/entries.json', { method: 'POST', body: entries, headers })).status).toBe(200);
    expect((await ns('/entries', { method: 'POST', body: entries[0], headers })).status).toBe(200);
    const { readings } = await demo.loadReadings({ from: T0, to: T0 + DAY });
    expect(readings.map((r) => r.mgdl)).toEqual(entries.map((e) => e.sgv));
  });

  it('answers GET entries.json?count=N like Nightscout, newest first with a direction', async () => {
    const { status, body } = await ns(`/entries.json?count=3&find[date][$lte]=${T0 + 11 * 300_000}`, { headers: { 'api-secret': sha1(secret) } });
    expect(status).toBe(200);
    expect(body).toEqual([
      expect.objectContaining({ type: 'sgv', sgv: 133, date: T0 + 11 * 300_000, direction: 'Flat', dateString: expect.any(String) }),
      expect.objectContaining({ sgv: 130 }),
      expect.objectContaining({ sgv: 127 }),
    ]);
    const latest = await ns('/entries.json?count=2', { headers: { 'api-secret': sha1(secret) } });
    expect(latest.body).toHaveLength(2);
    expect((await ns('/status.json')).body).toMatchObject({ status: 'ok', apiEnabled: true });
  });

  it('maps treatments to events, idempotently', async () => {
    const treatments = [
      { eventType: 'Meal Bolus', created_at: new Date(T0 + 600_000).toISOString(), insulin: 4, carbs: 40, notes: 'lunch', enteredBy: 'AndroidAPS' },
      { eventType: 'BG Check', created_at: new Date(T0 + 1_200_000).toISOString(), glucose: 6.2, units: 'mmol', glucoseType: 'Finger' },
    ];
    const url = `/treatments?token=${encodeURIComponent(secret)}`;
    expect((await ns(url, { method: 'POST', body: treatments })).status).toBe(200);
    expect((await ns(url, { method: 'POST', body: treatments })).status).toBe(200);
    const { rows } = await demo.loadEvents({ from: T0, to: T0 + DAY, rows: 50 });
    expect(rows.map((e) => e.detail)).toEqual([
      { eventType: 'BG', mgdl: 112 },
      { eventType: 'meal', mealTag: 'Extra', carbs: 40 },
      { eventType: 'insulin', insulinKind: 'Short_acting', units: 4 },
    ]);
    expect(rows[1]!.note).toBe('lunch');
    const since = new Date(T0 + 900_000).toISOString();
    const until = new Date(T0 + DAY).toISOString();
    const read = await ns(`/treatments.json?count=10&find[created_at][$gte]=${since}&find[created_at][$lt]=${until}&token=${encodeURIComponent(secret)}`);
    // Uploaded treatments are answered as the uploader sent them (mmol/L stays mmol/L), with an _id.
    expect(read.body).toEqual([
      expect.objectContaining({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), eventType: 'BG Check', glucose: 6.2, units: 'mmol', created_at: new Date(T0 + 1_200_000).toISOString() }),
    ]);
  });

  it('refuses a wrong, missing or revoked secret, and a follower session token', async () => {
    const later = [{ type: 'sgv', sgv: 150, date: T0 + DAY / 2 }];
    expect((await ns('/entries', { method: 'POST', body: later, headers: { 'api-secret': sha1('wrong-secret-123') } })).status).toBe(401);
    expect((await ns('/entries', { method: 'POST', body: later })).status).toBe(401);
    expect((await ns('/entries.json?token=nope')).status).toBe(401);
    expect((await ns(`/entries?token=${follower.token.value}`, { method: 'POST', body: later })).status).toBe(401);
    expect((await ns('/entries', { method: 'POST', body: later, headers: { 'api-secret': sha1(follower.token.value!) } })).status).toBe(401);
    const extra = await demo.createUploadSecret({ label: 'old phone' });
    await demo.revokeUploadSecret({ id: extra.id });
    expect((await ns('/entries', { method: 'POST', body: later, headers: { 'api-secret': extra.apiSecretSha1 } })).status).toBe(401);
    const { readings } = await demo.loadReadings({ from: T0 + DAY / 2 - 1, to: T0 + DAY });
    expect(readings).toEqual([]);
  });

  it('gives a follower tool a read-only secret: it reads entries and can never write', async () => {
    const reader = await demo.createUploadSecret({ label: 'for Sam', scope: 'read' });
    expect(reader.scope).toBe('read');
    const headers = { 'api-secret': reader.apiSecretSha1 };
    const read = await ns(`/entries.json?count=1&find[date][$lte]=${T0 + 11 * 300_000}`, { headers });
    expect(read).toMatchObject({ status: 200, body: [expect.objectContaining({ sgv: 133 })] });
    expect((await ns('/verifyauth', { headers })).body).toMatchObject({ message: { canRead: true, canWrite: false } });
    const later = [{ type: 'sgv', sgv: 150, date: T0 + DAY / 2 }];
    expect((await ns('/entries', { method: 'POST', body: later, headers })).status).toBe(403);
    expect((await ns(`/treatments?token=${reader.secret}`, { method: 'POST', body: [{ eventType: 'Carb Correction', carbs: 10, created_at: new Date(T0).toISOString() }] })).status).toBe(403);
    expect((await demo.loadReadings({ from: T0 + DAY / 2 - 1, to: T0 + DAY })).readings).toEqual([]);
  });
});

describe('file import', () => {
  const clarity = { fileName: 'clarity.csv', text: fixture('clarity-new-mgdl.csv'), timeZone: 'Europe/London' };
  const night = { from: Date.UTC(2023, 9, 28, 22), to: Date.UTC(2023, 9, 29, 12) };

  it('previews without writing, commits in one go, and a second commit only finds duplicates', async () => {
    const preview = await demo.previewImport(clarity);
    expect(preview).toMatchObject({ format: 'clarity', dryRun: true, readings: { added: 49, duplicates: 0 }, events: { added: 5, duplicates: 0 }, rejectedTotal: 0 });
    expect((await demo.loadReadings(night)).readings).toEqual([]);
    const committed = await demo.commitImport(clarity);
    expect(committed).toMatchObject({ dryRun: false, readings: { added: 49, duplicates: 0 }, events: { added: 5 } });
    const again = await demo.commitImport(clarity);
    expect(again).toMatchObject({ readings: { added: 0, duplicates: 49 }, events: { added: 0, duplicates: 5 } });
  });

  it('imports the night clocks went back as 4 real hours of 5-minute readings', async () => {
    const { readings } = await demo.loadReadings(night);
    expect(readings).toHaveLength(48);
    expect(readings[0]!.time).toBe(Date.UTC(2023, 9, 28, 23));
    expect(new Set(readings.slice(1).map((r, i) => r.time - readings[i]!.time))).toEqual(new Set([300_000]));
  });

  it('lists rejected lines with their reason', async () => {
    const preview = await demo.previewImport({ text: fixture('clarity-old-mmol.csv'), timeZone: 'Europe/London' });
    expect(preview.rejected).toEqual([
      { line: 41, reason: expect.stringContaining('clocks moved forward') },
      { line: 43, reason: expect.stringContaining('not a number') },
    ]);
  });

  it('changes nothing for a malformed file', async () => {
    const before = (await demo.loadReadings(night)).readings.length;
    const broken = fixture('malformed-unclosed-quote.csv').replace(/2023-10-2/g, '2023-10-1');
    expect(await code(demo.commitImport({ text: broken, timeZone: 'Europe/London' }))).toBe(400);
    expect(await code(demo.commitImport({ text: fixture('malformed.json'), timeZone: 'Europe/London' }))).toBe(400);
    expect((await demo.loadReadings({ from: night.from - 10 * DAY, to: night.to })).readings).toHaveLength(before);
  });

  it('runs one import per member at a time: parallel commits overlapping a running one are refused with a translated 409', async () => {
    // About 4 MB of 5-minute Clarity rows in 2015, far from every other test's data.
    const rows = Array.from({ length: 60_000 }, (_, i) => {
      const t = new Date(Date.UTC(2015, 0, 1) + i * 300_000).toISOString().slice(0, 19);
      return `${i + 3},${t},EGV,,,,Android G6,${100 + (i % 50)},,,,,${i * 300},8ABCDE`;
    });
    const text = [clarity.text.split(/\r?\n/)[0]!, ...rows].join('\r\n');
    const french = server.client({ language: 'fr' });
    french.token.value = (demo as typeof follower).token.value;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => french.commitImport({ text, timeZone: 'UTC' }).then((summary) => ({ summary }), (error: ApiError) => ({ error }))),
    );
    const done = answers.flatMap((a) => ('summary' in a ? [a.summary] : []));
    const refused = answers.flatMap((a) => ('error' in a ? [a.error] : []));
    // Those that arrive while one runs are refused; one that arrives after it ended may run (the
    // lease's atomicity itself is the store test's parallel burst).
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.map((e) => [e.code, e.message])).toEqual(Array(refused.length).fill([409, 'Une importation est déjà en cours pour ce compte ; attendez qu\'elle se termine']));
    expect(done.reduce((sum, d) => sum + d.readings.added, 0)).toBe(60_000);
    // Done, the member may import again: the lease was released.
    expect((await demo.previewImport({ text, timeZone: 'UTC' })).readings).toEqual({ added: 0, duplicates: 60_000 });
  });

  it('is the CGM user own: a follower can neither preview nor commit nor export', async () => {
    expect(await code(follower.previewImport(clarity))).toBe(403);
    expect(await code(follower.commitImport(clarity))).toBe(403);
    expect(await code(follower.exportData({ from: night.from, to: night.to, format: 'json' }))).toBe(403);
  });
});

describe.skipIf(onPostgres)('the import CLI', () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const cli = (...args: string[]) =>
    promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['scripts/import.ts', '--', ...args], {
      cwd: root,
      env: { ...process.env, CGM_DATA_DIR: server.dataDir },
    });

  it('previews with --dry-run, then imports a German LibreView file into the member account', async () => {
    const file = join(fixtures, 'libreview-de.csv');
    const span = { from: Date.UTC(2024, 2, 30, 20), to: Date.UTC(2024, 2, 31, 12) };
    const dry = await cli('--member', 'demo@cgm-portal.example', '--file', file, '--zone', 'Europe/Berlin', '--dry-run');
    expect(dry.stdout).toMatch(/libreview \(dayFirst\)/);
    expect(dry.stdout).toContain('readings: would add 27'); // 26 sensor + 1 strip
    expect(dry.stdout).toContain('dry run: nothing written');
    expect((await demo.loadReadings(span)).readings).toEqual([]);
    const run = await cli('--member', 'demo@cgm-portal.example', '--file', file, '--zone', 'Europe/Berlin');
    expect(run.stdout).toContain('readings: added 27');
    expect((await demo.loadReadings(span)).readings).toHaveLength(26);
    await expect(cli('--member', 'follower@cgm-portal.example', '--file', file)).rejects.toThrow(/not a CGM user/);
  }, 60_000);
});

describe.skipIf(onPostgres)('export and import round trip', () => {
  it('reproduces the same readings, events and metrics in an empty account (JSON and CSV)', async () => {
    // An empty CGM account: a copy of the demo member without data (written beside the running server).
    const db = new Database(join(server.dataDir, 'cgm-portal.sqlite'));
    const columns = (db.prepare('pragma table_info(members)').all() as { name: string }[]).map((c) => c.name).filter((c) => c !== 'id');
    const pick = columns.map((c) => (c === 'email' ? `'empty-${'$'}{n}@cgm-portal.example'` : c === 'mobile' ? 'null' : c));
    for (const n of [1, 2]) {
      db.prepare(`insert into members (${columns.join(',')}) select ${pick.join(',').replace('${n}', String(n))} from members where email = ?`).run('demo@cgm-portal.example');
    }
    db.close();

    const to = Date.now();
    const from = to - 14 * DAY;
    const original = await demo.loadReport({ from, to });
    for (const [n, format] of [[1, 'json'], [2, 'csv']] as const) {
      const file = await demo.exportData({ from, to, format });
      expect(file.readings).toBeGreaterThan(3000);
      const empty = server.client();
      const login = await empty.login({ loginType: 2, email: `empty-${n}@cgm-portal.example`, password: await empty.encryptPassword('Demo-1234') });
      empty.token.value = login.item!.token;
      const summary = await empty.commitImport({ fileName: file.fileName, text: file.content, timeZone: 'Pacific/Auckland' });
      expect(summary).toMatchObject({ format: format === 'json' ? 'portalJson' : 'portalCsv', rejectedTotal: 0, readings: { added: file.readings, duplicates: 0 }, events: { added: file.events } });
      const copy = await empty.loadReport({ from, to });
      expect(copy.readings).toEqual(original.readings);
      expect(copy.summary).toEqual(original.summary);
      const back = await empty.exportData({ from, to, format });
      expect(back.content.replace(/"exportedAt":\d+/, '')).toBe(file.content.replace(/"exportedAt":\d+/, ''));
    }
  });
});

describe('file upload: the file as the request body (what the portal sends)', () => {
  /** Clarity rows every 5 minutes from `start`, far from every other test's data. */
  const clarityRows = (start: number, count: number) =>
    [
      fixture('clarity-new-mgdl.csv').split(/\r?\n/)[0]!,
      ...Array.from({ length: count }, (_, i) => {
        const t = new Date(start + i * 300_000).toISOString().slice(0, 19);
        return `${i + 3},${t},EGV,,,,Android G6,${100 + (i % 50)},,,,,${i * 300},8ABCDE`;
      }),
    ].join('\r\n');
  const file = (text: string) => new Blob([text]);
  const same = <T extends object>(rows: T[], drop: string[]) => rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !drop.includes(k))));

  it('imports exactly what the JSON call imports: the same answer, readings and events', async () => {
    const pet = await server.signIn('pet@cgm-portal.example');
    // Clarity in wall-clock time across the night clocks went back in 2018, with sensor markers and a bad row.
    const local = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/London', dateStyle: 'short', timeStyle: 'medium' });
    const clarity = [
      fixture('clarity-new-mgdl.csv').split(/\r?\n/)[0]!,
      ...Array.from({ length: 600 }, (_, i) => {
        const value = i === 7 ? 'Low' : i === 8 ? 'High' : i === 9 ? 'n/a' : String(90 + (i % 80));
        return `${i + 3},${local.format(Date.UTC(2018, 9, 27) + i * 300_000).replace(' ', 'T')},EGV,,,,Android G6,${value},,,,,${i * 300},8ABCDE`;
      }),
    ].join('\r\n');
    const cases = [
      [clarity, 'Europe/London'],
      ['libreview-en-us.csv', 'America/New_York'],
      ['nightscout-entries.json', 'Europe/London'],
      ['nightscout-treatments.json', 'UTC'],
    ] as const;
    for (const [name, timeZone] of cases) {
      const text = name.endsWith('.csv') || name.endsWith('.json') ? fixture(name) : name;
      const byJson = await pet.commitImport({ text, timeZone });
      const byUpload = await demo.commitImportFile({ timeZone, file: file(text) });
      expect(byUpload).toEqual(byJson);
      expect(byUpload.readings.added + byUpload.events.added).toBeGreaterThan(0);
      const span = { from: byJson.first!, to: byJson.last! + 1 };
      const [mine, theirs] = await Promise.all([demo.loadReadings(span), pet.loadReadings(span)]);
      expect(mine.readings).toEqual(theirs.readings);
      const events = async (api: ApiClient) => same((await api.loadEvents({ ...span, rows: 500 })).rows, ['id', 'memberId', 'createdAt']);
      expect(await events(demo)).toEqual(await events(pet));
    }
  });

  it('refuses a bad, cut-off or oversized file with a translated 4xx, and stores nothing of it', async () => {
    const french = server.client({ language: 'fr' });
    french.token.value = (demo as typeof follower).token.value;
    const start = Date.UTC(2016, 0, 1);
    const span = { from: start, to: start + 2 * DAY };
    const text = clarityRows(start, 500);
    const refusal = (promise: Promise<unknown>) => promise.then(() => null, (e: ApiError) => [e.code, e.message]);
    const stored = async () => (await demo.loadReadings(span)).readings.length;

    // A JSON export cut in half, a CSV with a NUL, no file at all, no time zone.
    const json = fixture('nightscout-entries.json');
    expect(await refusal(french.commitImportFile({ timeZone: 'UTC', file: file(json.slice(0, json.length / 2)) }))).toEqual([400, expect.stringMatching(/^Valeur non valide pour le champ « file: the JSON cannot be read/)]);
    expect(await refusal(french.commitImportFile({ timeZone: 'UTC', file: file(`${text}\r\n9999,2016-01-03T00:00:00,EGV,,,,\u0000,120,,,,,0,8ABCDE`) }))).toEqual([400, expect.stringContaining('file')]);
    expect(await refusal(french.commitImportFile({ timeZone: 'UTC', file: file('') }))).toEqual([400, expect.stringContaining('file')]);
    expect(await refusal(french.commitImportFile({ timeZone: '', file: file(text) } as never))).toEqual([400, expect.stringContaining('timeZone')]);
    expect(await refusal(french.commitImportFile({ timeZone: 'Mars/Olympus', file: file(text) }))).toEqual([400, expect.stringContaining('file: unknown time zone "Mars/Olympus"')]);

    // Larger than MAX_IMPORT_BYTES by its Content-Length: refused before a byte is read.
    const tooLarge = await fetch(`${server.baseUrl}/api/web/dataTransfer/commitImportFile?timeZone=UTC`, {
      method: 'POST',
      headers: { xToken: french.token.value!, lanCode: 'fr_FR', 'content-type': 'application/octet-stream', 'content-length': String(MAX_IMPORT_BYTES + 1) },
      body: text,
    }).catch((e: Error) => e);
    if (!(tooLarge instanceof Error)) expect(((await tooLarge.json()) as { code: number }).code).toBe(413);

    // An upload that breaks off halfway: the connection closes before the body's announced end.
    const bytes = Buffer.from(text);
    await new Promise<void>((resolve) => {
      const request = httpRequest(`${server.baseUrl}/api/web/dataTransfer/commitImportFile?timeZone=UTC`, {
        method: 'POST',
        headers: { xToken: french.token.value!, 'content-type': 'application/octet-stream', 'content-length': String(bytes.length) },
      });
      request.on('error', () => resolve());
      request.on('response', () => resolve());
      request.write(bytes.subarray(0, bytes.length / 2), () => setTimeout(() => request.destroy(), 300));
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await stored()).toBe(0);

    // The whole file is stored, once: the refusals above held nothing back (the lease included).
    expect((await french.commitImportFile({ timeZone: 'UTC', file: file(text) })).readings).toEqual({ added: 500, duplicates: 0 });
    expect(await stored()).toBe(500);
  });

  it('runs one import per member at a time under a parallel burst of uploads', async () => {
    // About 4 MB in 2017: long enough that the burst overlaps a running import.
    const text = clarityRows(Date.UTC(2017, 0, 1), 60_000);
    const french = server.client({ language: 'fr' });
    french.token.value = (demo as typeof follower).token.value;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => french.commitImportFile({ timeZone: 'UTC', file: file(text) }).then((summary) => ({ summary }), (error: ApiError) => ({ error }))),
    );
    const done = answers.flatMap((a) => ('summary' in a ? [a.summary] : []));
    const refused = answers.flatMap((a) => ('error' in a ? [a.error] : []));
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.map((e) => [e.code, e.message])).toEqual(Array(refused.length).fill([409, "Une importation est déjà en cours pour ce compte ; attendez qu'elle se termine"]));
    expect(done.reduce((sum, d) => sum + d.readings.added, 0)).toBe(60_000);
    expect((await demo.previewImportFile({ timeZone: 'UTC', file: file(text) })).readings).toEqual({ added: 0, duplicates: 60_000 });
  });
});
