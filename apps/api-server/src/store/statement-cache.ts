import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Statements kept per database; the store sends far fewer distinct query texts. */
const STATEMENTS_KEPT = 512;

/**
 * better-sqlite3 behind Kysely's SqliteDialect, with its prepared statements kept by their SQL
 * text (issue 19). Kysely prepares every query afresh, and on a 90-day request that parse cost
 * more than the queries themselves. Safe to share: Kysely runs one query at a time on its one
 * SQLite connection, so a kept statement is never in use twice at once. A plain map, emptied
 * when full (texts with a list of `?` of every length could grow it without end): keeping it in
 * least-recently-used order cost more than the rare re-preparing.
 */
export function withStatementCache(database: SqliteDatabase): SqliteDatabase {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      let statement = kept.get(sql);
      if (!statement) {
        if (kept.size >= STATEMENTS_KEPT) kept.clear();
        kept.set(sql, (statement = database.prepare(sql)));
      }
      return statement;
    },
  };
}
