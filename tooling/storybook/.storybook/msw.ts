import { createMswHandlers } from '@cgm-portal/api-server/msw';
import type { RequestHandler } from 'msw';
import { setupWorker, type SetupWorker } from 'msw/browser';
// sql.js's WebAssembly SQLite, emitted by Vite as a hashed asset of Storybook only.
import sqlWasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';

/**
 * One service worker for every story: /api calls go to the real server's app over its own
 * Kysely store on SQLite in WebAssembly, seeded with the demo data (no second imitation of the
 * server). Stories add handlers of their own for the loading and error states through
 * `parameters.msw.handlers`.
 */
let worker: Promise<SetupWorker> | undefined;

export function startMsw(): Promise<SetupWorker> {
  worker ??= (async () => {
    // Loaded on the first story that talks to the server: the server, Kysely and sql.js stay
    // out of the chunk every other story (charts, ui) loads.
    const { createInMemoryApp } = await import('@cgm-portal/api-server/in-memory');
    const app = await createInMemoryApp({ wasmUrl: sqlWasmUrl });
    const w = setupWorker(...createMswHandlers(app));
    await w.start({ onUnhandledRequest: 'bypass', quiet: true, serviceWorker: { url: './mockServiceWorker.js' } });
    return w;
  })();
  return worker;
}

export async function applyStoryHandlers(handlers: RequestHandler[] | undefined) {
  const w = await startMsw();
  w.resetHandlers();
  if (handlers?.length) w.use(...handlers);
}
