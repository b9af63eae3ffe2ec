import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ServerConfig } from './config';

/** The SQLite file of a data folder. */
export const sqliteFile = (dataDir: string) => join(dataDir, 'cgm-portal.sqlite');

/**
 * `node dist/main.js backup <file>`: a consistent copy of the SQLite database through SQLite's
 * online backup API, safe while the server runs and writes (pages changed meanwhile are copied
 * again). PostgreSQL has its own tools: pg_dump (README, "Backups").
 */
export async function backup(config: ServerConfig, target: string | undefined): Promise<string> {
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL is PostgreSQL: back it up with pg_dump --format=custom (see README, "Backups")');
  }
  if (!target) throw new Error('usage: node dist/main.js backup <file>');
  const source = sqliteFile(config.dataDir);
  if (!existsSync(source)) throw new Error(`no database at ${source}`);
  const destination = resolve(target);
  if (existsSync(destination)) throw new Error(`${destination} exists; a backup never overwrites a file`);
  mkdirSync(dirname(destination), { recursive: true });
  const { default: SQLite } = await import('better-sqlite3');
  const database = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await database.backup(destination);
  } finally {
    database.close();
  }
  return destination;
}
