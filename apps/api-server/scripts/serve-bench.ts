// Figures of the production server (README, "Production serving"): the login page's time to first
// byte and transfer size in Chromium with a cold and a warm cache; requests/s for a cached static
// asset; the process's memory while a 200 MB body is refused. Needs the built app:
//   pnpm turbo run build && pnpm --filter @cgm-portal/api-server bench:serve
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM_PATH } from '../src/report-pdf/chromium';

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (o: Record<string, unknown>) => Promise<AutocannonResult>;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'cgm-serve-bench-'));
const apiPort = 9390;
const appPort = 9391;
// Node itself (tsx as a loader), so the pid measured is the server's.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(apiPort), CGM_DATA_DIR: dataDir, CGM_SEED: '1', CGM_APPS: `human-16-lang@${appPort}`, NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
await new Promise<void>((resolve, reject) => {
  let out = '';
  server.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
    if (out.includes('human-16-lang on')) resolve();
  });
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
const app = `http://127.0.0.1:${appPort}`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// 1. The login page in Chromium: a first visit, then a return visit with the cache warm.
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
const context = await browser.newContext();
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
let transferred = 0;
cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (transferred += e.encodedDataLength));
const visit = async () => {
  transferred = 0;
  await page.goto(`${app}/login`, { waitUntil: 'networkidle' });
  await page.locator('input[name=email]').waitFor();
  // Runs in the page; typed loosely, since this script's TypeScript has no DOM library.
  const ttfb = await page.evaluate(() => {
    const [nav] = performance.getEntriesByType('navigation' as never) as unknown as { responseStart: number; requestStart: number }[];
    return nav!.responseStart - nav!.requestStart;
  });
  return { ttfb, transferred };
};
const cold = await visit();
const warm = await visit();
await browser.close();

// 2. A hashed asset, as browsers without it ask for it: brotli, from memory.
const asset = readdirSync(join(root, '..', 'human-16-lang', 'dist', 'assets')).find((f) => /^index-.*\.js$/.test(f))!;
const load = await autocannon({
  url: `${app}/assets/${asset}`,
  connections: 50,
  duration: 10,
  headers: { 'accept-encoding': 'br' },
});

// 3. A 200 MB upload to the JSON import call (limit 24 MB), streamed without a length, then one that
// announces its length: the server's resident memory while it refuses them.
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const before = rss();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
const refuse = (headers: Record<string, string>) =>
  new Promise<number>((resolve) => {
    const req = request(
      `http://127.0.0.1:${apiPort}/api/web/dataTransfer/commitImport`,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode!);
      },
    );
    req.on('error', () => resolve(-1));
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < 200) {
        sent++;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
const chunked = await refuse({});
const announced = await refuse({ 'content-length': String(200 * 1024 * 1024) });
clearInterval(sampler);
stop();

const [l1] = loadavg();
console.info(`\nproduction serving, human-16-lang (load average ${l1!.toFixed(1)} on 2 CPUs)`);
console.info(`login page, cold cache:  TTFB ${cold.ttfb.toFixed(1)} ms, ${kb(cold.transferred)} transferred`);
console.info(`login page, warm cache:  TTFB ${warm.ttfb.toFixed(1)} ms, ${kb(warm.transferred)} transferred`);
console.info(
  `cached asset ${asset} (br): ${Math.round(load.requests.average)} requests/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, ${load.errors + load.non2xx} errors`,
);
console.info(
  `200 MB body refused (HTTP ${chunked} streamed, ${announced} with Content-Length): resident memory ${mb(before)} before, peak ${mb(peak)}`,
);
