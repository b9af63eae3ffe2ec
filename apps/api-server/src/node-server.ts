import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { createApp } from './app';
import type { ServerConfig } from './config';
import type { Deps } from './http';
import { createCouriers, readCourierConfig } from './delivery/couriers';
import { randomBytes } from 'node:crypto';
import { createNodePlatform, newRsaKeyPem } from './platform/node';
import { CodeOutbox, type FileStorage } from './platform/types';
import type { Store } from './store/types';
import { KyselyStore, migrate } from './store/kysely-store';
import { withStatementCache } from './store/statement-cache';
import { loadVapidKeys, pushServiceHosts } from './push/vapid';
import type { Database, Dialect } from './store/schema';

/** Opens (creating and migrating) the database the config names: SQLite file or PostgreSQL. */
export async function openStore(config: ServerConfig): Promise<KyselyStore> {
  let db: Kysely<Database>;
  let dialect: Dialect;
  if (config.databaseUrl) {
    const pg = await import('pg');
    const { Pool, types } = pg.default ?? pg;
    types.setTypeParser(20, (v: string) => Number(v)); // bigint epoch ms fits a double exactly
    const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the database drops (a restart, a failover) is replaced by the pool on the
    // next query; unhandled, its 'error' event would end the process.
    pool.on('error', (error: Error) => console.error('database connection lost', error.message));
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new CamelCasePlugin()],
    });
    dialect = 'postgres';
  } else {
    const { default: SQLite } = await import('better-sqlite3');
    mkdirSync(config.dataDir, { recursive: true });
    const database = new SQLite(join(config.dataDir, 'cgm-portal.sqlite'));
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }), plugins: [new CamelCasePlugin()] });
    dialect = 'sqlite';
  }
  await migrate(db, dialect);
  return new KyselyStore(db, dialect);
}

/**
 * On PostgreSQL several servers may share the database: what one server used to keep in its data
 * folder (the sign-in key, avatars) lives in the database, so every server signs in, serves
 * files and verifies Nightscout JWTs alike, and a server can die without taking any of it along.
 */
function sharedByServers(store: Store, config: ServerConfig) {
  if (!config.databaseUrl) return {};
  return {
    rsaKeyPem: () => store.sharedSecret('rsa-private-key', () => newRsaKeyPem(config.rsaBits), Date.now()),
    files: {
      save: (path, file) => store.saveFile(path, file, Date.now()),
      read: (path) => store.readFile(path),
      remove: (path) => store.removeFile(path),
    } satisfies FileStorage,
  };
}

export async function createNodeDeps(config: ServerConfig): Promise<Deps> {
  const outbox = new CodeOutbox();
  const courierConfig = readCourierConfig(process.env, config.dataDir, config.production);
  const couriers = createCouriers(courierConfig);
  const store = await openStore(config);
  const shared = sharedByServers(store, config);
  const platform = createNodePlatform({
    dataDir: config.dataDir,
    rsaBits: config.rsaBits,
    rsaKeyPem: await shared.rsaKeyPem?.(),
    files: shared.files,
    outbox,
    couriers,
    brand: courierConfig.brand,
  });
  return {
    store,
    platform,
    outbox,
    // Screenshot tests freeze the clock so dates and ages never change between runs.
    now: config.testClock !== undefined ? () => config.testClock! : () => Date.now(),
    push: {
      vapid: await loadVapidKeys(process.env, config.dataDir, config.databaseUrl ? (name, create) => store.sharedSecret(name, create, Date.now()) : undefined),
      serviceHosts: pushServiceHosts(process.env),
    },
    config: {
      tokenTtlMs: config.tokenTtlHours * 3600 * 1000,
      enableTestHooks: config.enableTestHooks,
      validateResponses: process.env.CGM_VALIDATE_RESPONSES === '1',
      corsOrigins: config.corsOrigins,
      // One key in the database unless configured: every server verifies every other's JWTs, and
      // a restart does not send AAPS back for a new token.
      nightscoutJwtKey: config.nightscoutJwtKey ?? (await store.sharedSecret('nightscout-jwt-key', () => randomBytes(32).toString('base64url'), Date.now())),
      deliveryChannels: couriers.channels,
      trustProxyHops: config.trustProxyHops,
    },
  };
}

export { createApp };
