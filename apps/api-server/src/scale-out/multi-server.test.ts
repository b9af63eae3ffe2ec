import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed';
import { openStream } from '../test-support/live-stream';
import { startPushService, type TestPushService } from '../test-support/push-service';
import { startCluster, type Cluster } from '../test-support/cluster';
import { createTestDatabase, launch, onPostgres, terminate } from '../test-support/server';

/**
 * Two api-servers on one PostgreSQL database behind a round-robin proxy: whatever one server
 * knows, the other knows, and either can die without losing what it said it stored. Runs in the
 * PostgreSQL pass of the suite (scripts/test.sh); a SQLite deployment is one server by design.
 */
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const DAY = 86_400_000;
const settle = <T>(work: Promise<T>) => work.then((value) => ({ value }), (error: { code?: number }) => ({ error }));

describe.skipIf(!onPostgres)('two servers on one PostgreSQL', () => {
  let cluster: Cluster;
  let pushService: TestPushService;
  beforeAll(async () => {
    pushService = await startPushService();
    // A short job lease: a job held by a server that dies is another's after 5 s, not a minute.
    cluster = await startCluster(2, { NODE_EXTRA_CA_CERTS: pushService.certificateFile, CGM_PUSH_SERVICE_HOSTS: '127.0.0.1', CGM_JOB_LEASE_MS: '5000' });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await pushService?.close();
  }, 120_000);

  const [a, b] = [0, 1];
  const node = (i: number) => cluster.nodes[i]!.baseUrl;

  it('signs in on B with a password encrypted for A: one sign-in key for the deployment', async () => {
    const onA = cluster.client({ baseUrl: node(a) });
    const onB = cluster.client({ baseUrl: node(b) });
    const password = await onA.encryptPassword(DEMO_PASSWORD);
    const answer = await onB.login({ loginType: 2, email: 'demo@cgm-portal.example', password });
    expect(answer.item?.token).toBeTruthy();
    // And B's token works on A: sessions live in the database.
    onA.token.value = answer.item!.token;
    expect((await onA.getUserInfo()).memberName).toBeTruthy();
  });

  it('holds the login attempt limit across both servers: 200 wrong passwords split over A and B reach the hash at most 10 times', async () => {
    const onA = cluster.client({ baseUrl: node(a), fetch: fromAddress('198.51.100.7') });
    const onB = cluster.client({ baseUrl: node(b), fetch: fromAddress('198.51.100.8') });
    const [wrong, right] = await Promise.all([onA.encryptPassword('Wrong-pass-9'), onA.encryptPassword(DEMO_PASSWORD)]);
    const login = (api: typeof onA, password: string) => settle(api.login({ loginType: 3, email: 'doctor@cgm-portal.example', password }));
    const answers = await Promise.all([
      ...Array.from({ length: 200 }, (_, i) => login(i % 2 ? onA : onB, wrong)),
      login(onA, right),
      login(onB, right),
    ]);
    expect(answers.filter((x) => 'value' in x && x.value.item?.token)).toHaveLength(0);
    const tried = answers.filter((x) => 'error' in x && x.error.code === 401).length;
    // One counter in the database: each server alone would have let 10 through, 20 in all.
    expect(tried).toBeLessThanOrEqual(10);
    expect(answers.filter((x) => 'error' in x && x.error.code === 429).length).toBeGreaterThanOrEqual(190);
  });

  it('serves on B the avatar uploaded through A', async () => {
    const onA = await cluster.signIn('demo@cgm-portal.example', 2, { baseUrl: node(a) });
    const { fileUrl } = await onA.uploadImage({ file: new Blob([PNG], { type: 'image/png' }), subPath: 'memberAvatar' });
    const path = new URL(fileUrl).pathname;
    const onB = await fetch(`${node(b)}${path}`);
    expect(onB.status).toBe(200);
    expect(onB.headers.get('content-type')).toBe('image/png');
    expect((await onB.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('delivers a pending push job from the surviving server when the other dies', async () => {
    // Not the doctor: the login-limit test above locked that account.
    const carer = await cluster.signIn('stranger@cgm-portal.example', 3);
    const phone = pushService.subscriber('survivor');
    await carer.addPushDevice({ subscription: phone.subscription, name: 'Safari · iOS' });
    // The push service is down at first: the job waits in the database for its next try.
    pushService.answer('survivor', 503);
    await carer.sendTestNotification();
    await pushService.waitFor('survivor', 1);
    // B may have made the first try, or be about to make the second: it dies either way (even
    // before writing down the 503, when its lease must lapse first).
    cluster.kill('B');
    try {
      // Only A is left to deliver it.
      const [, delivered] = await pushService.waitFor('survivor', 2, 60_000);
      expect(JSON.parse(phone.decrypt(delivered!.body))).toMatchObject({ lang: 'en' });
    } finally {
      await cluster.revive('B');
    }
  }, 90_000);

  it('tells a phone connected to B of an upload made through A (socket.io rooms span the servers)', async () => {
    const demo = await cluster.signIn('demo@cgm-portal.example', 2, { baseUrl: node(a) });
    const { secret } = await demo.createUploadSecret({ label: 'AAPS on B' });
    const phone = io(node(b), { transports: ['websocket'], forceNew: true });
    try {
      const first = new Promise((resolve) => phone.once('dataUpdate', resolve));
      await new Promise((resolve) => phone.emit('authorize', { client: 'Android_AAPS', history: 1, secret: sha1(secret) }, resolve));
      await first;
      const date = Date.UTC(2023, 1, 2, 3, 4);
      const deltas: { sgvs?: { mgdl: number; mills: number }[] }[] = [];
      phone.on('dataUpdate', (delta: (typeof deltas)[number]) => deltas.push(delta));
      const upload = async (entries: unknown[]) => {
        const response = await fetch(`${node(a)}/api/v1/entries`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'api-secret': sha1(secret) },
          body: JSON.stringify(entries),
        });
        expect(response.status).toBe(200);
      };
      // A phone's batch reaches B in one relayed message, once.
      await upload([{ type: 'sgv', date, dateString: new Date(date).toISOString(), sgv: 123, direction: 'Flat' }]);
      await expect.poll(() => deltas.length).toBe(1);
      expect(deltas[0]!.sgvs).toEqual([expect.objectContaining({ mgdl: 123, mills: date })]);
      // A batch too large for one NOTIFY (a day of back-fill) still arrives, through socket.io's adapter, once.
      const day = Array.from({ length: 288 }, (_, i) => ({ type: 'sgv', date: date + DAY + i * 300_000, sgv: 100 + (i % 50), direction: 'Flat', device: 'AAPS' }));
      await upload(day);
      await expect.poll(() => deltas.length).toBe(2);
      expect(deltas[1]!.sgvs?.map((s) => s.mills)).toEqual(day.map((e) => e.date));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(deltas).toHaveLength(2);
    } finally {
      phone.close();
    }
  });

  it('carries an upload through A to the follower’s live page on B, and a snooze made on B holds on A', async () => {
    const member = await cluster.signIn('demo@cgm-portal.example', 2, { baseUrl: node(a) });
    const followerOnB = await cluster.signIn('follower@cgm-portal.example', 3, { baseUrl: node(b) });
    const followerOnA = cluster.client({ baseUrl: node(a) });
    followerOnA.token.value = followerOnB.token.value;
    const { secret } = await member.createUploadSecret({ label: 'xDrip+ live' });
    const page = await openStream(node(b), followerOnB.token.value);
    try {
      const now = Date.now();
      const upload = async (sgv: number, date: number) => {
        const response = await fetch(`${node(a)}/api/v1/entries`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'api-secret': sha1(secret) },
          body: JSON.stringify([{ type: 'sgv', sgv, date, device: 'xDrip-DexcomG7', direction: 'Flat' }]),
        });
        expect(response.status).toBe(200);
      };
      const sent = performance.now();
      await upload(131, now - 120_000);
      const heard = await page.next((h) => h.event === 'reading' && h.data.time === now - 120_000);
      expect(heard.data).toMatchObject({ value: 131 });
      expect(performance.now() - sent, 'within 2 s of the upload').toBeLessThan(2_000);

      // An urgent low through A: the follower's page on B hears the alarm; they snooze it on B.
      await upload(45, now - 60_000);
      const raised = await page.next((h) => h.event === 'alarms' && (h.data.alarms as { state: string }[]).some((x) => x.state === 'raised'));
      const alarm = (raised.data.alarms as { id: number }[])[0]!;
      await followerOnB.snoozeAlarm({ alarmId: alarm.id, minutes: 30 });
      // A knows: the same follower asking A sees it snoozed, and the next low through A keeps it so.
      expect((await followerOnA.loadAlarms()).rows[0]).toMatchObject({ id: alarm.id, state: 'snoozed' });
      await upload(44, now);
      expect((await followerOnA.loadAlarms()).rows[0]).toMatchObject({ id: alarm.id, state: 'snoozed' });
      // The member did not snooze: for them it still rings.
      expect((await member.loadAlarms()).rows[0]).toMatchObject({ id: alarm.id, state: 'raised' });
    } finally {
      page.close();
    }
  });

  it('loses nothing and duplicates nothing when A is killed under upload load: clients are carried over to B', async () => {
    const demo = await cluster.signIn('demo@cgm-portal.example', 2);
    const { secret } = await demo.createUploadSecret({ label: 'kill test' });
    // Phones upload in batches and send a batch again when they got no answer, as xDrip+ does.
    const start = Date.UTC(2022, 5, 1);
    const phones = 4;
    const batches = 30;
    const perBatch = 6;
    const acknowledged = new Set<number>();
    let failures = 0;
    const upload = async (phone: number) => {
      for (let k = 0; k < batches; k++) {
        const entries = Array.from({ length: perBatch }, (_, j) => {
          const date = start + ((phone * batches + k) * perBatch + j) * 300_000;
          return { type: 'sgv', date, dateString: new Date(date).toISOString(), sgv: 100 + ((k + j) % 50), direction: 'Flat', device: `phone-${phone}` };
        });
        for (let attempt = 0; ; attempt++) {
          const response = await fetch(`${cluster.baseUrl}/api/v1/entries`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'api-secret': sha1(secret) },
            body: JSON.stringify(entries),
          }).catch(() => null);
          if (response?.ok) {
            for (const e of entries) acknowledged.add(e.date);
            break;
          }
          failures++;
          if (attempt > 5) throw new Error('an upload never got through');
        }
      }
    };
    const uploading = Promise.all(Array.from({ length: phones }, (_, p) => upload(p)));
    // Let A take part of the load, then pull its plug.
    await until(() => (cluster.served.get('A') ?? 0) > 20);
    cluster.kill('A');
    await uploading;

    const database = new pg.Client({ connectionString: cluster.databaseUrl });
    await database.connect();
    try {
      const from = start;
      const to = start + phones * batches * perBatch * 300_000;
      const { rows } = await database.query<{ time: string; n: string }>(
        'select time, count(*) as n from readings where time >= $1 and time < $2 group by time',
        [from, to],
      );
      const stored = new Map(rows.map((r) => [Number(r.time), Number(r.n)]));
      // Every reading the server acknowledged is there, each exactly once.
      for (const time of acknowledged) expect(stored.get(time), `reading at ${new Date(time).toISOString()}`).toBe(1);
      expect([...stored.values()].every((n) => n === 1)).toBe(true);
      expect(acknowledged.size).toBe(phones * batches * perBatch);
    } finally {
      await database.end();
    }
    expect(cluster.served.get('B')).toBeGreaterThan(0);
    await cluster.revive('A');
    expect(cluster.retried() + failures, 'A died while phones were still uploading').toBeGreaterThan(0);
    console.info(`kill test: ${acknowledged.size} readings acknowledged, ${cluster.retried()} requests carried over by the proxy, ${failures} batches sent again by phones`);
  }, 120_000);
});

describe.skipIf(!onPostgres)('start-up on a shared PostgreSQL', () => {
  it('two servers starting at once on an empty database both come up, and the schema is made once', async () => {
    const database = (await createTestDatabase())!;
    const dirs = [0, 1].map((i) => mkdtempSync(join(tmpdir(), `cgm-race-${i}-`)));
    try {
      const started = await Promise.all(dirs.map((dir) => launch(dir, { DATABASE_URL: database.url, CGM_SEED: '0' })));
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ name: string; n: string }>('select name, count(*) as n from kysely_migration group by name');
      const secrets = await client.query<{ n: string }>("select count(*) as n from server_secrets where name = 'rsa-private-key'");
      await client.end();
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
      // Both serve the same sign-in key: the first to start made it, the other read it.
      expect(Number(secrets.rows[0]!.n)).toBe(1);
      const keys = await Promise.all(started.map(async (s) => (await (await fetch(`http://127.0.0.1:${s.port}/api/web/user/getPublicKey`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).json()) as { item: { publicKey: string } }));
      expect(keys[0]!.item.publicKey).toBe(keys[1]!.item.publicKey);
      await Promise.all(started.map((s) => terminate(s.child)));
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      await database.drop();
    }
  }, 120_000);
});

function fromAddress(address: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('X-Forwarded-For', address);
    return fetch(input, { ...init, headers });
  };
}

async function until(condition: () => boolean, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
