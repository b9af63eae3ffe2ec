import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { EARLIEST_TIME_MS, LATEST_AHEAD_MS } from '@cgm-portal/api-client/contract';
import { readConfig } from '../config';
import { openStore } from '../node-server';
import { createTestDatabase } from '../test-support/server';
import { HISTORY_PARTITION, addReadingMonths, monthOf, monthStart, monthsNeeded, parseRangeBound, partitionName, readingPartitions } from './reading-months';
import { migrate, type KyselyStore } from './kysely-store';
import { migrations, type Database } from './schema';

const MONTH_EDGE = Date.UTC(2027, 0, 1); // 2027-01-01T00:00:00.000Z

describe('month arithmetic of the readings partitions', () => {
  it('puts the last millisecond of a month in it and the next one in the next month, in UTC', () => {
    expect(monthOf(MONTH_EDGE - 1)).toBe(2026 * 12 + 11);
    expect(monthOf(MONTH_EDGE)).toBe(2027 * 12);
    expect(monthStart(monthOf(MONTH_EDGE - 1))).toBe(Date.UTC(2026, 11, 1));
    expect(monthStart(monthOf(MONTH_EDGE - 1) + 1)).toBe(MONTH_EDGE);
    expect([partitionName(2026 * 12 + 11), partitionName(2027 * 12)]).toEqual(['readings_2026_12', 'readings_2027_01']);
    // 29 February, and a time zone that would move the day (there is none: UTC only).
    expect(monthOf(Date.UTC(2028, 1, 29, 23, 59, 59, 999))).toBe(2028 * 12 + 1);
  });

  it('needs the months from the earliest instant to a year past the latest, and one spare', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const months = monthsNeeded([now]);
    expect(months[0]).toBe(monthOf(now));
    expect(monthStart(months.at(-1)!)).toBeGreaterThan(now + LATEST_AHEAD_MS);
    expect(months.map(partitionName).slice(0, 2)).toEqual(['readings_2026_11', 'readings_2026_12']);
    expect(months.length).toBe(14); // Nov 2026 … Nov 2027 (a year and a day ahead), then December 2027 spare
    expect(monthsNeeded([now, Date.UTC(2025, 0, 5)])[0]).toBe(2025 * 12);
  });

  it("reads PostgreSQL's partition bounds, MINVALUE included", () => {
    expect(parseRangeBound("FOR VALUES FROM ('1764547200000') TO ('1767225600000')")).toEqual({ from: 1764547200000, to: 1767225600000 });
    expect(parseRangeBound("FOR VALUES FROM (MINVALUE) TO ('1764547200000')")).toEqual({ from: -Infinity, to: 1764547200000 });
    expect(parseRangeBound('DEFAULT')).toBeNull();
  });
});

const admin = process.env.CGM_TEST_DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'cgm-months-test-'));
const dropped: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of dropped) await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A fresh database and a Kysely on it, as a server opens it (pool of `max` connections). */
async function freshDatabase(max = 4) {
  const database = (await createTestDatabase())!;
  dropped.push(database.drop);
  const { default: pg } = await import('pg');
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const connect = () => new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max }) }), plugins: [new CamelCasePlugin()] });
  return { url: database.url, db: connect(), connect };
}

async function addMember(db: Kysely<Database>, email: string) {
  const row = await db
    .insertInto('members')
    .values({
      accountType: 1, email, passwordHash: 'x', memberName: email, timeZone: 'UTC', unit: 'mg/dL', targetLow: 70, targetHigh: 180,
      highAlert: 250, lowAlert: 70, urgentLowAlert: 55, urgentHighAlert: 300, createdAt: Date.now(),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Which partition holds each reading of a member, by time. */
async function placement(db: Kysely<Database>, memberId: number) {
  const { rows } = await sql<{ time: number; partition: string }>`select time, tableoid::regclass::text as partition from readings where member_id = ${memberId} order by time`.execute(db.withoutPlugins());
  return rows.map((r) => [r.time, r.partition]);
}

describe.skipIf(!admin)('readings partitioned by month on PostgreSQL', () => {
  it('covers every time a reading may carry, from 2000 to a year ahead, with no gap and no overlap', async () => {
    const { url, db } = await freshDatabase();
    const store = (await openStore(readConfig({ CGM_DATA_DIR: dataDir, DATABASE_URL: url } as NodeJS.ProcessEnv))) as KyselyStore;
    try {
      const now = Date.now();
      const partitions = (await readingPartitions(db)).sort((a, b) => a.from - b.from);
      expect(partitions[0]).toMatchObject({ name: HISTORY_PARTITION, from: -Infinity, to: monthStart(monthOf(now)) });
      for (let i = 1; i < partitions.length; i++) {
        expect(partitions[i]!.from).toBe(partitions[i - 1]!.to);
        expect(partitions[i]!.name).toBe(partitionName(monthOf(partitions[i]!.from)));
      }
      expect(partitions.at(-1)!.to).toBeGreaterThan(now + LATEST_AHEAD_MS);

      // Readings at the edges: the first accepted instant, both sides of each month start, the last accepted one.
      const memberId = await addMember(db, 'edges@example.com');
      const thisMonth = monthStart(monthOf(now));
      const nextMonth = monthStart(monthOf(now) + 1);
      const times = [EARLIEST_TIME_MS, thisMonth - 1, thisMonth, nextMonth - 1, nextMonth, now + LATEST_AHEAD_MS - 1];
      expect(await store.insertReadings(times.map((time, i) => ({ memberId, kind: 'sgv', time, mgdl: 100 + i })))).toBe(times.length);
      expect(await placement(db, memberId)).toEqual([
        [EARLIEST_TIME_MS, HISTORY_PARTITION],
        [thisMonth - 1, HISTORY_PARTITION],
        [thisMonth, partitionName(monthOf(now))],
        [nextMonth - 1, partitionName(monthOf(now))],
        [nextMonth, partitionName(monthOf(now) + 1)],
        [now + LATEST_AHEAD_MS - 1, partitionName(monthOf(now + LATEST_AHEAD_MS - 1))],
      ]);
      // A span across partitions reads in time order, as rows and as columns; a re-upload adds nothing.
      expect((await store.listReadings(memberId, 'sgv', 0, 2 ** 52)).map((r) => r.time)).toEqual(times);
      expect(Array.from((await store.listReadingColumns(memberId, 'sgv', thisMonth - 1, nextMonth + 1)).times)).toEqual(times.slice(1, 5));
      expect(await store.insertReadings(times.map((time) => ({ memberId, kind: 'sgv', time, mgdl: 1 })))).toBe(0);
      expect(await store.lastReadingTime(memberId)).toBe(now + LATEST_AHEAD_MS - 1);
      // A member's erasure reaches every partition.
      await db.deleteFrom('members').where('id', '=', memberId).execute();
      expect(await placement(db, memberId)).toEqual([]);
    } finally {
      await store.close();
      await db.destroy();
    }
  });

  it('partitions a database that already holds readings without losing one: the table becomes the history', async () => {
    const { db } = await freshDatabase();
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations('postgres') }, allowUnorderedMigrations: true });
      const before = await migrator.migrateTo('0023_events_by_type');
      expect(before.error).toBeUndefined();
      const memberId = await addMember(db, 'history@example.com');
      const now = Date.now();
      // Three years of sparse readings, and one six months ahead (a phone's clock): the history must take it too.
      const old = Array.from({ length: 1000 }, (_, i) => ({ memberId, kind: 'sgv' as const, time: now - i * 26 * 3_600_000, mgdl: 40 + (i % 360) }));
      const ahead = { memberId, kind: 'sgv' as const, time: now + 182 * 86_400_000, mgdl: 111 };
      await db.insertInto('readings').values([...old, ahead]).execute();
      const expected = await placement(db, memberId);

      await migrate(db, 'postgres');

      const partitions = (await readingPartitions(db)).sort((a, b) => a.from - b.from);
      expect(partitions[0]).toEqual({ name: HISTORY_PARTITION, from: -Infinity, to: monthStart(monthOf(ahead.time) + 1) });
      expect(partitions.at(-1)!.to).toBeGreaterThan(now + LATEST_AHEAD_MS);
      const after = await placement(db, memberId);
      expect(after.map(([time]) => time)).toEqual(expected.map(([time]) => time));
      expect(new Set(after.map(([, partition]) => partition))).toEqual(new Set([HISTORY_PARTITION]));
      // The primary key still makes a re-upload idempotent, in the history and in a month.
      const { numInsertedOrUpdatedRows } = await db
        .insertInto('readings')
        .values([old[0]!, ahead, { memberId, kind: 'sgv', time: partitions.at(-1)!.from, mgdl: 99 }])
        .onConflict((oc) => oc.columns(['memberId', 'kind', 'time']).doNothing())
        .executeTakeFirst();
      expect(Number(numInsertedOrUpdatedRows)).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it('adds each month once when servers start together, each on its own connections', async () => {
    const { url, db, connect } = await freshDatabase();
    const store = await openStore(readConfig({ CGM_DATA_DIR: dataDir, DATABASE_URL: url } as NodeJS.ProcessEnv));
    const servers = Array.from({ length: 8 }, connect);
    try {
      const later = Date.now() + 3 * 366 * 86_400_000; // a clock three years on: two dozen months to add
      const added = await Promise.all(servers.map((server) => addReadingMonths(server, [later])));
      const all = added.flat();
      expect(all.length).toBeGreaterThan(20);
      expect(new Set(all).size).toBe(all.length);
      const partitions = (await readingPartitions(db)).sort((a, b) => a.from - b.from);
      for (let i = 1; i < partitions.length; i++) expect(partitions[i]!.from).toBe(partitions[i - 1]!.to);
      expect(partitions.at(-1)!.to).toBeGreaterThan(later + LATEST_AHEAD_MS);
      // Nothing more to add the second time.
      expect(await addReadingMonths(db, [later])).toEqual([]);
    } finally {
      await Promise.all(servers.map((server) => server.destroy()));
      await store.close();
      await db.destroy();
    }
  });
});
