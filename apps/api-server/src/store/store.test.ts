import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { openStore } from '../node-server';
import { createBrowserPlatform } from '../platform/browser';
import { seedDemoData } from '../seed';
import { createTestDatabase } from '../test-support/server';
import type { Store } from './types';
import { openWasmSqliteStore } from './wasm-sqlite';

const NOW = Date.UTC(2026, 2, 29, 9, 30); // the day the UK changes to summer time
const DAY = 86_400_000;

/**
 * The one Kysely store on each database it runs on: better-sqlite3 (the server), SQLite in
 * WebAssembly (Storybook and component tests) and PostgreSQL when CGM_TEST_DATABASE_URL names
 * one (CI). Same queries, same migrations; these tests hold them to the same answers.
 */
interface Backend {
  open(): Promise<Store>;
  cleanUp(): Promise<void>;
}
const dataDir = mkdtempSync(join(tmpdir(), 'cgm-store-test-'));
const backends: Record<string, Backend> = {
  sqlite: {
    open: () => openStore(readConfig({ CGM_DATA_DIR: dataDir } as NodeJS.ProcessEnv)),
    cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
  },
  wasm: { open: () => openWasmSqliteStore(), cleanUp: async () => {} },
};
const postgres = await createTestDatabase();
if (postgres) {
  backends.postgres = {
    open: () => openStore(readConfig({ CGM_DATA_DIR: dataDir, DATABASE_URL: postgres.url } as NodeJS.ProcessEnv)),
    cleanUp: () => postgres.drop(),
  };
}
const names = Object.keys(backends);
const stores: Record<string, Store> = {};

beforeAll(async () => {
  const platform = createBrowserPlatform();
  for (const name of names) {
    stores[name] = await backends[name]!.open();
    await seedDemoData(stores[name], platform, { seed: 99, now: NOW });
  }
}, 120_000);
afterAll(async () => {
  for (const name of names) {
    await stores[name]?.close();
    await backends[name]!.cleanUp();
  }
});

/** What a store answers about the demo member, without ids (each store numbers its own rows). */
async function snapshot(store: Store) {
  const demo = (await store.findMemberByEmail('demo@cgm-portal.example'))!;
  const { id: _id, passwordHash: _hash, ...member } = demo;
  const readings = await store.listReadings(demo.id, 'sgv', NOW - 100 * DAY, NOW);
  const json = await store.listReadingsJson(demo.id, 'sgv', NOW - 100 * DAY, NOW);
  const events = await store.listEvents(demo.id, { offset: 10, limit: 40, eventType: 'meal', from: NOW - 30 * DAY, to: NOW });
  const sessions = await store.listSessions(demo.id, { offset: 0, limit: 20, from: NOW - 40 * DAY, to: NOW });
  const followers = await store.listFollowersOfMember(demo.id, { offset: 0, limit: 10, keyword: 'morgan' });
  return {
    member,
    readings,
    // The database's own JSON text: the same values, epoch ms written as plain integers (no
    // 1.7e12, no .0; PostgreSQL's spacing differs, which the answer does not mind).
    jsonMatches: JSON.stringify(JSON.parse(json)) === JSON.stringify(readings) && !/"time"\s*:\s*-?\d+[.eE]/.test(json),
    mbg: await store.listReadings(demo.id, 'mbg', NOW - 100 * DAY, NOW),
    last: await store.lastReadingTime(demo.id),
    events: { total: events.total, rows: events.rows.map(({ id: _id, memberId: _m, ...e }) => e) },
    counts: await store.countEventsByType(demo.id, NOW - 90 * DAY, NOW),
    sessions: { total: sessions.total, rows: sessions.rows.map(({ id: _id, memberId: _m, deviceId: _d, ...s }) => s) },
    followers: followers.rows.map((f) => [f.followerEmail, f.status, f.shareFlag, f.memberName]),
  };
}

describe(`the store on ${names.join(', ')}`, () => {
  it('answers the same for the same seeded data on every backend', async () => {
    const reference = await snapshot(stores.sqlite!);
    expect(reference.readings.length).toBeGreaterThan(90 * 288 * 0.9);
    expect(reference.jsonMatches).toBe(true);
    expect(typeof reference.readings[0]!.time).toBe('number');
    for (const name of names.filter((n) => n !== 'sqlite')) {
      expect({ name, ...(await snapshot(stores[name]!)) }).toEqual({ name, ...reference });
    }
  });

  for (const name of names) {
    it(`${name}: re-inserting readings is idempotent`, async () => {
      const store = stores[name]!;
      const demo = (await store.findMemberByEmail('demo@cgm-portal.example'))!;
      const some = (await store.listReadings(demo.id, 'sgv', NOW - DAY, NOW)).map((r) => ({ ...r, memberId: demo.id, kind: 'sgv' as const }));
      expect(await store.insertReadings(some)).toBe(0);
      expect(await store.insertReadings([{ memberId: demo.id, kind: 'sgv', time: NOW + 1, mgdl: 100 }, ...some])).toBe(1);
      expect(await store.lastReadingTime(demo.id)).toBe(NOW + 1);
    });

    it(`${name}: every page of a member's followers tells the same total, past the end included`, async () => {
      const store = stores[name]!;
      const demo = (await store.findMemberByEmail('demo@cgm-portal.example'))!;
      const all = await store.listFollowersOfMember(demo.id, { offset: 0, limit: 1000 });
      const n = all.rows.length;
      expect(n).toBeGreaterThan(1);
      expect(all.total).toBe(n);
      for (const [offset, limit] of [[0, 1], [0, n], [0, n - 1], [1, n], [n - 1, 1], [n, 5], [n + 3, 5]] as const) {
        const page = await store.listFollowersOfMember(demo.id, { offset, limit });
        expect({ offset, limit, total: page.total, rows: page.rows.length }).toEqual({ offset, limit, total: n, rows: Math.max(0, Math.min(limit, n - offset)) });
      }
    });

    it(`${name}: readings as columns are the readings as rows, an empty span included`, async () => {
      const store = stores[name]!;
      const demo = (await store.findMemberByEmail('demo@cgm-portal.example'))!;
      const rows = await store.listReadings(demo.id, 'sgv', NOW - 90 * DAY, NOW);
      const columns = await store.listReadingColumns(demo.id, 'sgv', NOW - 90 * DAY, NOW);
      expect(rows.length).toBeGreaterThan(20_000);
      expect(Array.from(columns.times)).toEqual(rows.map((r) => r.time));
      expect(Array.from(columns.values)).toEqual(rows.map((r) => r.mgdl));
      const none = await store.listReadingColumns(demo.id, 'sgv', NOW + DAY, NOW + 2 * DAY);
      expect([none.times.length, none.values.length]).toEqual([0, 0]);
    });

    it(`${name}: a batch of Nightscout documents goes in as one, ids in the order given; dedup keys are found with their dates`, async () => {
      const store = stores[name]!;
      const demo = (await store.findMemberByEmail('demo@cgm-portal.example'))!;
      const doc = (identifier: string, date: number) => ({
        memberId: demo.id,
        collection: 'entries' as const,
        identifier,
        date,
        dedupKey: `sgv|${date}`,
        srvCreated: NOW,
        srvModified: NOW,
        isValid: true,
        doc: JSON.stringify({ type: 'sgv', sgv: 100, date }),
      });
      const docs = ['c0ffee', 'a11', 'b22', '000'].map((id, i) => doc(`batch-${id}`, NOW - 3 * DAY + i * 300_000));
      const ids = await store.insertNightscoutDocs(docs);
      expect(new Set(ids).size).toBe(4);
      for (const [i, d] of docs.entries()) expect((await store.findNightscoutDoc(demo.id, 'entries', { identifier: d.identifier }))?.id).toBe(ids[i]);
      const found = await store.findNightscoutDocsByDedup(demo.id, 'entries', [
        { dedupKey: docs[1]!.dedupKey, date: docs[1]!.date },
        { dedupKey: docs[3]!.dedupKey, date: docs[3]!.date },
        { dedupKey: 'sgv|1', date: 1 },
      ]);
      expect(found.map((r) => r.identifier).sort()).toEqual(['batch-000', 'batch-a11']);
      expect(await store.findNightscoutDoc(demo.id, 'entries', { dedupKey: docs[2]!.dedupKey, date: docs[2]!.date })).toMatchObject({ identifier: 'batch-b22', isValid: true });
    });

    it(`${name}: a failed transaction leaves nothing behind`, async () => {
      const store = stores[name]!;
      const demo = (await store.findMemberByEmail('demo@cgm-portal.example'))!;
      const before = await store.listEvents(demo.id, { offset: 0, limit: 1 });
      await expect(
        store.transaction(async (s) => {
          await s.insertEvents([{ memberId: demo.id, eventType: 'weight', time: NOW + DAY, note: '', detail: '{"eventType":"weight","kg":70}' }]);
          await s.updateMember(demo.id, { memberName: 'Half-saved' });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect((await store.listEvents(demo.id, { offset: 0, limit: 1 })).total).toBe(before.total);
      expect((await store.getMember(demo.id))!.memberName).toBe('Alex Morgan');
    });

    it(`${name}: a parallel burst of attempts is counted one by one`, async () => {
      const store = stores[name]!;
      const counts = await Promise.all(Array.from({ length: 40 }, () => store.countAttempt(`burst:${name}`, NOW, 60_000)));
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      // A new window starts again at 1.
      expect(await store.countAttempt(`burst:${name}`, NOW + 60_000, 60_000)).toBe(1);
    });

    it(`${name}: "at most 20 live links" holds under a parallel burst of transactions`, async () => {
      const store = stores[name]!;
      const pet = (await store.findMemberByEmail('pet@cgm-portal.example'))!;
      const before = await store.countLivePublicLinks(pet.id, NOW);
      const tryCreate = (i: number) =>
        store.transaction(async (s) => {
          await s.lockMember(pet.id);
          if ((await s.countLivePublicLinks(pet.id, NOW)) >= 20) return false;
          await s.insertPublicLink({ id: `${name}-burst-${i}`, memberId: pet.id, createdAt: NOW, expiresAt: null, revokedAt: null, spanDays: 14, lang: 'en' });
          return true;
        });
      const created = await Promise.all(Array.from({ length: 30 }, (_, i) => tryCreate(i)));
      expect(created.filter(Boolean)).toHaveLength(20 - before);
      expect(await store.countLivePublicLinks(pet.id, NOW)).toBe(20);
    });
  }
});

describe('atomic rules, under a parallel burst', () => {
  const each = (title: string, test: (store: Store) => Promise<void>) => {
    for (const name of names) it(`${name}: ${title}`, () => test(stores[name]!));
  };

  each('50 parallel claims of one lease: exactly one holds it, until released or expired', async (store) => {
    const claims = await Promise.all(Array.from({ length: 50 }, (_, i) => store.claimLease('import:1', `holder-${i}`, NOW, 60_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const holder = `holder-${claims.indexOf(true)}`;
    // Another holder's release does nothing; the holder's frees it.
    await store.releaseLease('import:1', 'holder-x');
    expect(await store.claimLease('import:1', 'late', NOW + 1, 60_000)).toBe(false);
    await store.releaseLease('import:1', holder);
    expect(await store.claimLease('import:1', 'next', NOW + 2, 60_000)).toBe(true);
    // A holder that died: its lease runs out, and then exactly one of a burst takes it over.
    const after = await Promise.all(Array.from({ length: 20 }, (_, i) => store.claimLease('import:1', `after-${i}`, NOW + 60_002, 60_000)));
    expect(after.filter(Boolean)).toHaveLength(1);
  });

  each('attempt limits back off: a window that ended at its limit doubles the next, counted atomically in a burst', async (store) => {
    const MIN = 60_000;
    const backoff = { limit: 10, maxWindowMs: 60 * MIN };
    const count = (at: number) => store.countAttempt('member:backoff', at, 15 * MIN, backoff);
    // A burst of 25 at once: every count is taken once, whatever the order.
    const burst = await Promise.all(Array.from({ length: 25 }, () => count(NOW)));
    expect([...burst].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    // The limit was reached: the next window is 30 minutes, then 60, and never more than the cap.
    expect(await count(NOW + 15 * MIN)).toBe(1);
    expect(await count(NOW + 44 * MIN)).toBe(2);
    await Promise.all(Array.from({ length: 8 }, () => count(NOW + 44 * MIN)));
    expect(await count(NOW + 45 * MIN)).toBe(1);
    expect(await count(NOW + 104 * MIN)).toBe(2);
    await Promise.all(Array.from({ length: 8 }, () => count(NOW + 104 * MIN)));
    expect(await count(NOW + 105 * MIN)).toBe(1);
    expect(await count(NOW + 164 * MIN)).toBe(2);
    // That 60-minute window ended under the limit: back to 15 minutes.
    expect(await count(NOW + 165 * MIN)).toBe(1);
    expect(await count(NOW + 180 * MIN)).toBe(1);
    // Without back-off (uploads, PDFs) windows never grow.
    const plain = (at: number) => store.countAttempt('upload:plain', at, 15 * MIN);
    await Promise.all(Array.from({ length: 30 }, () => plain(NOW)));
    expect(await plain(NOW + 15 * MIN)).toBe(1);
  });

  each('20 parallel inserts of one idempotency key make one event; another member may use the same key', async (store) => {
    const demo = (await store.findMemberByEmail('demo@cgm-portal.example'))!;
    const pet = (await store.findMemberByEmail('pet@cgm-portal.example'))!;
    const event = (memberId: number) => ({ memberId, eventType: 'BG', time: NOW - 1000, note: 'once', detail: '{"eventType":"BG","mgdl":99}' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => store.insertEventOnce(event(demo.id), 'key-0123456789abcdef')));
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    const held = await store.listEvents(demo.id, { offset: 0, limit: 100, from: NOW - 1000, to: NOW - 999 });
    expect(held.rows.filter((e) => e.note === 'once')).toHaveLength(1);
    expect((await store.insertEventOnce(event(pet.id), 'key-0123456789abcdef')).created).toBe(true);
  });

  each('50 parallel reservations of 1 MB against an 8 MB quota: exactly 8 are granted; released bytes can be taken again', async (store) => {
    const demo = (await store.findMemberByEmail('demo@cgm-portal.example'))!;
    const MB = 1024 * 1024;
    const granted = await Promise.all(Array.from({ length: 50 }, () => store.reserveStorage(demo.id, MB, 8 * MB)));
    expect(granted.filter(Boolean)).toHaveLength(8);
    await store.releaseStorage(demo.id, MB);
    expect(await store.reserveStorage(demo.id, MB, 8 * MB)).toBe(true);
    expect(await store.reserveStorage(demo.id, 1, 8 * MB)).toBe(false);
    await store.releaseStorage(demo.id, 100 * MB);
    expect(await store.reserveStorage(demo.id, 8 * MB, 8 * MB)).toBe(true);
  });

  each('only the owner of a file forgets it, and an avatar swaps only from what it still is', async (store) => {
    const demo = (await store.findMemberByEmail('demo@cgm-portal.example'))!;
    const pet = (await store.findMemberByEmail('pet@cgm-portal.example'))!;
    await store.recordMemberFile('memberAvatar/own.png', demo.id, 1234);
    expect(await store.forgetMemberFile('memberAvatar/own.png', pet.id)).toBeUndefined();
    expect(await store.forgetMemberFile('memberAvatar/own.png', demo.id)).toBe(1234);
    const before = demo.avatar;
    const swaps = await Promise.all(Array.from({ length: 10 }, (_, i) => store.swapAvatar(demo.id, before, `/api/files/memberAvatar/n${i}.png`)));
    expect(swaps.filter(Boolean)).toHaveLength(1);
  });
});
