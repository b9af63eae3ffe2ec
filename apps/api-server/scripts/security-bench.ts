// Figures for bounded expensive work (issue 16): the server's memory and its longest event-loop
// stall while it imports a 47 MB file, and while it answers 10 parallel PDF requests; the PDF
// queue's wait times. The server runs as its own process (what is measured is only the server,
// with its Chromium children for the PDFs). Needs the built app for the PDFs:
//   pnpm turbo run build --filter=@cgm-portal/human-16-lang... && pnpm --filter @cgm-portal/api-server bench:security
// CGM_PDF_CONCURRENCY / CGM_PDF_QUEUE pass through to the server (10 emulates no bound).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient } from '@cgm-portal/api-client';
import { DEMO_PASSWORD } from '../src/seed';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'cgm-security-bench-'));
const apiPort = Number(process.env.BENCH_PORT ?? 9340);
const appPort = apiPort + 1;
const metricsToken = 'bench-metrics-token-0123456789';
const app = `http://127.0.0.1:${appPort}`;
const api = `http://127.0.0.1:${apiPort}`;
const TARGET_BYTES = 47 * 1024 * 1024;
const ZONE = 'Europe/London';

const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(apiPort),
    CGM_DATA_DIR: dataDir,
    CGM_SEED: '1',
    CGM_APPS: `human-16-lang@${appPort}`,
    CGM_PORTAL_ORIGINS: app,
    CGM_METRICS_TOKEN: metricsToken,
    NODE_ENV: 'production',
  },
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
    // A failed render is worth seeing: the figures would otherwise hide it.
    for (const line of c.toString().split('\n')) if (line.includes('report PDF failed')) console.error(line.slice(0, 400));
  });
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});

/** Resident memory of the server and every process below it (Chromium), in bytes. */
function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while being read.
    }
  }
  let total = 0;
  const visit = (p: number) => {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      total += Number(rss?.[1] ?? 0) * 1024;
    } catch {
      return;
    }
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return total;
}

/** The longest event-loop delay the server saw since the last call (prom-client resets it on each scrape). */
async function longestStallMs(): Promise<number> {
  const text = await (await fetch(`${api}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  return Number(/^cgm_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1] ?? NaN) * 1000;
}

/**
 * Runs `work` while sampling the server's memory every 25 ms and timing a health request every
 * 50 ms (what any other member's request would wait).
 */
async function measure<T>(label: string, work: () => Promise<T>) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = treeRss(server.pid!);
  await longestStallMs();
  let peak = before;
  let slowestOther = 0;
  let failedOther = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, treeRss(server.pid!));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const prober = (async () => {
    while (running) {
      const sent = performance.now();
      // A fresh connection each time: a kept-alive one may be closed by the server meanwhile.
      const answered = await fetch(`${api}/api/health`, { headers: { connection: 'close' } }).then(
        (r) => r.ok,
        () => false,
      );
      if (answered) slowestOther = Math.max(slowestOther, performance.now() - sent);
      else failedOther++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const value = await work();
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await Promise.all([sampler, prober]);
  const stall = await longestStallMs();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = treeRss(server.pid!);
  console.info(
    `${label}: ${seconds.toFixed(1)} s; memory ${mb(before)} before, peak +${mb(peak - before)}, +${mb(after - before)} 2 s after; ` +
      `longest event-loop stall ${stall.toFixed(0)} ms; slowest other request ${slowestOther.toFixed(0)} ms${failedOther ? ` (${failedOther} failed)` : ''}`,
  );
  return value;
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Dexcom Clarity CSV of 5-minute readings, as many years as it takes to reach `bytes`. */
function clarityFile(bytes: number): { text: string; rows: number } {
  const lines = [
    'Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL),Insulin Value (u),Carb Value (grams),Duration (hh:mm:ss),Glucose Rate of Change (mg/dL/min),Transmitter Time (Long Integer),Transmitter ID',
    '1,,FirstName,,Bench,,,,,,,,,',
    '2,,LastName,,Mark,,,,,,,,,',
  ];
  let size = lines.join('\r\n').length;
  // About 6.7 years of 5-minute rows: ending before today, so none is refused as future.
  const start = Date.UTC(2019, 0, 1);
  const local = new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'medium' });
  let i = 0;
  while (size < bytes) {
    const t = start + i * 300_000;
    const value = Math.round(140 + 60 * Math.sin(i / 40) + 20 * Math.sin(i / 7));
    const line = `${i + 3},${local.format(t).replace(' ', 'T')},EGV,,,,Android G6,${value},,,,,${i * 300},8ABCDE`;
    lines.push(line);
    size += line.length + 2;
    i++;
  }
  return { text: `${lines.join('\r\n')}\r\n`, rows: i };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

try {
  console.info(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; PDF concurrency ${process.env.CGM_PDF_CONCURRENCY ?? 'default (2)'}`);
  // What the machine's own load does to an idle server: the floor under every stall below.
  await longestStallMs();
  await new Promise((resolve) => setTimeout(resolve, 5000));
  console.info(`idle server, 5 s: longest event-loop stall ${(await longestStallMs()).toFixed(0)} ms`);
  const client = createApiClient({ baseUrl: api, getToken: () => token, getLanguage: () => 'en', getTimeZone: () => ZONE });
  let token: string | null = null;
  token = (await client.login({ loginType: 2, email: 'demo@cgm-portal.example', password: await client.encryptPassword(DEMO_PASSWORD) })).item!.token;

  // 1. A 47 MB import (preview, then commit), as the portal sends it (BENCH_PDF_ONLY=1 skips it).
  if (process.env.BENCH_PDF_ONLY !== '1') await importFigures(client);

  // 2. Ten parallel PDF requests from one viewer.
  await pdfFigures(token);
} finally {
  stop();
}

async function importFigures(client: ReturnType<typeof createApiClient>) {
  const file = clarityFile(TARGET_BYTES);
  console.info(`import file: Dexcom Clarity CSV, ${file.rows} rows, ${(file.text.length / 1024 / 1024).toFixed(1)} MB`);
  // The file as the request body, as the portal sends it (the upload calls).
  const body = new Blob([file.text]);
  const preview = await measure('47 MB import, preview', () => client.previewImportFile({ fileName: 'clarity.csv', timeZone: ZONE, file: body }));
  const commit = await measure('47 MB import, commit ', () => client.commitImportFile({ fileName: 'clarity.csv', timeZone: ZONE, file: body }));
  console.info(`  preview would add ${preview.readings.added}; commit added ${commit.readings.added} readings`);
}

async function pdfFigures(token: string) {
  const to = Date.now();
  const askPdf = async () => {
    const response = await fetch(`${api}/api/web/userReport/pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app, xToken: token, lanCode: 'en_US' },
      body: JSON.stringify({ from: to - 14 * 86_400_000, to, lang: 'en' }),
    });
    const body = await response.arrayBuffer();
    const pdf = response.headers.get('content-type') === 'application/pdf';
    // A refusal inside the envelope (HTTP 200) is shown with its message.
    const status = pdf ? response.status : `${response.status}:${new TextDecoder().decode(body).slice(0, 120)}`;
    return { status, bytes: body.byteLength, waitMs: Number(response.headers.get('x-queue-wait-ms') ?? NaN) };
  };
  console.info(`  first PDF (Chromium starting): ${JSON.stringify(await askPdf())}`);
  const pdfs = await measure('10 parallel PDFs       ', () => Promise.all(Array.from({ length: 10 }, askPdf)));
  const waits = pdfs.filter((p) => p.status === 200).map((p) => p.waitMs).sort((a, b) => a - b);
  console.info(`  answers: ${pdfs.map((p) => p.status).join(' ')}`);
  if (waits.length > 0) {
    console.info(`  PDF queue wait: p50 ${percentile(waits, 50)} ms, p99 ${percentile(waits, 99)} ms, max ${waits[waits.length - 1]} ms`);
  }
}
