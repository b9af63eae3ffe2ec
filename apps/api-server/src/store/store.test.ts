import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { openStore } from '../node-server';
import { createBrowserPlatform } from '../platform/browser';
import { seedDemoData } from '../seed';
import { MemoryStore } from './memory-store';
import { createTestDatabase } from '../test-support/server';
import type { Store } from './types';

const NOW = Date.UTC(2026, 2, 29, 9, 30); // the day the UK changes to summer time
const DAY = 86_400_000;
const dataDir = mkdtempSync(join(tmpdir(), 'cgm-store-test-'));
const stores: Record<string, Store> = {};
let postgres: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  const platform = createBrowserPlatform();
  stores.memory = new MemoryStore();
  stores.sqlite = await openStore(readConfig({ CGM_DATA_DIR: dataDir } as NodeJS.ProcessEnv));
  postgres = await createTestDatabase();
  if (postgres) stores.postgres = await openStore(readConfig({ CGM_DATA_DIR: dataDir, DATABASE_URL: postgres.url } as NodeJS.ProcessEnv));
  for (const store of Object.values(stores)) await seedDemoData(store, platform, { seed: 99, now: NOW });
});
afterAll(async () => {
  await stores.sqlite?.close();
  await (stores.postgres as { close?: () => Promise<void> } | undefined)?.close?.();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** What a store answers about the demo member, without ids (each store numbers its own rows). */
async function snapshot(store: Store) {
  const demo = (await store.findMemberByEmail('demo@cgm-portal.example'))!;
  const readings = await store.listReadings(demo.id, 'sgv', NOW - 100 * DAY, NOW);
  const json = JSON.parse(await store.listReadingsJson(demo.id, 'sgv', NOW - 100 * DAY, NOW));
  const events = await store.listEvents(demo.id, { offset: 10, limit: 40, eventType: 'meal', from: NOW - 30 * DAY, to: NOW });
  const sessions = await store.listSessions(demo.id, { offset: 0, limit: 20, from: NOW - 40 * DAY, to: NOW });
  const followers = await store.listFollowersOfMember(demo.id, { offset: 0, limit: 10, keyword: 'morgan' });
  return {
    readings,
    jsonMatches: JSON.stringify(json) === JSON.stringify(readings),
    mbg: await store.listReadings(demo.id, 'mbg', NOW - 100 * DAY, NOW),
    last: await store.lastReadingTime(demo.id),
    events: { total: events.total, rows: events.rows.map(({ id: _id, memberId: _m, ...e }) => e) },
    counts: await store.countEventsByType(demo.id, NOW - 90 * DAY, NOW),
    sessions: { total: sessions.total, rows: sessions.rows.map(({ id: _id, memberId: _m, deviceId: _d, ...s }) => s) },
    followers: followers.rows.map((f) => [f.followerEmail, f.status, f.shareFlag, f.memberName]),
  };
}

describe('the two stores', () => {
  it('answer the same for the same seeded data', async () => {
    const memory = await snapshot(stores.memory!);
    const sqlite = await snapshot(stores.sqlite!);
    expect(memory.readings.length).toBeGreaterThan(90 * 288 * 0.9);
    expect(memory.jsonMatches && sqlite.jsonMatches).toBe(true);
    expect(sqlite).toEqual(memory);
  });

  for (const name of ['memory', 'sqlite']) {
    it(`${name}: re-inserting readings is idempotent`, async () => {
      const store = stores[name]!;
      const demo = (await store.findMemberByEmail('demo@cgm-portal.example'))!;
      const some = (await store.listReadings(demo.id, 'sgv', NOW - DAY, NOW)).map((r) => ({ ...r, memberId: demo.id, kind: 'sgv' as const }));
      expect(await store.insertReadings(some)).toBe(0);
      expect(await store.insertReadings([{ memberId: demo.id, kind: 'sgv', time: NOW + 1, mgdl: 100 }, ...some])).toBe(1);
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
  }
});

describe('atomic rules, under a parallel burst', () => {
  const each = (title: string, test: (store: Store) => Promise<void>) => {
    for (const name of ['memory', 'sqlite', 'postgres']) it.skipIf(name === 'postgres' && !process.env.CGM_TEST_DATABASE_URL)(`${name}: ${title}`, () => test(stores[name]!));
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
});
