import type { Server } from 'node:http';
import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { BuiltApp } from './built-app';
import { appForHost, isServerPath, type Sites } from './sites';

type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

export interface ListenerOptions {
  /** The API (createApp) and anything mounted on it. */
  api: { fetch: Fetch };
  sites: Sites;
  host: string;
  /** The main port: the API, and the apps chosen by host name. */
  port: number;
  /** Is the process ready for traffic? Checked by /readyz (database reachable, not draining). */
  ready(): Promise<boolean>;
  /** Extra headers for the apps' pages (the security headers). */
  pageHeaders?: (response: Response) => void;
  timeouts?: Partial<Timeouts>;
}

/**
 * Slow clients hold a socket each; these bound how long. Headers must arrive within 10 s
 * (slowloris), a whole request within 5 min (a 64 MB import on a slow uplink), and an idle
 * keep-alive socket is dropped after 5 s (below a proxy's usual 60 s, so the proxy closes first).
 */
export interface Timeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}
const DEFAULT_TIMEOUTS: Timeouts = { headersMs: 10_000, requestMs: 300_000, keepAliveMs: 5_000 };

export interface Listener {
  server: Server;
  port: number;
  /** The app this listener serves regardless of host, if any. */
  app?: BuiltApp;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });

/** The fetch of one listener: health, then the API, then its app's files. */
export function listenerFetch(options: ListenerOptions, fixedApp: BuiltApp | undefined): Fetch {
  return async (request, env) => {
    const { pathname } = new URL(request.url);
    // Liveness: the event loop answers. Readiness: the database answers and we are not draining.
    if (pathname === '/healthz') return json(200, { status: 'ok' });
    if (pathname === '/readyz') {
      const ready = await options.ready().catch(() => false);
      return json(ready ? 200 : 503, { status: ready ? 'ready' : 'unavailable' });
    }
    if (isServerPath(pathname)) return options.api.fetch(request, env);
    const app = fixedApp ?? appForHost(options.sites, request.headers.get('host'));
    if (!app || (request.method !== 'GET' && request.method !== 'HEAD')) return options.api.fetch(request, env);
    const response = app.respond(pathname, request);
    options.pageHeaders?.(response);
    return response;
  };
}

/** Starts the main listener and one per app port. Resolves when all are listening. */
export async function startListeners(options: ListenerOptions): Promise<Listener[]> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const wanted: { port: number; app?: BuiltApp }[] = [
    { port: options.port },
    ...[...options.sites.ports].map(([port, app]) => ({ port, app })),
  ];
  return Promise.all(
    wanted.map(
      ({ port, app }) =>
        new Promise<Listener>((resolve, reject) => {
          const server = serve({ fetch: listenerFetch(options, app), port, hostname: options.host }, (info) =>
            resolve({ server, port: info.port, app }),
          ) as Server;
          server.headersTimeout = timeouts.headersMs;
          server.requestTimeout = timeouts.requestMs;
          server.keepAliveTimeout = timeouts.keepAliveMs;
          server.once('error', reject);
        }),
    ),
  );
}

/**
 * Graceful stop: no new connections, idle keep-alive sockets closed, requests in flight
 * finish; whatever is still open after `graceMs` (a stuck client, a live stream) is cut.
 */
export async function drainListeners(listeners: Listener[], graceMs: number): Promise<void> {
  const closed = listeners.map(
    ({ server }) =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  );
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), graceMs)));
  const outcome = await Promise.race([Promise.all(closed).then(() => 'drained' as const), grace]);
  clearTimeout(timer);
  if (outcome === 'timeout') for (const { server } of listeners) server.closeAllConnections();
}
