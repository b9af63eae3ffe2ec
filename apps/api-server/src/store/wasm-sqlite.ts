import { CamelCasePlugin, Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import initSqlJs, { type Database as SqlJsDatabase, type SqlValue } from 'sql.js';
import { KyselyStore, migrate } from './kysely-store';
import type { Database } from './schema';

export interface WasmSqliteOptions {
  /**
   * Where the browser fetches sql.js's `.wasm` (Storybook passes the URL its bundler gave
   * the file). Unset on Node, where sql.js reads the file beside its own script.
   */
  wasmUrl?: string;
}

/**
 * The Kysely store on SQLite compiled to WebAssembly (sql.js), in memory: what Storybook and
 * the component tests run, with the same queries and migrations as the server.
 */
export async function openWasmSqliteStore(options: WasmSqliteOptions = {}): Promise<KyselyStore> {
  const { wasmUrl } = options;
  const SQL = await initSqlJs(wasmUrl ? { locateFile: () => wasmUrl } : undefined);
  const database = new SQL.Database();
  database.run('pragma foreign_keys = on');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: asSqliteDatabase(database) }), plugins: [new CamelCasePlugin()] });
  await migrate(db, 'sqlite');
  return new KyselyStore(db, 'sqlite');
}

/**
 * sql.js in the shape Kysely's SqliteDialect drives (better-sqlite3's): Kysely holds its one
 * connection behind a mutex, so transactions run one at a time, as on better-sqlite3.
 * Statements are freed after each use: sql.js keeps them in WebAssembly memory, which no
 * garbage collector reclaims.
 */
export function asSqliteDatabase(database: SqlJsDatabase): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const statement = database.prepare(sql);
      const reader = statement.getColumnNames().length > 0;
      const rowsOf = (parameters: ReadonlyArray<unknown>) => {
        try {
          statement.bind(parameters as SqlValue[]);
          const rows: unknown[] = [];
          while (statement.step()) rows.push(statement.getAsObject());
          return rows;
        } finally {
          statement.free();
        }
      };
      return {
        reader,
        all: rowsOf,
        *iterate(parameters) {
          yield* rowsOf(parameters);
        },
        run(parameters) {
          try {
            statement.run(parameters as SqlValue[]);
          } finally {
            statement.free();
          }
          const changes = database.getRowsModified();
          const lastInsertRowid = Number(database.exec('select last_insert_rowid()')[0]?.values[0]?.[0] ?? 0);
          return { changes, lastInsertRowid };
        },
      };
    },
  };
}
