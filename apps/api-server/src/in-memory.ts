import { createApp } from './app';
import type { Deps } from './http';
import { createBrowserPlatform } from './platform/browser';
import { seedDemoData, type SeedOptions } from './seed';
import { openWasmSqliteStore } from './store/wasm-sqlite';

export interface InMemoryAppOptions extends SeedOptions {
  /** Seed the demo accounts and data (default true). */
  seedDemo?: boolean;
  /** A fixed clock, for stories and tests that must not move. */
  clock?: () => number;
  tokenTtlMs?: number;
  /** Test hooks (/api/test/*); default true: the in-memory app is only ever a test double. */
  enableTestHooks?: boolean;
  /** Check every answer against the contract (default true; false makes Storybook a bit faster). */
  validateResponses?: boolean;
  /** Where a browser fetches sql.js's `.wasm` (the URL the bundler gave it); unset on Node. */
  wasmUrl?: string;
}

/**
 * The same Hono app as the real server, over the same Kysely store and migrations on SQLite
 * compiled to WebAssembly (an in-memory database), and the browser platform. Its import graph
 * has no node:*, better-sqlite3 or pg, so Storybook and jsdom tests can use it. Resolves once
 * the demo data is seeded.
 */
export async function createInMemoryApp(options: InMemoryAppOptions = {}) {
  const platform = createBrowserPlatform();
  const store = await openWasmSqliteStore({ wasmUrl: options.wasmUrl });
  const now = options.clock ?? (() => Date.now());
  const deps: Deps = {
    store,
    platform,
    outbox: platform.outbox,
    now,
    config: {
      tokenTtlMs: options.tokenTtlMs ?? 24 * 3600 * 1000,
      enableTestHooks: options.enableTestHooks ?? true,
      validateResponses: options.validateResponses ?? true,
    },
  };
  if (options.seedDemo !== false) await seedDemoData(store, platform, { ...options, now: options.now ?? now() });
  return createApp(deps);
}

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed';
