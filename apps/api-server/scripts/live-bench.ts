// Figures of the live stream (issue 20): with N open GET /api/live connections on one server
// (half the member's pages, half a follower's), the time from an upload through the Nightscout
// API to its `reading` event arriving on every connection, p50 and p99. Target: p99 < 1 s.
//   pnpm --filter @cgm-portal/api-server bench:live            (LIVE_BENCH_CONNECTIONS=1000, LIVE_BENCH_UPLOADS=20)
import { spawn } from 'node:child_process';
import { constants, createHash, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../src/seed';

const CONNECTIONS = Number(process.env.LIVE_BENCH_CONNECTIONS ?? 1000);
const UPLOADS = Number(process.env.LIVE_BENCH_UPLOADS ?? 20);
const port = Number(process.env.LIVE_BENCH_PORT ?? 9430);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'cgm-live-bench-'));
const base = `http://127.0.0.1:${port}`;

const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), CGM_DATA_DIR: dataDir, CGM_SEED: '1', NODE_ENV: 'production', CGM_LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
for (let i = 0; ; i++) {
  if (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) break;
  if (i > 240) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 500));
}

async function call<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { xToken: token } : {}) }, body: JSON.stringify(body) });
  return ((await response.json()) as { item: T }).item;
}
const { publicKey } = await call<{ publicKey: string }>('/web/user/getPublicKey', {});
const signIn = async (email: string, loginType: 2 | 3) =>
  (await call<{ token: string }>('/web/user/login', { loginType, email, password: publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEMO_PASSWORD)).toString('base64') })).token;
const memberToken = await signIn('demo@cgm-portal.example', 2);
const followerToken = await signIn('follower@cgm-portal.example', 3);
const { secret } = await call<{ secret: string }>('/web/dataTransfer/createUploadSecret', { label: 'bench' }, memberToken);
const apiSecret = createHash('sha1').update(secret).digest('hex');

/** Per upload time: when each connection heard it (performance.now()). */
const arrivals = new Map<number, number[]>();
let open = 0;
const streams = await Promise.all(
  Array.from(
    { length: CONNECTIONS },
    (_, i) =>
      new Promise<() => void>((resolve, reject) => {
        const req = request(`${base}/api/live`, { agent: false, headers: { Accept: 'text/event-stream', xToken: i % 2 ? followerToken : memberToken, lanCode: 'en_US', timeZone: 'UTC' } }, (res) => {
          if (!res.headers['content-type']?.includes('text/event-stream')) return reject(new Error(`stream ${i}: ${res.statusCode}`));
          open++;
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            const at = performance.now();
            buffer += chunk;
            let end;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (!block.startsWith('event: reading')) continue;
              const time = (JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as { time: number }).time;
              arrivals.get(time)?.push(at);
            }
          });
          resolve(() => req.destroy());
        });
        req.on('error', reject);
        req.end();
      }),
  ),
);
console.info(`${open} live connections open`);

const samples: number[] = [];
const accepted: number[] = [];
for (let u = 0; u < UPLOADS; u++) {
  const time = Date.now();
  arrivals.set(time, []);
  const sent = performance.now();
  const response = await fetch(`${base}/api/v1/entries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-secret': apiSecret },
    body: JSON.stringify([{ type: 'sgv', sgv: 110 + (u % 20), date: time, device: 'bench', direction: 'Flat' }]),
  });
  if (!response.ok) throw new Error(`upload answered ${response.status}`);
  accepted.push(performance.now() - sent);
  const deadline = performance.now() + 10_000;
  while (arrivals.get(time)!.length < CONNECTIONS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  const heard = arrivals.get(time)!;
  if (heard.length < CONNECTIONS) console.warn(`upload ${u}: only ${heard.length} of ${CONNECTIONS} connections heard it within 10 s`);
  for (const at of heard) samples.push(at - sent);
  await new Promise((r) => setTimeout(r, 500));
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (v: number) => `${v.toFixed(0)} ms`;
console.info(`uploads: ${UPLOADS}, events received: ${samples.length} of ${UPLOADS * CONNECTIONS}`);
console.info(`upload sent → accepted (200):      p50 ${ms(percentile(accepted, 50))}, p99 ${ms(percentile(accepted, 99))}`);
console.info(`upload sent → event on a connection: p50 ${ms(percentile(samples, 50))}, p99 ${ms(percentile(samples, 99))}, max ${ms(Math.max(...samples))} (target p99 < 1 s)`);
console.info(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
for (const close of streams) close();
stop();
process.exit(0);
