import { Migrator, sql, type Kysely, type Transaction } from 'kysely';
import type { Reading } from '@cgm-portal/api-client/contract';
import { migrations, type Database, type Dialect } from './schema';
import { randomReadingDayVersion, readingDayOf } from './types';
import type {
  AttemptBackoff,
  DeviceRow,
  EventRow,
  FollowerQuery,
  FollowerRow,
  MemberRow,
  NewDevice,
  NewEvent,
  NewFollower,
  NewMember,
  NewSession,
  NewVerifyCode,
  PageOf,
  Paging,
  PublicLinkRow,
  ReadingKind,
  ReadingRow,
  SessionRow,
  SpanQuery,
  Store,
  TokenRow,
  UploadSecretRow,
  VerifyCodeRow,
  NewUploadSecret,
  NewNightscoutDoc,
  NightscoutCollection,
  NightscoutDocQuery,
  NightscoutDocRow,
  DedupLookup,
  JobClaim,
  JobRow,
  NewJob,
  NewPushDevice,
  PushDeviceRow,
  AlarmRow,
  AlertPreferenceRow,
  NewAlarm,
} from './types';
import type { NightscoutDocsTable } from './schema';
import { parseIntegerList } from './integer-list';
import { addReadingMonths } from './reading-months';

/** Brings the schema up to date; safe to run on every start. */
export async function migrate(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  // Features land in parallel, each with its own migration name: a database that already ran a
  // later-named one still takes an earlier-named newcomer, instead of refusing to start.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(dialect) }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

const INSERT_CHUNK = 500;

/**
 * A page of rows and the total of the whole list. The count is asked only when the rows cannot
 * tell it: a first page that is not full is the whole list (a report's sessions and devices).
 */
async function pageOf<T>(page: Paging, rows: () => Promise<T[]>, count: () => Promise<{ n: number } | undefined>): Promise<PageOf<T>> {
  const found = await rows();
  if (page.offset === 0 && found.length < page.limit) return { rows: found, total: found.length };
  return { rows: found, total: Number((await count())?.n ?? 0) };
}

/** Columns put in time order (listReadingColumns, should the database not keep its order). */
function sortedColumns(columns: { times: Float64Array; values: Uint16Array }) {
  const order = Array.from(columns.times.keys()).sort((a, b) => columns.times[a]! - columns.times[b]!);
  return { times: Float64Array.from(order, (i) => columns.times[i]!), values: Uint16Array.from(order, (i) => columns.values[i]!) };
}

/** The store on SQLite or PostgreSQL through Kysely. */
export class KyselyStore implements Store {
  constructor(
    private readonly db: Kysely<Database> | Transaction<Database>,
    private readonly dialect: Dialect,
  ) {}

  async transaction<T>(work: (store: Store) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return (this.db as Kysely<Database>).transaction().execute((trx) => work(new KyselyStore(trx, this.dialect)));
  }

  async lockMember(memberId: number) {
    if (this.dialect === 'postgres') await this.db.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().execute();
  }

  // Alert state
  async claimReadingEvaluation(memberId: number, time: number) {
    // One upsert: the first caller for a newer reading wins; a repeat or an older one changes no row.
    const row = await this.db
      .insertInto('alertEvaluations')
      .values({ memberId, lastReadingTime: time })
      .onConflict((oc) =>
        oc
          .column('memberId')
          .doUpdateSet({ lastReadingTime: time })
          .where('alertEvaluations.lastReadingTime', '<', time),
      )
      .returning('memberId')
      .executeTakeFirst();
    return row !== undefined;
  }
  async membersWithStaleReadings(since: number, before: number) {
    // No index on last_reading_time, on purpose: at 100,000 members this scan is 8.6 ms per server
    // every 30 s (0.08 ms with one), but an index would make every live reading's upsert above a
    // non-HOT update, writing the primary key again too, 28 times a second.
    return this.db
      .selectFrom('alertEvaluations')
      .select(['memberId', 'lastReadingTime'])
      .where('lastReadingTime', '>=', since)
      .where('lastReadingTime', '<', before)
      .execute();
  }
  async openAlarm(memberId: number) {
    return alarmOf(await this.db.selectFrom('alarms').selectAll().where('memberId', '=', memberId).where('clearedAt', 'is', null).executeTakeFirst());
  }
  async getAlarm(id: number) {
    return alarmOf(await this.db.selectFrom('alarms').selectAll().where('id', '=', id).executeTakeFirst());
  }
  async listOpenAlarms(memberIds: number[]) {
    if (memberIds.length === 0) return [];
    const rows = await this.db.selectFrom('alarms').selectAll().where('memberId', 'in', memberIds).where('clearedAt', 'is', null).orderBy('raisedAt', 'desc').execute();
    return rows.map((r) => alarmOf(r)!);
  }
  async listAlarmsDueRepeat(notifiedBefore: number) {
    const rows = await this.db
      .selectFrom('alarms')
      .selectAll()
      .where('clearedAt', 'is', null)
      .where('lastNotifiedAt', '<=', notifiedBefore)
      .execute();
    return rows.map((r) => alarmOf(r)!);
  }
  async insertAlarm(alarm: NewAlarm) {
    // The partial unique index allows one open alarm per member: a second raise inserts nothing.
    const row = await this.db.insertInto('alarms').values(alarm).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
    return row?.id ?? null;
  }
  async updateAlarmIf(id: number, occurrence: number, patch: Partial<Omit<NewAlarm, 'memberId' | 'occurrence'>>) {
    const result = await this.db
      .updateTable('alarms')
      .set({ ...patch, occurrence: occurrence + 1 })
      .where('id', '=', id)
      .where('occurrence', '=', occurrence)
      .where('clearedAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  async upsertAlarmSnooze(alarmId: number, recipientId: number, until: number) {
    await this.db
      .insertInto('alarmSnoozes')
      .values({ alarmId, recipientId, until })
      .onConflict((oc) => oc.columns(['alarmId', 'recipientId']).doUpdateSet({ until }))
      .execute();
  }
  async alarmSnoozes(alarmIds: number[], recipientId: number) {
    if (alarmIds.length === 0) return new Map<number, number>();
    const rows = await this.db.selectFrom('alarmSnoozes').select(['alarmId', 'until']).where('alarmId', 'in', alarmIds).where('recipientId', '=', recipientId).execute();
    return new Map(rows.map((r) => [r.alarmId, r.until]));
  }
  async listAlertPreferences(recipientId: number): Promise<AlertPreferenceRow[]> {
    const rows = await this.db.selectFrom('alertPreferences').selectAll().where('recipientId', '=', recipientId).execute();
    return rows.map((r) => ({
      recipientId: r.recipientId,
      memberId: r.memberId,
      ...(JSON.parse(r.kinds) as Pick<AlertPreferenceRow, 'urgentLow' | 'low' | 'high' | 'urgentHigh' | 'noData'>),
      quietStart: r.quietStart,
      quietEnd: r.quietEnd,
      sound: r.sound === 1,
    }));
  }
  async saveAlertPreference(p: AlertPreferenceRow) {
    const kinds = JSON.stringify({ urgentLow: p.urgentLow, low: p.low, high: p.high, urgentHigh: p.urgentHigh, noData: p.noData });
    const values = { kinds, quietStart: p.quietStart, quietEnd: p.quietEnd, sound: p.sound ? 1 : 0 };
    await this.db
      .insertInto('alertPreferences')
      .values({ recipientId: p.recipientId, memberId: p.memberId, ...values })
      .onConflict((oc) => oc.columns(['recipientId', 'memberId']).doUpdateSet(values))
      .execute();
  }

  async prepareStorage(now: number) {
    if (this.dialect === 'postgres' && !this.db.isTransaction) await addReadingMonths(this.db as Kysely<Database>, [now, Date.now()]);
  }
  async close(): Promise<void> {
    if (!this.db.isTransaction) await (this.db as Kysely<Database>).destroy();
  }

  // Members
  async countMembers() {
    const row = await this.db.selectFrom('members').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  async insertMember(member: NewMember) {
    const row = await this.db.insertInto('members').values(member).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  async getMember(id: number) {
    return (await this.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst()) as
      | MemberRow
      | undefined;
  }
  async findMemberByEmail(email: string) {
    return (await this.db.selectFrom('members').selectAll().where('email', '=', email).executeTakeFirst()) as
      | MemberRow
      | undefined;
  }
  async findMemberByMobile(mobile: string) {
    return (await this.db.selectFrom('members').selectAll().where('mobile', '=', mobile).executeTakeFirst()) as
      | MemberRow
      | undefined;
  }
  async updateMember(id: number, patch: Partial<NewMember>) {
    if (Object.keys(patch).length === 0) return;
    await this.db.updateTable('members').set(patch).where('id', '=', id).execute();
  }
  async swapAvatar(id: number, from: string, to: string) {
    const result = await this.db.updateTable('members').set({ avatar: to }).where('id', '=', id).where('avatar', '=', from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // Member storage
  async reserveStorage(memberId: number, bytes: number, quota: number) {
    if (bytes > quota) return false;
    const row = await this.db
      .insertInto('memberStorage')
      .values({ memberId, bytes })
      .onConflict((oc) =>
        oc
          .column('memberId')
          .doUpdateSet({ bytes: sql`member_storage.bytes + ${bytes}` })
          .where(sql<boolean>`member_storage.bytes + ${bytes} <= ${quota}`),
      )
      .returning('bytes')
      .executeTakeFirst();
    return row !== undefined;
  }
  async releaseStorage(memberId: number, bytes: number) {
    await this.db
      .updateTable('memberStorage')
      .set({ bytes: sql`case when bytes > ${bytes} then bytes - ${bytes} else 0 end` })
      .where('memberId', '=', memberId)
      .execute();
  }
  async recordMemberFile(path: string, memberId: number, bytes: number) {
    await this.db.insertInto('memberFiles').values({ path, memberId, bytes }).execute();
  }
  async forgetMemberFile(path: string, memberId: number) {
    const row = await this.db.deleteFrom('memberFiles').where('path', '=', path).where('memberId', '=', memberId).returning('bytes').executeTakeFirst();
    return row?.bytes;
  }

  // Tokens
  async insertToken(token: TokenRow) {
    await this.db.insertInto('tokens').values(token).execute();
  }
  async findToken(tokenHash: string) {
    return this.db.selectFrom('tokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
  }
  async updateToken(tokenHash: string, patch: Partial<Pick<TokenRow, 'expiresAt' | 'revokedAt'>>) {
    await this.db.updateTable('tokens').set(patch).where('tokenHash', '=', tokenHash).execute();
  }
  async revokeTokensOfMember(memberId: number, at: number) {
    await this.db
      .updateTable('tokens')
      .set({ revokedAt: at })
      .where('memberId', '=', memberId)
      .where('revokedAt', 'is', null)
      .execute();
  }

  // Verification codes
  async insertVerifyCode(code: NewVerifyCode) {
    await this.db.insertInto('verifyCodes').values(code).execute();
  }
  async latestVerifyCode(address: string, purpose: string) {
    return (await this.db
      .selectFrom('verifyCodes')
      .selectAll()
      .where('address', '=', address)
      .where('purpose', '=', purpose)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()) as VerifyCodeRow | undefined;
  }
  async updateVerifyCode(id: number, patch: Partial<Pick<VerifyCodeRow, 'attempts' | 'usedAt'>>) {
    await this.db.updateTable('verifyCodes').set(patch).where('id', '=', id).execute();
  }
  async claimVerifyCodeAttempt(id: number, maxAttempts: number, now: number) {
    const result = await this.db
      .updateTable('verifyCodes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', maxAttempts)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  async markVerifyCodeUsed(id: number, now: number) {
    const result = await this.db.updateTable('verifyCodes').set({ usedAt: now }).where('id', '=', id).where('usedAt', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // Attempt limits
  async countAttempt(key: string, now: number, windowMs: number, backoff?: AttemptBackoff) {
    // Without back-off the limit is never "reached" and the window never grows.
    const limit = backoff?.limit ?? 2_147_483_647;
    const maxWindowMs = backoff?.maxWindowMs ?? windowMs;
    // Every SET expression reads the row as it was (SQLite and PostgreSQL alike).
    const expired = sql<boolean>`attempt_counters.window_start + attempt_counters.window_ms <= ${now}`;
    const doubled = sql`case when attempt_counters.window_ms * 2 > ${maxWindowMs} then ${maxWindowMs} else attempt_counters.window_ms * 2 end`;
    const row = await this.db
      .insertInto('attemptCounters')
      .values({ key, count: 1, windowStart: now, windowMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          windowMs: sql`case when ${expired} then (case when attempt_counters.count >= ${limit} then ${doubled} else ${windowMs} end) else attempt_counters.window_ms end`,
          count: sql`case when ${expired} then 1 else attempt_counters.count + 1 end`,
          windowStart: sql`case when ${expired} then ${now} else attempt_counters.window_start end`,
        }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
  async clearAttempts(key: string) {
    await this.db.deleteFrom('attemptCounters').where('key', '=', key).execute();
  }
  async refundAttempt(key: string) {
    await this.db
      .updateTable('attemptCounters')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('count', '>', 0)
      .execute();
  }

  // Leases
  async claimLease(key: string, holder: string, now: number, ttlMs: number) {
    const row = await this.db
      .insertInto('workLeases')
      .values({ key, holder, expiresAt: now + ttlMs })
      .onConflict((oc) => oc.column('key').doUpdateSet({ holder, expiresAt: now + ttlMs }).where('workLeases.expiresAt', '<=', now))
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === holder;
  }
  async releaseLease(key: string, holder: string) {
    await this.db.deleteFrom('workLeases').where('key', '=', key).where('holder', '=', holder).execute();
  }

  // Followers
  private followerQuery() {
    return this.db
      .selectFrom('followers as f')
      .innerJoin('members as m', 'm.id', 'f.memberId')
      .innerJoin('members as a', 'a.id', 'f.followerAccountId')
      .selectAll('f')
      .select(['m.memberName as memberName', 'm.email as memberEmail', 'a.memberName as followerName', 'a.email as followerEmail']);
  }
  async insertFollower(relation: NewFollower) {
    const row = await this.db.insertInto('followers').values(relation).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  async getFollower(id: number) {
    return (await this.followerQuery().where('f.id', '=', id).executeTakeFirst()) as FollowerRow | undefined;
  }
  async findFollower(memberId: number, followerAccountId: number) {
    return (await this.followerQuery()
      .where('f.memberId', '=', memberId)
      .where('f.followerAccountId', '=', followerAccountId)
      .executeTakeFirst()) as FollowerRow | undefined;
  }
  async updateFollower(id: number, patch: Partial<NewFollower>) {
    await this.db.updateTable('followers').set(patch).where('id', '=', id).execute();
  }
  async deleteFollower(id: number) {
    await this.db.deleteFrom('followers').where('id', '=', id).execute();
  }
  private async listFollowers(side: 'member' | 'follower', accountId: number, query: FollowerQuery) {
    let q = this.followerQuery().where(side === 'member' ? 'f.memberId' : 'f.followerAccountId', '=', accountId);
    if (query.status !== undefined) q = q.where('f.status', '=', query.status);
    if (query.keyword) {
      const other = side === 'member' ? 'a' : 'm';
      // LIKE wildcards in the keyword are dropped rather than escaped: SQLite and PostgreSQL escape differently.
      const like = `%${query.keyword.toLowerCase().replace(/[%_]/g, '')}%`;
      q = q.where((eb) =>
        eb.or([
          eb(eb.fn('lower', [eb.ref(`${other}.email`)]), 'like', like),
          eb(eb.fn('lower', [eb.ref(`${other}.memberName`)]), 'like', like),
        ]),
      );
    }
    const rows = await q.orderBy('f.addTime', 'desc').orderBy('f.id', 'desc').limit(query.limit).offset(query.offset).execute();
    // A page shorter than the limit ends the list, so its total needs no count: the alert engine
    // asks for a member's followers at every live reading.
    const ended = rows.length < query.limit && (rows.length > 0 || query.offset === 0);
    const total = ended
      ? query.offset + rows.length
      : Number((await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    return { rows: rows as FollowerRow[], total };
  }
  listFollowersOfMember(memberId: number, query: FollowerQuery) {
    return this.listFollowers('member', memberId, query);
  }
  listFollowedBy(followerAccountId: number, query: FollowerQuery) {
    return this.listFollowers('follower', followerAccountId, query);
  }

  // Readings
  async insertReadings(readings: ReadingRow[]) {
    // One transaction with the day versions, so no reader ever sees new readings stay under an
    // old version for good (were the second statement to fail on its own).
    return this.transaction(async (store) => {
      const { db } = store as KyselyStore;
      let inserted = 0;
      for (let i = 0; i < readings.length; i += INSERT_CHUNK) {
        const chunk = readings.slice(i, i + INSERT_CHUNK);
        const result = await db
          .insertInto('readings')
          .values(chunk)
          .onConflict((oc) => oc.columns(['memberId', 'kind', 'time']).doNothing())
          .executeTakeFirst();
        const stored = Number(result.numInsertedOrUpdatedRows ?? 0);
        // A re-upload that stored nothing new leaves the days' versions (and caches) as they are.
        if (stored > 0) await (store as KyselyStore).advanceReadingDays(chunk);
        inserted += stored;
      }
      return inserted;
    });
  }
  async deleteReading(memberId: number, kind: ReadingKind, time: number) {
    await this.transaction(async (store) => {
      const { db } = store as KyselyStore;
      const result = await db.deleteFrom('readings').where('memberId', '=', memberId).where('kind', '=', kind).where('time', '=', time).executeTakeFirst();
      if (Number(result.numDeletedRows) > 0) await (store as KyselyStore).advanceReadingDays([{ memberId, time }]);
    });
  }
  /** Advances the version of every (member, UTC day) the readings touch; after the readings' own write. */
  private async advanceReadingDays(readings: readonly Pick<ReadingRow, 'memberId' | 'time'>[]) {
    const version = randomReadingDayVersion();
    const days = new Map<string, { memberId: number; day: number; version: number }>();
    for (const { memberId, time } of readings) {
      const day = readingDayOf(time);
      days.set(`${memberId}/${day}`, { memberId, day, version });
    }
    await this.db
      .insertInto('readingDays')
      .values([...days.values()])
      .onConflict((oc) => oc.columns(['memberId', 'day']).doUpdateSet({ version }))
      .execute();
  }
  async readingDayVersions(memberId: number, fromDay: number, toDay: number) {
    const rows = await this.db
      .selectFrom('readingDays')
      .select(['day', 'version'])
      .where('memberId', '=', memberId)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .execute();
    return new Map(rows.map((r) => [Number(r.day), Number(r.version)]));
  }
  async listReadings(memberId: number, kind: ReadingKind, from: number, to: number): Promise<Reading[]> {
    // The hottest query (a 90-day view is 26,000 rows): written out, and run without the
    // camel-case plugin, whose per-row key mapping costs more than the read itself.
    const { rows } = await sql<Reading>`select time, mgdl from readings
      where member_id = ${memberId} and kind = ${kind} and time >= ${from} and time < ${to}
      order by time`.execute(this.db.withoutPlugins());
    return rows;
  }
  async listReadingColumns(memberId: number, kind: ReadingKind, from: number, to: number) {
    if (this.dialect !== 'postgres') {
      const rows = await this.listReadings(memberId, kind, from, to);
      return { times: Float64Array.from(rows, (r) => r.time), values: Uint16Array.from(rows, (r) => r.mgdl) };
    }
    // Two strings built inside the database: parsing 26,000 row messages in JavaScript costs three
    // times the splitting of two texts. The rows come in time order from the primary key in a
    // subquery, so neither aggregate sorts (two ORDER BY aggregates took 26 ms a 90-day span
    // on PostgreSQL 15, this 15 ms); the order is checked below all the same.
    const { rows } = await sql<{ times: string | null; values: string | null }>`select
        string_agg(time::text, ',') as times, string_agg(mgdl::text, ',') as values
      from (select time, mgdl from readings
        where member_id = ${memberId} and kind = ${kind} and time >= ${from} and time < ${to} order by time) span`.execute(this.db.withoutPlugins());
    const columns = {
      times: parseIntegerList(rows[0]?.times ?? '', (n) => new Float64Array(n)),
      values: parseIntegerList(rows[0]?.values ?? '', (n) => new Uint16Array(n)),
    };
    if (columns.times.length !== columns.values.length) throw new Error('readings: as many times as values expected');
    for (let i = 1; i < columns.times.length; i++) {
      if (columns.times[i]! <= columns.times[i - 1]!) return sortedColumns(columns);
    }
    return columns;
  }
  async listReadingsJson(memberId: number, kind: ReadingKind, from: number, to: number): Promise<string> {
    // Serialising 26,000 rows inside the database is several times cheaper than building
    // 26,000 objects in JavaScript and stringifying them again.
    const where = sql`member_id = ${memberId} and kind = ${kind} and time >= ${from} and time < ${to}`;
    const query =
      this.dialect === 'postgres'
        ? sql<{ json: string }>`select coalesce(json_agg(json_build_object('time', time, 'mgdl', mgdl) order by time), '[]')::text as json
            from readings where ${where}`
        : sql<{ json: string }>`select json_group_array(json_object('time', time, 'mgdl', mgdl) order by time) as json
            from readings where ${where}`;
    const { rows } = await query.execute(this.db.withoutPlugins());
    return rows[0]?.json ?? '[]';
  }
  async lastReadingTime(memberId: number) {
    const row = await this.db
      .selectFrom('readings')
      .select((eb) => eb.fn.max('time').as('last'))
      .where('memberId', '=', memberId)
      .where('kind', '=', 'sgv')
      .executeTakeFirst();
    return row?.last == null ? undefined : Number(row.last);
  }

  // Sensor sessions
  async insertSession(session: NewSession) {
    const row = await this.db.insertInto('sensorSessions').values(session).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  async getSession(id: number) {
    return this.db.selectFrom('sensorSessions').selectAll().where('id', '=', id).executeTakeFirst();
  }
  async updateSession(id: number, patch: Partial<Pick<SessionRow, 'note' | 'endTime'>>) {
    await this.db.updateTable('sensorSessions').set(patch).where('id', '=', id).execute();
  }
  async listSessions(memberId: number, query: SpanQuery): Promise<PageOf<SessionRow>> {
    let q = this.db.selectFrom('sensorSessions').where('memberId', '=', memberId);
    if (query.to !== undefined) q = q.where('startTime', '<', query.to);
    if (query.from !== undefined) {
      const from = query.from;
      q = q.where((eb) => eb(eb.fn.coalesce('endTime', 'expireTime'), '>', from));
    }
    return pageOf(query, () => q.selectAll().orderBy('startTime', 'desc').limit(query.limit).offset(query.offset).execute(), () => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst());
  }

  // Events
  async insertEvents(events: NewEvent[]) {
    const ids: number[] = [];
    for (let i = 0; i < events.length; i += INSERT_CHUNK) {
      const rows = await this.db.insertInto('events').values(events.slice(i, i + INSERT_CHUNK)).returning('id').execute();
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  }
  async insertEventOnce(event: NewEvent, idempotencyKey: string) {
    const inserted = await this.db
      .insertInto('events')
      .values({ ...event, idempotencyKey })
      .onConflict((oc) => oc.columns(['memberId', 'idempotencyKey']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, created: true };
    const first = await this.db
      .selectFrom('events')
      .select('id')
      .where('memberId', '=', event.memberId)
      .where('idempotencyKey', '=', idempotencyKey)
      .executeTakeFirstOrThrow();
    return { id: first.id, created: false };
  }
  async getEvent(id: number) {
    return this.db.selectFrom('events').select(['id', 'memberId', 'eventType', 'time', 'note', 'detail']).where('id', '=', id).executeTakeFirst();
  }
  async deleteEvent(id: number) {
    await this.db.deleteFrom('events').where('id', '=', id).execute();
  }
  async listEvents(memberId: number, query: SpanQuery & { eventType?: string }): Promise<PageOf<EventRow>> {
    let q = this.db.selectFrom('events').where('memberId', '=', memberId);
    if (query.eventType) q = q.where('eventType', '=', query.eventType);
    if (query.from !== undefined) q = q.where('time', '>=', query.from);
    if (query.to !== undefined) q = q.where('time', '<', query.to);
    return pageOf(query, () => q
      .selectAll()
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(), () => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst());
  }
  async countEventsByType(memberId: number, from: number, to: number) {
    const rows = await this.db
      .selectFrom('events')
      .select(['eventType', (eb) => eb.fn.countAll<number>().as('n')])
      .where('memberId', '=', memberId)
      .where('time', '>=', from)
      .where('time', '<', to)
      .groupBy('eventType')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.eventType, Number(r.n)]));
  }

  // Devices
  async insertDevice(device: NewDevice) {
    const row = await this.db.insertInto('devices').values(device).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  async getDevice(id: number) {
    return this.db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
  }
  async listDevices(memberId: number, page: Paging): Promise<PageOf<DeviceRow>> {
    const q = this.db.selectFrom('devices').where('memberId', '=', memberId);
    return pageOf(page, () => q.selectAll().orderBy('id').limit(page.limit).offset(page.offset).execute(), () => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst());
  }

  // Public report links
  async insertPublicLink(link: PublicLinkRow) {
    await this.db.insertInto('publicLinks').values(link).execute();
  }
  async getPublicLink(id: string) {
    return this.db.selectFrom('publicLinks').selectAll().where('id', '=', id).executeTakeFirst();
  }
  async updatePublicLink(id: string, patch: Partial<Pick<PublicLinkRow, 'revokedAt'>>) {
    await this.db.updateTable('publicLinks').set(patch).where('id', '=', id).execute();
  }
  async listPublicLinks(memberId: number, page: Paging): Promise<PageOf<PublicLinkRow>> {
    const q = this.db.selectFrom('publicLinks').where('memberId', '=', memberId);
    return pageOf(page, () => q.selectAll().orderBy('createdAt', 'desc').limit(page.limit).offset(page.offset).execute(), () => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst());
  }

  async countLivePublicLinks(memberId: number, now: number) {
    const row = await this.db
      .selectFrom('publicLinks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('memberId', '=', memberId)
      .where('revokedAt', 'is', null)
      .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  // Upload secrets
  async insertUploadSecret(secret: NewUploadSecret) {
    const row = await this.db.insertInto('uploadSecrets').values(secret).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  async findUploadSecret(secretHash: string) {
    return this.db.selectFrom('uploadSecrets').selectAll().where('secretHash', '=', secretHash).executeTakeFirst();
  }
  async listUploadSecrets(memberId: number): Promise<UploadSecretRow[]> {
    return this.db.selectFrom('uploadSecrets').selectAll().where('memberId', '=', memberId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  }
  async updateUploadSecret(id: number, patch: Partial<Pick<UploadSecretRow, 'revokedAt' | 'lastUsedAt'>>) {
    await this.db.updateTable('uploadSecrets').set(patch).where('id', '=', id).execute();
  }
  async getUploadSecret(id: number) {
    return this.db.selectFrom('uploadSecrets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  // Nightscout documents
  async insertNightscoutDoc(doc: NewNightscoutDoc) {
    const row = await this.db.insertInto('nightscoutDocs').values({ ...doc, isValid: doc.isValid ? 1 : 0 }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  async insertNightscoutDocs(docs: readonly NewNightscoutDoc[]) {
    const ids = new Map<string, number>();
    for (let i = 0; i < docs.length; i += INSERT_CHUNK) {
      const chunk = docs.slice(i, i + INSERT_CHUNK).map((doc) => ({ ...doc, isValid: doc.isValid ? 1 : 0 }));
      // RETURNING's row order is not promised (SQLite says so): ids are matched by identifier,
      // unique per member and collection.
      const rows = await this.db.insertInto('nightscoutDocs').values(chunk).returning(['id', 'memberId', 'collection', 'identifier']).execute();
      for (const row of rows) ids.set(`${row.memberId}|${row.collection}|${row.identifier}`, row.id);
    }
    return docs.map((doc) => ids.get(`${doc.memberId}|${doc.collection}|${doc.identifier}`)!);
  }
  async findNightscoutDoc(memberId: number, collection: NightscoutCollection, by: { identifier: string } | DedupLookup) {
    let q = this.db.selectFrom('nightscoutDocs').selectAll().where('memberId', '=', memberId).where('collection', '=', collection);
    q = 'identifier' in by ? q.where('identifier', '=', by.identifier) : q.where('date', '=', by.date).where('dedupKey', '=', by.dedupKey).orderBy('id', 'asc');
    const row = await q.executeTakeFirst();
    return row && docRow(row);
  }
  async findNightscoutDocsByDedup(memberId: number, collection: NightscoutCollection, keys: readonly DedupLookup[]) {
    if (keys.length === 0) return [];
    const rows = await this.db
      .selectFrom('nightscoutDocs')
      .selectAll()
      .where('memberId', '=', memberId)
      .where('collection', '=', collection)
      .where('date', 'in', [...new Set(keys.map((k) => k.date))])
      .where('dedupKey', 'in', [...new Set(keys.map((k) => k.dedupKey))])
      .orderBy('id', 'asc')
      .execute();
    return rows.map(docRow);
  }
  async updateNightscoutDoc(id: number, patch: Partial<Pick<NewNightscoutDoc, 'date' | 'dedupKey' | 'srvModified' | 'isValid' | 'doc'>>) {
    const { isValid, ...rest } = patch;
    await this.db
      .updateTable('nightscoutDocs')
      .set({ ...rest, ...(isValid === undefined ? {} : { isValid: isValid ? 1 : 0 }) })
      .where('id', '=', id)
      .execute();
  }
  async listNightscoutDocs(memberId: number, collection: NightscoutCollection, query: NightscoutDocQuery) {
    let q = this.db.selectFrom('nightscoutDocs').selectAll().where('memberId', '=', memberId).where('collection', '=', collection);
    if (query.from !== undefined) q = q.where('date', '>=', query.from);
    if (query.to !== undefined) q = q.where('date', '<', query.to);
    if (query.modifiedAfter !== undefined) q = q.where('srvModified', '>', query.modifiedAfter);
    else q = q.where('isValid', '=', 1);
    const direction = query.desc ? 'desc' : 'asc';
    const rows = await q.orderBy(query.order, direction).orderBy('id', direction).limit(query.limit).offset(query.offset).execute();
    return rows.map(docRow);
  }
  async deleteNightscoutDoc(id: number) {
    await this.db.deleteFrom('nightscoutDocs').where('id', '=', id).execute();
  }
  async nightscoutLastModified(memberId: number) {
    const rows = await this.db
      .selectFrom('nightscoutDocs')
      .select(['collection', (eb) => eb.fn.max('srvModified').as('last')])
      .where('memberId', '=', memberId)
      .groupBy('collection')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.collection, Number(r.last)])) as Partial<Record<NightscoutCollection, number>>;
  }

  // Jobs
  async insertJob(job: NewJob) {
    const row = await this.db
      .insertInto('jobs')
      .values({ ...job, attempts: 0 })
      .onConflict((oc) => oc.column('dedupKey').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }
  async claimJobs({ kinds, now, leaseMs, leaseToken, limit }: JobClaim) {
    if (kinds.length === 0 || limit <= 0) return [];
    const free = sql<boolean>`(jobs.lease_until is null or jobs.lease_until <= ${now})`;
    let due = this.db
      .selectFrom('jobs')
      .select('id')
      .where('failedAt', 'is', null)
      .where('kind', 'in', kinds)
      .where('runAt', '<=', now)
      .where(free)
      .orderBy('runAt')
      .orderBy('id')
      .limit(limit);
    // PostgreSQL: claimers skip rows another is claiming instead of queueing behind its lock;
    // SQLite runs one writing statement at a time, so the UPDATE alone is atomic.
    if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
    const rows = await this.db
      .updateTable('jobs')
      .set((eb) => ({ leaseToken, leaseUntil: now + leaseMs, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', due)
      .where(free)
      .returningAll()
      .execute();
    return rows.map(jobRow).sort((a, b) => a.runAt - b.runAt || a.id - b.id);
  }
  async renewJobLease(id: number, leaseToken: string, leaseUntil: number) {
    const result = await this.db.updateTable('jobs').set({ leaseUntil }).where('id', '=', id).where('leaseToken', '=', leaseToken).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  async completeJob(id: number, leaseToken: string) {
    const result = await this.db.deleteFrom('jobs').where('id', '=', id).where('leaseToken', '=', leaseToken).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
  async retryJob(id: number, leaseToken: string, runAt: number, error: string) {
    const result = await this.db
      .updateTable('jobs')
      .set({ runAt, leaseToken: null, leaseUntil: null, lastError: error })
      .where('id', '=', id)
      .where('leaseToken', '=', leaseToken)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  async failJob(id: number, leaseToken: string, failedAt: number, error: string) {
    const result = await this.db
      .updateTable('jobs')
      .set({ failedAt, dedupKey: null, leaseToken: null, leaseUntil: null, lastError: error })
      .where('id', '=', id)
      .where('leaseToken', '=', leaseToken)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
  // Push devices
  async countPushDevices(memberId: number) {
    const row = await this.db.selectFrom('pushDevices').select((eb) => eb.fn.countAll<number>().as('n')).where('memberId', '=', memberId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  async savePushDevice(device: NewPushDevice) {
    const row = await this.db
      .insertInto('pushDevices')
      .values(device)
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({ memberId: device.memberId, p256dh: device.p256dh, auth: device.auth, name: device.name }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return pushDeviceRow(row);
  }
  async findPushDeviceByEndpoint(endpoint: string) {
    const row = await this.db.selectFrom('pushDevices').selectAll().where('endpoint', '=', endpoint).executeTakeFirst();
    return row && pushDeviceRow(row);
  }
  async getPushDevice(id: number) {
    const row = await this.db.selectFrom('pushDevices').selectAll().where('id', '=', id).executeTakeFirst();
    return row && pushDeviceRow(row);
  }
  async listPushDevices(memberId: number) {
    const rows = await this.db.selectFrom('pushDevices').selectAll().where('memberId', '=', memberId).orderBy('createdAt').orderBy('id').execute();
    return rows.map(pushDeviceRow);
  }
  async deletePushDevice(id: number, memberId?: number) {
    let query = this.db.deleteFrom('pushDevices').where('id', '=', id);
    if (memberId !== undefined) query = query.where('memberId', '=', memberId);
    return Number((await query.executeTakeFirst()).numDeletedRows) === 1;
  }
  async markPushDeviceNotified(id: number, at: number) {
    await this.db.updateTable('pushDevices').set({ lastNotifiedAt: at }).where('id', '=', id).execute();
  }

  async listJobs(kind?: string) {
    let query = this.db.selectFrom('jobs').selectAll().orderBy('createdAt').orderBy('id');
    if (kind) query = query.where('kind', '=', kind);
    return (await query.execute()).map(jobRow);
  }

  async sharedSecret(name: string, create: () => string, now: number) {
    await this.db.insertInto('serverSecrets').values({ name, value: create(), createdAt: now }).onConflict((oc) => oc.column('name').doNothing()).execute();
    const row = await this.db.selectFrom('serverSecrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return row.value;
  }
  async saveFile(path: string, file: { bytes: Uint8Array; contentType: string }, now: number) {
    const bytes = Buffer.from(file.bytes);
    await this.db
      .insertInto('storedFiles')
      .values({ path, bytes, contentType: file.contentType, createdAt: now })
      .onConflict((oc) => oc.column('path').doUpdateSet({ bytes, contentType: file.contentType, createdAt: now }))
      .execute();
  }
  async readFile(path: string) {
    const row = await this.db.selectFrom('storedFiles').select(['bytes', 'contentType']).where('path', '=', path).executeTakeFirst();
    return row ? { bytes: new Uint8Array(row.bytes), contentType: row.contentType } : undefined;
  }
  async removeFile(path: string) {
    await this.db.deleteFrom('storedFiles').where('path', '=', path).execute();
  }
}

function docRow(row: Omit<NightscoutDocsTable, 'id'> & { id: number }): NightscoutDocRow {
  return { ...row, collection: row.collection as NightscoutCollection, date: Number(row.date), srvCreated: Number(row.srvCreated), srvModified: Number(row.srvModified), isValid: Number(row.isValid) === 1 };
}

function alarmOf(row: (Omit<AlarmRow, 'kind'> & { kind: string }) | undefined): AlarmRow | undefined {
  return row && ({ ...row } as AlarmRow);
}

function jobRow(row: JobRow): JobRow {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return { ...row, runAt: Number(row.runAt), createdAt: Number(row.createdAt), leaseUntil: n(row.leaseUntil), failedAt: n(row.failedAt) };
}

function pushDeviceRow(row: PushDeviceRow): PushDeviceRow {
  return { ...row, createdAt: Number(row.createdAt), lastNotifiedAt: row.lastNotifiedAt === null ? null : Number(row.lastNotifiedAt) };
}
