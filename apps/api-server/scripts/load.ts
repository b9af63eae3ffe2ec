// Load test of issue 19: "load 90 days of readings" with 50 concurrent clients against one freshly
// seeded server on SQLite on loopback, the old JSON path and the packed one side by side in one run.
// For each: requests/s, p50, p99, bytes per answer on the wire (headers included), and the server
// process's CPU per request (from /proc, so the load generator's own CPU is not counted).
//   pnpm --filter @cgm-portal/api-server load   (LOAD_SECONDS, LOAD_WARMUP_SECONDS, LOAD_CONNECTIONS, LOAD_ONLY to change)
import { execSync, spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  throughput: { average: number; total: number };
  errors: number;
  non2xx: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Math.min(60, Number(process.env.LOAD_SECONDS ?? 10));
const connections = Math.min(200, Number(process.env.LOAD_CONNECTIONS ?? 50));
const warmupSeconds = Math.min(30, Number(process.env.LOAD_WARMUP_SECONDS ?? 3));
const dataDir = mkdtempSync(join(tmpdir(), 'cgm-load-'));
const DAY = 86_400_000;

// One Node process (tsx as a loader, not tsx's own child process), so its pid is the server's.
// LOAD_CPU_PROF=DIR writes the server's V8 CPU profile there when it stops (where the time goes).
const profile = process.env.LOAD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_CPU_PROF}`] : [];
const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
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

const ticksPerSecond = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
/** CPU seconds (user + system) the server process has used so far. */
function serverCpuSeconds(): number {
  const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/**
 * Waits until the server has finished what it was given: requests still queued when a phase
 * ends are that phase's, not the next one's. Idle is a quarter second without a clock tick.
 */
async function serverIdle(): Promise<number> {
  let last = serverCpuSeconds();
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const now = serverCpuSeconds();
    if (now === last) return now;
    last = now;
  }
  return last;
}

interface Row {
  name: string;
  result: AutocannonResult;
  cpuMsPerRequest: number;
  expectedStatus: number;
}

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
    return { etag: response.headers.get('ETag'), json: (await response.json()) as { code: number; message: string; item?: Record<string, unknown> } };
  };

  const { item: key } = (await post('/web/user/getPublicKey', {})).json;
  // What jsencrypt sends: RSA PKCS#1 v1.5, base64.
  const password = publicEncrypt({ key: String(key!.publicKey), padding: constants.RSA_PKCS1_PADDING }, Buffer.from('Demo-1234')).toString('base64');
  const login = (await post('/web/user/login', { loginType: 2, email: 'demo@cgm-portal.example', password })).json;
  const token = String(login.item!.token);
  // The portal's 90-day period: whole days ending with today.
  const to = Math.ceil(Date.now() / DAY) * DAY;
  const span = { from: to - 90 * DAY, to };
  const plain = await post('/web/glucose/loadReadings', span, token);
  const count = (plain.json.item!.readings as unknown[]).length;
  const packed = await post('/web/glucose/loadPackedReadings', span, token);
  if ((packed.json.item!.readings as { count: number }).count !== count) throw new Error('the packed answer holds other readings than the plain one');

  const headers = { 'content-type': 'application/json', xToken: token, lanCode: 'en_US', timeZone: 'Europe/London' };
  // LOAD_ONLY=text runs only the rows whose name holds it (to profile one path).
  const only = process.env.LOAD_ONLY;
  const run = async (name: string, path: string, extra: Record<string, unknown>, expectedStatus = 200): Promise<Row | null> => {
    if (only && !name.includes(only)) return null;
    const options = {
      url: `${base}${path}`,
      method: 'POST',
      headers,
      body: JSON.stringify(span),
      connections,
      // Count slow answers in the latency rather than dropping them as errors.
      timeout: 60,
      ...extra,
    };
    // A warm-up first, not counted: a server answers millions of requests after its first
    // second, so V8's compiling of a path it never ran is not what a member waits for.
    if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds });
    const cpuBefore = await serverIdle();
    const result = await autocannon({ ...options, duration: seconds });
    const cpuMsPerRequest = (((await serverIdle()) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
    return { name, result, cpuMsPerRequest, expectedStatus };
  };
  const gzip = { 'Accept-Encoding': 'gzip, deflate, br' };
  console.info(`load 90 days of readings (${count} readings per answer): ${connections} clients, ${seconds} s each after ${warmupSeconds} s of warm-up (not counted), one server on SQLite, loopback`);
  console.info(`machine: load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} CPUs before the run`);
  const rows: (Row | null)[] = [];
  rows.push(await run('old: loadReadings, JSON, uncompressed', '/web/glucose/loadReadings', {}));
  rows.push(await run('old: loadReadings, JSON, gzip', '/web/glucose/loadReadings', { headers: { ...headers, ...gzip } }));
  rows.push(await run('new: loadPackedReadings, gzip', '/web/glucose/loadPackedReadings', { headers: { ...headers, ...gzip } }));
  // Every request a span never asked before (its start moves by 1 ms): no answer or gzip is
  // reused, only the closed days; each answer is packed and compressed afresh.
  let shift = 0;
  rows.push(
    await run('new: packed, every span new (pack + gzip each)', '/web/glucose/loadPackedReadings', {
      headers: { ...headers, ...gzip },
      requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, body: JSON.stringify({ from: span.from + (++shift % DAY), to: span.to }) }) }],
    }),
  );
  rows.push(await run('new: packed, revalidated (If-None-Match, 304)', '/web/glucose/loadPackedReadings', { headers: { ...headers, ...gzip, 'If-None-Match': packed.etag! } }, 304));
  rows.push(await run('old: loadReport, JSON, uncompressed', '/web/userReport/loadReport', {}));
  rows.push(await run('new: loadPackedReport, gzip', '/web/userReport/loadPackedReport', { headers: { ...headers, ...gzip } }));

  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.info('');
  console.info(`${'path'.padEnd(48)} ${pad('req/s', 8)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('max ms', 7)} ${pad('KB/answer', 10)} ${pad('CPU ms/req', 11)} ${pad('errors', 7)}`);
  for (const { name, result, cpuMsPerRequest, expectedStatus } of rows.filter((row) => row !== null)) {
    const answered = result.statusCodeStats[String(expectedStatus)]?.count ?? 0;
    const errors = result.errors + result.timeouts + (result.requests.total - answered);
    const kb = result.throughput.total / Math.max(1, result.requests.total) / 1024;
    console.info(
      `${name.padEnd(48)} ${pad(result.requests.average.toFixed(1), 8)} ${pad(result.latency.p50, 7)} ${pad(result.latency.p99, 7)} ${pad(result.latency.max, 7)} ${pad(kb.toFixed(1), 10)} ${pad(cpuMsPerRequest.toFixed(2), 11)} ${pad(errors, 7)}`,
    );
  }
  console.info('');
  console.info(`machine: load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} CPUs after the run (the server and the load generator share them)`);
  console.info('targets (issue 19, packed path): p99 < 100 ms, 0 errors, < 100 KB per answer on the wire, well under 10 ms of server CPU per 90-day answer');
} finally {
  stop();
}
