// Load test: "load 90 days of readings" with 50 concurrent clients for 10 seconds, against a
// freshly seeded server on loopback. Prints requests per second and p99 latency.
//   pnpm --filter @cgm-portal/api-server load            (LOAD_SECONDS, LOAD_CONNECTIONS to change)
import { spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  throughput: { average: number };
  errors: number;
  non2xx: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Math.min(60, Number(process.env.LOAD_SECONDS ?? 10));
const connections = Math.min(200, Number(process.env.LOAD_CONNECTIONS ?? 50));
const dataDir = mkdtempSync(join(tmpdir(), 'cgm-load-'));

const server = spawn(join(root, 'node_modules/.bin/tsx'), ['src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', CGM_DATA_DIR: dataDir, CGM_SEED: '1', NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

try {
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}\n${out}`)));
  });
  const base = `http://127.0.0.1:${port}/api`;
  const post = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { xToken: token } : {}) },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { code: number; message: string; item?: Record<string, unknown> };
  };

  const { item: key } = await post('/web/user/getPublicKey', {});
  // What jsencrypt sends: RSA PKCS#1 v1.5, base64.
  const password = publicEncrypt(
    { key: String(key!.publicKey), padding: constants.RSA_PKCS1_PADDING },
    Buffer.from('Demo-1234'),
  ).toString('base64');
  const login = await post('/web/user/login', { loginType: 2, email: 'demo@cgm-portal.example', password });
  const token = String(login.item!.token);
  const to = Date.now();
  const body = JSON.stringify({ from: to - 90 * 86_400_000, to });
  const probe = await post('/web/glucose/loadReadings', JSON.parse(body), token);
  const count = (probe.item!.readings as unknown[]).length;

  console.info(`load 90 days of readings (${count} readings per answer): ${connections} clients, ${seconds} s, loopback`);
  const result = await autocannon({
    url: `${base}/web/glucose/loadReadings`,
    method: 'POST',
    headers: { 'content-type': 'application/json', xToken: token, lanCode: 'en_US', timeZone: 'Europe/London' },
    body,
    connections,
    duration: seconds,
    // Count slow answers in the latency rather than dropping them as errors.
    timeout: 60,
  });
  console.info(`requests/s   ${result.requests.average.toFixed(1)} (total ${result.requests.total})`);
  console.info(`latency p50  ${result.latency.p50} ms`);
  console.info(`latency p99  ${result.latency.p99} ms (max ${result.latency.max} ms)`);
  console.info(`throughput   ${(result.throughput.average / 1024 / 1024).toFixed(1)} MiB/s`);
  console.info(`errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`);
} finally {
  stop();
}
