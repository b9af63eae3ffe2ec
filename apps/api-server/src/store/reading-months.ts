import { sql, type Kysely } from 'kysely';
import { LATEST_AHEAD_MS } from '@cgm-portal/api-client/contract';

/**
 * Readings on PostgreSQL are kept in one partition per UTC calendar month (issue 22).
 *
 * Why: 100,000 members write 29 million readings a day, each to the end of its own member's key
 * range. In one table every insert lands on a leaf of one primary key that grows by 10 GB a year,
 * so the pages written to are spread over all of it; with a partition per month they are in the
 * current month's index, which stays small enough to be held in memory. A span query names its
 * times, so PostgreSQL reads only the months it covers (a 90-day report: 4), each in key order.
 * Retention or archiving becomes a `DETACH`/`DROP` of a month instead of a `DELETE`.
 *
 * The partition key, `time`, is the last column of the primary key (member, kind, time), which
 * is unchanged: re-uploads stay idempotent with `ON CONFLICT`.
 *
 * Every time a reading may carry has a partition: a reading is accepted from 2000-01-01 to a
 * year ahead of now (the contract's `epochMs`), the history partition takes everything before
 * the first month, and each start and an hourly timer make the months up to 13 ahead. There is
 * no DEFAULT partition: a month could not be added while it held that month's rows.
 *
 * SQLite keeps one table, clustered by the primary key (`WITHOUT ROWID`): nothing to do there.
 */

/** Months made ahead of the latest accepted time, so a missed hourly run costs nothing. */
const SPARE_MONTHS = 1;
/** The history partition: every reading before the first month partition. */
export const HISTORY_PARTITION = 'readings_history';
/** At most this long waiting for the lock on `readings` (a long report read): it tries again next hour. */
const LOCK_TIMEOUT = '5s';
/** One key for the advisory lock every server takes to add months, so two never race to add one. */
const ADVISORY_LOCK_KEY = 0x52454144; // "READ"

/** The month of an instant, counted from year 0 (year × 12 + month − 1), in UTC. */
export function monthOf(time: number): number {
  const date = new Date(time);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}
/** Epoch ms at which the month begins (00:00 UTC on its 1st). */
export function monthStart(month: number): number {
  return Date.UTC(Math.floor(month / 12), month % 12, 1);
}
/** `readings_2026_11` for November 2026. */
export function partitionName(month: number): string {
  return `readings_${Math.floor(month / 12)}_${String((month % 12) + 1).padStart(2, '0')}`;
}

/** The months every instant given needs: from the earliest instant's month to a year (and spare) past the latest. */
export function monthsNeeded(instants: readonly number[]): number[] {
  const first = monthOf(Math.min(...instants));
  const last = monthOf(Math.max(...instants) + LATEST_AHEAD_MS) + SPARE_MONTHS;
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** A partition's range [from, to) from PostgreSQL's `pg_get_expr(relpartbound)`; MINVALUE is -∞. */
export function parseRangeBound(bound: string): { from: number; to: number } | null {
  const match = /FOR VALUES FROM \((.+?)\) TO \((.+?)\)/.exec(bound);
  if (!match) return null;
  const value = (text: string) => (text === 'MINVALUE' ? -Infinity : text === 'MAXVALUE' ? Infinity : Number(text.replace(/'/g, '')));
  return { from: value(match[1]!), to: value(match[2]!) };
}

/** The ranges the partitions of `readings` cover now. */
export async function readingPartitions<DB>(db: Kysely<DB>): Promise<{ name: string; from: number; to: number }[]> {
  const { rows } = await sql<{ name: string; bound: string }>`select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'readings'::regclass`.execute(db);
  return rows.flatMap((row) => {
    const range = parseRangeBound(row.bound);
    return range ? [{ name: row.name, ...range }] : [];
  });
}

/** Adds the months the instants need that no partition covers yet; returns their names. */
async function addUncoveredMonths<DB>(db: Kysely<DB>, instants: readonly number[]): Promise<string[]> {
  const covered = await readingPartitions(db);
  // From the history's end, not only from now: after a server-less while (a restore from an old
  // backup), the months since are still accepted times and must not be left as a gap.
  const history = covered.find((p) => p.from === -Infinity);
  const added: string[] = [];
  for (const month of monthsNeeded(history ? [...instants, history.to] : instants)) {
    const from = monthStart(month);
    const to = monthStart(month + 1);
    if (covered.some((p) => p.from < to && from < p.to)) continue;
    // Numbers made here, never a caller's: a DDL statement takes no parameters.
    await sql`create table ${sql.id(partitionName(month))} partition of readings for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(db);
    added.push(partitionName(month));
  }
  return added;
}

/**
 * Adds the month partitions the instants need, in one transaction under an advisory lock:
 * servers starting together add each month once. Returns the names added.
 */
export async function addReadingMonths<DB>(db: Kysely<DB>, instants: readonly number[]): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('lock_timeout', ${LOCK_TIMEOUT}, true)`.execute(trx);
    await sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEY})`.execute(trx);
    return addUncoveredMonths(trx, instants);
  });
}

/**
 * Migration 0024: `readings` becomes partitioned without copying a row. The table as it stands
 * is renamed and attached as the history partition, up to the month after its latest reading
 * (PostgreSQL checks its rows in one scan, no rewrite); the months after it are added. The
 * migrator runs it in its own transaction, under its advisory lock.
 */
export async function partitionReadings<DB>(db: Kysely<DB>, now: number): Promise<void> {
  const { rows } = await sql<{ latest: string | number | null }>`select max(time) as latest from readings`.execute(db);
  const latest = rows[0]?.latest == null ? null : Number(rows[0].latest);
  const historyEnd = monthStart(Math.max(monthOf(now), latest === null ? -Infinity : monthOf(latest) + 1));
  await sql`alter table readings rename to ${sql.id(HISTORY_PARTITION)}`.execute(db);
  await sql`alter index readings_pk rename to ${sql.id(`${HISTORY_PARTITION}_pk`)}`.execute(db);
  await sql`create table readings (
      member_id integer not null references members (id) on delete cascade,
      time bigint not null,
      mgdl integer not null,
      kind text not null,
      constraint readings_pk primary key (member_id, kind, time)
    ) partition by range (time)`.execute(db);
  await sql`alter table readings attach partition ${sql.id(HISTORY_PARTITION)} for values from (minvalue) to (${sql.lit(historyEnd)})`.execute(db);
  await addUncoveredMonths(db, [now]);
}
