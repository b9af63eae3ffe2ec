import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { LruMap } from '../lru-map';

/** Statements kept per database: every distinct query text the store sends is far fewer. */
const STATEMENTS_KEPT = 512;

/**
 * better-sqlite3 behind Kysely's SqliteDialect, with its prepared statements kept by their SQL
 * text (issue 19). Kysely prepares every query afresh, and on a 90-day request that parse cost
 * more than the queries themselves. Safe to share: Kysely runs one query at a time on its one
 * SQLite connection, so a kept statement is never in use twice at once.
 */
export function withStatementCache(database: SqliteDatabase): SqliteDatabase {
  const kept = new LruMap<string, SqliteStatement>(STATEMENTS_KEPT);
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      let statement = kept.get(sql);
      if (!statement) kept.set(sql, (statement = database.prepare(sql)));
      return statement;
    },
  };
}
