import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, startServer, type RunningServer } from '../test-support/server';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DAY = 24 * 3600 * 1000;

/** A built app as Vite leaves it: index.html, a hashed asset with its precompressed twin, a service worker. */
function makeAppsDir() {
  const appsDir = mkdtempSync(join(tmpdir(), 'cgm-apps-'));
  const dist = join(appsDir, 'demo-app', 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(60)}</body></html>`);
  const script = `console.log(${JSON.stringify('portal '.repeat(400))});`;
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'sw.js'), `self.addEventListener('fetch', () => {});${' '.repeat(600)}`);
  return appsDir;
}

/** A raw GET with the given headers; Node's fetch would decompress and hide Content-Encoding. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('production serving: the API and a built app from one process', () => {
  let server: RunningServer;
  let appsDir: string;
  let appUrl: string;
  beforeAll(async () => {
    appsDir = makeAppsDir();
    server = await startServer({ CGM_APPS_DIR: appsDir, CGM_APPS: 'demo-app@0,demo-app@demo.example.org' });
    // The app listeners are printed just after the API's line that startServer waits for.
    for (let i = 0; i < 50 && !/demo-app on http/.test(server.output()); i++) await new Promise((r) => setTimeout(r, 100));
    appUrl = /demo-app on (http:\/\/127\.0\.0\.1:\d+)\//.exec(server.output())![1]!;
  });
  afterAll(async () => {
    await server.stop();
    rmSync(appsDir, { recursive: true, force: true });
  });

  it('caches hashed assets for a year as immutable, and revalidates index.html and the service worker', async () => {
    const asset = await get(`${appUrl}/assets/index-Ab12Cd34.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/sw.js']) {
      const page = await get(`${appUrl}${path}`);
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.etag).toBeTruthy();
      const again = await get(`${appUrl}${path}`, { 'If-None-Match': String(page.headers.etag) });
      expect(again.status).toBe(304);
    }
  });

  it('sends the build’s brotli file when asked for br, gzip when asked for gzip, plain otherwise', async () => {
    const url = `${appUrl}/assets/index-Ab12Cd34.js`;
    const plain = await get(url);
    const br = await get(url, { 'Accept-Encoding': 'gzip, deflate, br' });
    const gzip = await get(url, { 'Accept-Encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length / 5);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(br.headers.vary).toBe('Accept-Encoding');
  });

  it('answers routes of the single-page app with index.html, a missing hashed asset with 404, and the API on the app’s origin', async () => {
    const route = await get(`${appUrl}/report/agp?period=days30`);
    expect(route.status).toBe(200);
    expect(route.body.toString()).toContain('<div id="root">');
    expect((await get(`${appUrl}/assets/index-Old00000.js`)).status).toBe(404);
    const health = await fetch(`${appUrl}/api/health`);
    expect(await health.json()).toMatchObject({ code: 200 });
  });

  it('sends the security headers: a strict CSP on pages (no inline script), nothing runnable from the API, no HSTS over http', async () => {
    const page = await get(`${appUrl}/login`);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'report-sample'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['permissions-policy']).toContain('camera=()');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const api = await fetch(`${appUrl}/api/health`);
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    // A forwarded "https" is not believed from a client when no proxy is trusted.
    const forged = await get(`${appUrl}/login`, { 'X-Forwarded-Proto': 'https' });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('chooses the app by host name on the main port', async () => {
    const byHost = await get(`${server.baseUrl}/login`, { Host: 'demo.example.org' });
    expect(byHost.body.toString()).toContain('<div id="root">');
    const unknownHost = await get(`${server.baseUrl}/login`, { Host: 'elsewhere.example.org' });
    expect(unknownHost.status).toBe(404);
  });

  /** An addEvent request on its own connection, with `send` writing its body; the answer as text. */
  const postRaw = (headers: Record<string, string | number>, send: (req: ClientRequest) => void) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${appUrl}/api/web/event/addEvent`, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', lanCode: 'fr', ...headers } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body });
          req.destroy();
        });
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      send(req);
    });

  it('refuses a body over the route’s limit before reading it, with a translated 413', async () => {
    // Its own connection, announcing 4 MB but sending only the start: the server must refuse from
    // the announced length alone, and the socket it then closes is reused by nothing else.
    const answer = await postRaw({ 'Content-Length': 4 * 1024 * 1024 }, (req) => req.write('{"note":"' + 'x'.repeat(1024)));
    expect(answer.status).toBe(413);
    const parsed = JSON.parse(answer.body) as { code: number; message: string };
    expect(parsed.code).toBe(413);
    expect(parsed.message).toMatch(/trop volumineu/i);
  });

  it('counts a body sent without a length (chunked) and refuses it past the limit with a 413', async () => {
    // 4 MB in 64 KB chunks, over the 3 MB limit of the ordinary calls.
    const answer = await postRaw({ 'Transfer-Encoding': 'chunked' }, (req) => {
      req.write('{"note":"');
      for (let i = 0; i < 64; i++) req.write('x'.repeat(64 * 1024));
      req.end('"}');
    });
    expect(answer.status).toBe(413);
    expect((JSON.parse(answer.body) as { code: number }).code).toBe(413);
  });

  it('says it is alive on /healthz and ready on /readyz', async () => {
    for (const base of [server.baseUrl, appUrl]) {
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready' });
    }
  });
});

describe('graceful shutdown', () => {
  it('lets a request in flight at SIGTERM finish, refuses new connections, and exits cleanly', async () => {
    const server = await startServer({ CGM_SEED: '0' });
    const inFlight = fetch(`${server.baseUrl}/api/test/slow?ms=1500`).then((r) => r.json());
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = server.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Draining: readiness is withdrawn and no new connection is accepted.
    await expect(fetch(`${server.baseUrl}/healthz`)).rejects.toThrow();
    expect(await inFlight).toMatchObject({ code: 200, item: { waitedMs: 1500 } });
    await stopped;
    expect(server.output()).toContain('stopped cleanly');
  });
});

describe.skipIf(onPostgres)('backup and restore', () => {
  const run = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(join(root, 'node_modules/.bin/tsx'), ['src/main.ts', ...args], { cwd: root, env: { ...process.env, ...env } });

  it('copies the live SQLite database with the online backup API; a server started on the copy has the same data', async () => {
    const source = await startServer();
    const backupDir = mkdtempSync(join(tmpdir(), 'cgm-backup-'));
    try {
      const member = await source.signIn('demo@cgm-portal.example');
      const now = Date.now();
      const before = await member.loadReadings({ from: now - 90 * DAY, to: now });
      const file = join(backupDir, 'restored', 'cgm-portal.sqlite');
      // Taken while the server runs.
      const { stdout } = await run(['backup', file], { CGM_DATA_DIR: source.dataDir });
      expect(stdout).toContain(`backed up to ${file}`);
      await expect(run(['backup', file], { CGM_DATA_DIR: source.dataDir })).rejects.toThrow(/never overwrites/);

      const restored = await startServer({ CGM_DATA_DIR: join(backupDir, 'restored'), CGM_SEED: '0' });
      try {
        const again = await restored.signIn('demo@cgm-portal.example');
        const after = await again.loadReadings({ from: now - 90 * DAY, to: now });
        expect(after.readings.length).toBe(before.readings.length);
        expect(after.readings).toEqual(before.readings);
      } finally {
        await restored.stop();
      }
    } finally {
      await source.stop();
      rmSync(backupDir, { recursive: true, force: true });
    }
    // Two servers started and seeded one after the other: 10 s on a quiet machine, over 30 s on a loaded CI one.
  }, 120_000);

  it('`migrate` brings a new database up to date and exits', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cgm-migrate-'));
    try {
      const { stdout } = await run(['migrate'], { CGM_DATA_DIR: dataDir });
      expect(stdout).toContain('schema is up to date');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
