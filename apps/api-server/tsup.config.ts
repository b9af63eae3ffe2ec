import { defineConfig } from 'tsup';

// Node 20 cannot run workspace TypeScript, so our own packages are bundled in;
// the native SQLite binding and the PostgreSQL driver stay external.
export default defineConfig({
  // The server, and the demo's CGM simulator (a separate process; scripts/start.mjs starts both).
  // The report statistics' worker thread is an entry of its own (platform/statistics-pool.ts).
  entry: { main: 'src/main.ts', simulator: 'src/simulator/cli.ts', 'statistics-worker': 'src/platform/statistics-worker.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
  noExternal: [/^@cgm-portal\//],
  external: ['better-sqlite3', 'pg', 'playwright-core'],
});
