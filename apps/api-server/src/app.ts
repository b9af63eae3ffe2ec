import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { API_BASE_PATH, contract, MAX_IMPORT_BYTES, MAX_IMPORT_CHARS, ResponseCode, type CallDefinition } from '@cgm-portal/api-client/contract';
import { isHttps } from './client-address';
import { cspViolations, recordCspReport } from './csp-reports';
import { CSP_REPORT_PATH, securityHeaders } from './security-headers';
import { mountCalls, sha256, type Deps, type Handlers } from './http';
import { translate } from './i18n/messages';
import { authCalls } from './routes/auth';
import { deviceCalls } from './routes/devices';
import { eventCalls } from './routes/events';
import { followerCalls } from './routes/follower';
import { memberCalls } from './routes/member';
import { publicLinkCalls } from './routes/public-links';
import { readingCalls } from './routes/readings';
import { reportCalls } from './routes/reports';
import { sessionCalls } from './routes/sessions';
import { exportCalls } from './export/calls';
import { importCalls } from './imports/calls';
import { mountNightscout } from './nightscout/routes';
import { uploadSecretCalls } from './nightscout/secrets';
import { settingCalls } from './routes/settings';
import { pushCalls } from './push/calls';
import { alertCalls } from './alerts/calls';
import { mountLiveStream } from './alerts/live-stream';

/** Every call of the contract, by area. `satisfies` makes a missing call a type error. */
const handlers = {
  ...authCalls,
  ...memberCalls,
  ...settingCalls,
  ...followerCalls,
  ...readingCalls,
  ...sessionCalls,
  ...eventCalls,
  ...deviceCalls,
  ...reportCalls,
  ...publicLinkCalls,
  ...uploadSecretCalls,
  ...importCalls,
  ...exportCalls,
  ...pushCalls,
  ...alertCalls,
} satisfies Handlers;

/**
 * The HTTP application: every /api route lives under this app. The same app serves Node
 * (SQLite/PostgreSQL) and the browser (SQLite in WebAssembly, through MSW); only `deps` differ.
 */
/** Largest request body: an avatar (2 MB) plus the multipart framing. */
const MAX_BODY_BYTES = 3 * 1024 * 1024;
/** Largest JSON import call: MAX_IMPORT_CHARS of text at up to 3 bytes a character in UTF-8, plus the fields. */
const MAX_IMPORT_BODY_BYTES = 3 * MAX_IMPORT_CHARS + 64 * 1024;
const callPaths = (wanted: (definition: CallDefinition) => boolean) =>
  new Set(Object.values(contract as Record<string, CallDefinition>).filter(wanted).map((d) => `${API_BASE_PATH}${d.path}`));
const JSON_IMPORT_PATHS = callPaths((d) => d.path === contract.previewImport.path || d.path === contract.commitImport.path);
/** Upload calls read their body themselves as it arrives, counting it (imports/upload.ts). */
const UPLOAD_PATHS = callPaths((d) => d.encoding === 'file');

export function createApp(deps: Deps) {
  const app = new Hono();
  // Every answer of the API carries the security headers (security-headers.ts).
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(securityHeaders('api', isHttps(c, deps.config.trustProxyHops)))) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  });
  // Nightscout's APIs answer any origin, as Nightscout does: web-based follower tools read them,
  // and they carry a secret header, never a cookie, so no other site can act for a member.
  for (const path of ['/api/v1/*', '/api/v2/*', '/api/v3/*', '/pebble']) {
    app.use(
      path,
      cors({
        origin: '*',
        allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowHeaders: ['Content-Type', 'api-secret', 'Authorization', 'Date', 'If-Modified-Since', 'If-Unmodified-Since'],
        exposeHeaders: ['ETag', 'Last-Modified', 'Location'],
        maxAge: 600,
      }),
    );
  }
  if (deps.config.corsOrigins?.length) {
    app.use(
      '/api/*',
      cors({
        origin: deps.config.corsOrigins,
        allowMethods: ['GET', 'POST'],
        allowHeaders: ['Content-Type', 'xToken', 'lanCode', 'timeZone', 'If-None-Match'],
        // The api-client revalidates packed readings and reports with their ETag (issue 19).
        exposeHeaders: ['ETag'],
        maxAge: 600,
      }),
    );
  }
  const tooLarge = (c: Context) =>
    c.json({ code: ResponseCode.payloadTooLarge, message: translate(c.req.header('lanCode'), 'payloadTooLarge') }, 413);
  const limit = (maxSize: number): MiddlewareHandler => {
    const counted = bodyLimit({ maxSize, onError: tooLarge });
    return (c, next) => {
      // A declared length is checked from the header alone (Node's parser holds the body to it).
      // hono's bodyLimit would first ask the request for its body, which on Node builds the whole
      // web Request and its stream: a tenth of a cached 90-day answer's CPU (issue 19).
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
      const declared = c.req.header('content-length');
      if (declared !== undefined && /^\d+$/.test(declared) && !c.req.header('transfer-encoding')) {
        return Number(declared) > maxSize ? Promise.resolve(tooLarge(c)) : next();
      }
      return counted(c, next);
    };
  };
  const [smallBody, importBody] = [limit(MAX_BODY_BYTES), limit(MAX_IMPORT_BODY_BYTES)];
  // hono's bodyLimit holds a body without Content-Length in memory to count it: never an upload's.
  const uploadBody = limit(MAX_IMPORT_BYTES);
  app.use('/api/*', (c, next) => {
    if (UPLOAD_PATHS.has(c.req.path)) return c.req.header('content-length') ? uploadBody(c, next) : next();
    return (JSON_IMPORT_PATHS.has(c.req.path) ? importBody : smallBody)(c, next);
  });
  app.get('/api/health', (c) => c.json({ code: 200, message: 'ok' }));
  app.post(CSP_REPORT_PATH, async (c) => {
    recordCspReport(await c.req.json().catch(() => undefined));
    return c.body(null, 204);
  });

  // Uploaded files (avatars). Names are random, so listing is impossible and guessing hopeless.
  app.get('/api/files/:area/:name', async (c) => {
    const area = c.req.param('area');
    const name = c.req.param('name');
    if (area !== 'memberAvatar' || !/^[A-Za-z0-9_-]+\.(png|jpg|gif|webp)$/.test(name)) return c.notFound();
    const file = await deps.platform.files.read(`${area}/${name}`);
    if (!file) return c.notFound();
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  mountCalls(app, deps, handlers as Handlers);
  if (deps.liveFanOut) mountLiveStream(app, deps, deps.liveFanOut);
  mountNightscout(app, deps, deps.nightscoutFeed);

  if (deps.config.enableTestHooks) mountTestHooks(app, deps);

  app.notFound((c) => c.json({ code: ResponseCode.notFound, message: 'Not found' }, 404));
  return app;
}

/** Browser-test helpers; only with CGM_ENABLE_TEST_HOOKS=1, never in production. */
function mountTestHooks(app: Hono, deps: Deps) {
  app.get('/api/test/cspViolations', (c) => c.json({ code: 200, message: 'ok', rows: cspViolations() }));
  // A request that takes a while: what SIGTERM must let finish (graceful shutdown test).
  app.get('/api/test/slow', async (c) => {
    const ms = Math.min(Number(c.req.query('ms')) || 0, 10_000);
    await new Promise((resolve) => setTimeout(resolve, ms));
    console.info(`test hook waited ${ms} ms`);
    return c.json({ code: 200, message: 'ok', item: { waitedMs: ms } });
  });
  app.post('/api/test/expireToken', async (c) => {
    const { token } = z.object({ token: z.string().min(1) }).parse(await c.req.json());
    await deps.store.updateToken(await sha256(token), { expiresAt: deps.now() });
    return c.json({ code: 200, message: 'ok' });
  });
  app.post('/api/test/lastVerifyCode', async (c) => {
    const { address } = z.object({ address: z.string().min(1) }).parse(await c.req.json());
    const code = deps.outbox?.lastCode(address.trim().toLowerCase()) ?? deps.outbox?.lastCode(address.replace(/[\s()-]/g, ''));
    return c.json(code ? { code: 200, message: 'ok', item: { code } } : { code: 404, message: 'no code sent' });
  });
}
