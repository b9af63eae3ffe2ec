import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { BuiltApp } from './built-app';
import { log, requestContext, type RequestContext } from '../observability/log';
import { metricsResponse, requestDuration } from '../observability/metrics';
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
  pageHeaders?: (response: Response, request: Request) => void;
  timeouts?: Partial<Timeouts>;
  /** /metrics: to a bearer of this token on every listener, or on its own port without one. */
  metrics?: { token?: string; port?: number };
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
  /** The operators' own listener, answering /metrics only. */
  metricsOnly?: boolean;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });

/** A request id from the proxy is kept when it looks like one; otherwise a new one is made. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The fetch of one listener: health, metrics, then the API, then its app's files. Every request
 * runs with its id in the log context, answers with it (X-Request-Id), and ends in one access
 * line and one histogram sample, named by route pattern, never by URL.
 */
export function listenerFetch(options: ListenerOptions, fixedApp: BuiltApp | undefined, metricsPort = false): Fetch {
  const answer = async (request: Request, env: Parameters<Fetch>[1], context: RequestContext): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (metricsPort || pathname === '/metrics') {
      context.route = '/metrics';
      return metricsResponse(request, options.metrics?.token, metricsPort);
    }
    // Liveness: the event loop answers. Readiness: the database answers and we are not draining.
    if (pathname === '/healthz') {
      context.route = pathname;
      return json(200, { status: 'ok' });
    }
    if (pathname === '/readyz') {
      context.route = pathname;
      const ready = await options.ready().catch(() => false);
      return json(ready ? 200 : 503, { status: ready ? 'ready' : 'unavailable' });
    }
    if (isServerPath(pathname)) return options.api.fetch(request, env);
    const app = fixedApp ?? appForHost(options.sites, request.headers.get('host'));
    if (!app || (request.method !== 'GET' && request.method !== 'HEAD')) return options.api.fetch(request, env);
    context.route = pathname.startsWith('/assets/') ? '(app asset)' : '(app page)';
    const response = app.respond(pathname, request);
    options.pageHeaders?.(response, request);
    return response;
  };
  return (request, env) => {
    const given = request.headers.get('x-request-id');
    const context: RequestContext = { requestId: given && REQUEST_ID.test(given) ? given : randomUUID() };
    return requestContext.run(context, async () => {
      const started = performance.now();
      let response: Response;
      try {
        response = await answer(request, env, context);
      } catch (error) {
        log.error({ err: { type: (error as Error).name, message: (error as Error).message } }, 'request failed');
        response = json(500, { code: 500, message: 'Server error' });
      }
      const seconds = (performance.now() - started) / 1000;
      const route = context.route ?? '(unmatched)';
      requestDuration.observe({ method: request.method, route, status: String(response.status) }, seconds);
      if (route !== '/healthz' && route !== '/readyz' && route !== '/metrics' && route !== '(app asset)') {
        log.info({ method: request.method, route, status: response.status, ms: Math.round(seconds * 1000) }, 'request');
      }
      try {
        response.headers.set('X-Request-Id', context.requestId);
      } catch {
        // A response with immutable headers (a fetch passthrough) keeps its own.
      }
      return response;
    });
  };
}

/** Starts the main listener and one per app port. Resolves when all are listening. */
export async function startListeners(options: ListenerOptions): Promise<Listener[]> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const wanted: { port: number; app?: BuiltApp; metricsOnly?: boolean }[] = [
    { port: options.port },
    ...[...options.sites.ports].map(([port, app]) => ({ port, app })),
    ...(options.metrics?.port !== undefined ? [{ port: options.metrics.port, metricsOnly: true }] : []),
  ];
  return Promise.all(
    wanted.map(
      ({ port, app, metricsOnly }) =>
        new Promise<Listener>((resolve, reject) => {
          const fetch = listenerFetch(options, app, metricsOnly);
          const server = serve({ fetch, port, hostname: options.host }, (info) =>
            resolve({ server, port: info.port, app, metricsOnly }),
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
