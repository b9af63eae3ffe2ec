import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSites, type SiteRule } from './serving/sites';

/** Server configuration from the environment (see README). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... switches from the SQLite file to PostgreSQL. */
  databaseUrl: string | undefined;
  seedWhenEmpty: boolean;
  tokenTtlHours: number;
  rsaBits: number;
  enableTestHooks: boolean;
  /** A frozen clock (epoch ms) for screenshot tests: the seed and every server time read it. Test hooks only. */
  testClock?: number;
  production: boolean;
  /** CGM_CORS_ORIGINS, comma-separated; empty: same-origin only. */
  corsOrigins: string[];
  /** CGM_NIGHTSCOUT_JWT_KEY: signs Nightscout API v3 JWTs; set it when several servers share one database. */
  nightscoutJwtKey?: string;
  /** CGM_APPS: the built apps this process serves, by port or host name (serving/sites.ts). */
  apps: SiteRule[];
  /** CGM_APPS_DIR: the folder holding `<app>/dist`; by default the repository's apps/. */
  appsDir: string;
  /** CGM_SHUTDOWN_GRACE_MS: how long SIGTERM waits for requests in flight before cutting them. */
  shutdownGraceMs: number;
  /** CGM_TRUST_PROXY_HOPS: proxies in front whose forwarding headers are believed (0: none). */
  trustProxyHops: number;
  /** CGM_METRICS_TOKEN (bearer, every listener) and/or CGM_METRICS_PORT (its own listener). */
  metrics: { token?: string; port?: number };
  /** CGM_NO_DATA_MINUTES: readings missing this long raise the no-data alert (default 20). */
  noDataMinutes: number;
  /** CGM_ALERT_TICK_MS: how often this server looks for no-data and repeats due (default 30 s). */
  alertTickMs: number;
  /**
   * CGM_JOB_LEASE_MS: how long a claimed job is a server's before another may take it; renewed
   * while it runs, so it bounds only how late the job of a server that died is taken over.
   */
  jobLeaseMs: number;
}

/** apps/ of this checkout: main.ts runs from apps/api-server/src (tsx) or apps/api-server/dist (node). */
const repositoryApps = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const enableTestHooks = env.CGM_ENABLE_TEST_HOOKS === '1';
  if (env.CGM_METRICS_TOKEN && env.CGM_METRICS_TOKEN.length < 24) throw new Error('CGM_METRICS_TOKEN must be at least 24 characters');
  if (production && enableTestHooks) throw new Error('CGM_ENABLE_TEST_HOOKS cannot be on with NODE_ENV=production');
  const testClock = env.CGM_TEST_CLOCK ? Date.parse(env.CGM_TEST_CLOCK) : undefined;
  if (testClock !== undefined && (!enableTestHooks || !Number.isFinite(testClock))) throw new Error('CGM_TEST_CLOCK must be an ISO instant, and needs CGM_ENABLE_TEST_HOOKS=1');
  const rsaBits = positiveNumber('CGM_RSA_BITS', env.CGM_RSA_BITS, 2048);
  if (![1024, 2048, 3072, 4096].includes(rsaBits)) throw new Error('CGM_RSA_BITS must be 1024, 2048, 3072 or 4096');
  return {
    // PORT=0 picks a free port (tests); the chosen one is printed.
    port: env.PORT === '0' ? 0 : positiveNumber('PORT', env.PORT, 8787),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.CGM_DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL?.startsWith('postgres') ? env.DATABASE_URL : undefined,
    seedWhenEmpty: env.CGM_SEED === '1',
    tokenTtlHours: positiveNumber('CGM_TOKEN_TTL_HOURS', env.CGM_TOKEN_TTL_HOURS, 168),
    rsaBits,
    enableTestHooks,
    ...(testClock !== undefined ? { testClock } : {}),
    production,
    corsOrigins: (env.CGM_CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    nightscoutJwtKey: env.CGM_NIGHTSCOUT_JWT_KEY || undefined,
    apps: parseSites(env.CGM_APPS),
    appsDir: resolve(env.CGM_APPS_DIR || repositoryApps),
    shutdownGraceMs: positiveNumber('CGM_SHUTDOWN_GRACE_MS', env.CGM_SHUTDOWN_GRACE_MS, 15_000),
    trustProxyHops: env.CGM_TRUST_PROXY_HOPS ? positiveNumber('CGM_TRUST_PROXY_HOPS', env.CGM_TRUST_PROXY_HOPS, 0) : 0,
    noDataMinutes: positiveNumber('CGM_NO_DATA_MINUTES', env.CGM_NO_DATA_MINUTES, 20),
    alertTickMs: positiveNumber('CGM_ALERT_TICK_MS', env.CGM_ALERT_TICK_MS, 30_000),
    jobLeaseMs: positiveNumber('CGM_JOB_LEASE_MS', env.CGM_JOB_LEASE_MS, 60_000),
    metrics: {
      token: env.CGM_METRICS_TOKEN || undefined,
      port: env.CGM_METRICS_PORT === '0' ? 0 : env.CGM_METRICS_PORT ? positiveNumber('CGM_METRICS_PORT', env.CGM_METRICS_PORT, 0) : undefined,
    },
  };
}
