import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { readConfig } from '../config';
import { sha256, type Deps } from '../http';
import { openStore } from '../node-server';
import { createBrowserPlatform } from '../platform/browser';
import { seedDemoData } from '../seed';
import type { KyselyStore } from '../store/kysely-store';
import type { ReportPrinter } from './printer';
import { PDFS_PER_VIEWER_PER_HOUR, mountReportPdf } from './report-pdf';
import { RenderQueue } from './render-queue';

/**
 * The PDF call's bounds, with a printer that only counts: at most `concurrency` renders at
 * once per server, a bounded line, and a per-viewer hourly rate counted in the database.
 */
const ORIGIN = 'http://127.0.0.1:5171';
const dataDir = mkdtempSync(join(tmpdir(), 'cgm-pdf-test-'));
let store: KyselyStore;
let deps: Deps;
let viewerNumber = 0;

beforeAll(async () => {
  store = await openStore(readConfig({ CGM_DATA_DIR: dataDir } as NodeJS.ProcessEnv));
  const platform = createBrowserPlatform();
  await seedDemoData(store, platform, { seed: 7 });
  deps = { store, platform, now: () => Date.now(), config: { tokenTtlMs: 3600_000, enableTestHooks: false, validateResponses: true } };
});
afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A printer that takes `ms` per PDF and records how many ran at once. */
function countingPrinter(ms: number) {
  const seen = { inFlight: 0, most: 0, printed: 0 };
  const printer = {
    async print() {
      seen.inFlight++;
      seen.most = Math.max(seen.most, seen.inFlight);
      await new Promise((resolve) => setTimeout(resolve, ms));
      seen.inFlight--;
      seen.printed++;
      return new TextEncoder().encode('%PDF-1.7');
    },
  } as unknown as ReportPrinter;
  return { printer, seen };
}

/** An app with the PDF call, and a fresh signed-in viewer (its own rate counter). */
async function pdfApp(queue: RenderQueue, printer: ReportPrinter) {
  const app = createApp(deps);
  mountReportPdf(app, deps, { printer, portalOrigins: [ORIGIN], queue });
  const demo = (await store.findMemberByEmail('demo@cgm-portal.example'))!;
  const token = `pdf-test-token-${++viewerNumber}-${Date.now()}`;
  await store.insertToken({ tokenHash: await sha256(token), memberId: demo.id, createdAt: Date.now(), expiresAt: Date.now() + 3600_000, revokedAt: null });
  // Each test is its own viewer as far as the rate goes.
  await store.clearAttempts(`reportPdf:${demo.id}`);
  const to = Date.now();
  const ask = (lanCode = 'en_US') =>
    app.fetch(
      new Request('http://api.test/api/web/userReport/pdf', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, xToken: token, lanCode },
        body: JSON.stringify({ from: to - 14 * 86_400_000, to, lang: 'en' }),
      }),
    );
  return ask;
}

describe('PDF renders are bounded', () => {
  it('10 parallel requests render at most 2 at a time, all answered, with their waits measured', async () => {
    const { printer, seen } = countingPrinter(40);
    const waits: number[] = [];
    const ask = await pdfApp(new RenderQueue({ concurrency: 2, maxWaiting: 20, onWaited: (ms) => waits.push(ms) }), printer);
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask()));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.every((a) => a.headers.get('content-type') === 'application/pdf')).toBe(true);
    expect(seen.most).toBe(2);
    expect(seen.printed).toBe(10);
    expect(waits).toHaveLength(10);
    // The last pair waited for four pairs before it.
    expect(Math.max(...answers.map((a) => Number(a.headers.get('x-queue-wait-ms'))))).toBeGreaterThanOrEqual(4 * 40 - 10);
  });

  it('beyond the line a request is refused at once with a translated 429, and it costs no PDF of the rate', async () => {
    const { printer, seen } = countingPrinter(40);
    const ask = await pdfApp(new RenderQueue({ concurrency: 1, maxWaiting: 2 }), printer);
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask('fr_FR')));
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(3);
    expect(seen.printed).toBe(3);
    expect(await refused[0]!.json()).toEqual({ code: 429, message: 'Le serveur prépare d\'autres rapports ; veuillez réessayer dans une minute' });
    expect(refused[0]!.headers.get('retry-after')).toBe('30');
    const demo = (await store.findMemberByEmail('demo@cgm-portal.example'))!;
    // Three rendered, three refunded: the next count is the fourth.
    expect(await store.countAttempt(`reportPdf:${demo.id}`, Date.now(), 3600_000)).toBe(4);
  });

  it(`N+10 parallel requests from one viewer render exactly N = ${PDFS_PER_VIEWER_PER_HOUR} in an hour`, async () => {
    const { printer, seen } = countingPrinter(5);
    const ask = await pdfApp(new RenderQueue({ concurrency: 4, maxWaiting: 100 }), printer);
    const answers = await Promise.all(Array.from({ length: PDFS_PER_VIEWER_PER_HOUR + 10 }, () => ask()));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PDFS_PER_VIEWER_PER_HOUR);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(10);
    expect(seen.printed).toBe(PDFS_PER_VIEWER_PER_HOUR);
    expect(((await refused[0]!.json()) as { message: string }).message).toBe('You have asked for many PDF reports this hour; please try again later');
  });
});
