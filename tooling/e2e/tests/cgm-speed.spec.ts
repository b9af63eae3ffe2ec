/**
 * Speed figures of issue 7, printed as a table:
 *   cd /work/main && pnpm turbo run build --output-logs=errors-only && cd tooling/e2e && \
 *     pnpm exec playwright test tests/cgm-speed.spec.ts --reporter=line
 * 1. Each app's initial JavaScript (the entry and the modules index.html preloads), gzip.
 * 2. Re-render of the glucose report when the period changes to one already cached, with the
 *    demo account's 90+ days of 5-minute readings, in Chromium: click to the next painted frame.
 * 3. First load of the 90-day report (nothing cached): navigation to the statistics shown, and
 *    the readings answer's size on the wire (issue 19).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { expect, test, type Response } from '@playwright/test';
import { APPS, appUrl } from '../apps';
import { translated } from '../catalog';
import { expectSignedIn, signIn } from '../demo';

const appsDir = join(dirname(fileURLToPath(import.meta.url)), '../../../apps');
const INITIAL_JS_BUDGET_KB = 300;
const PERIOD_SWITCH_BUDGET_MS = 200;

function initialJsGzipKb(appId: string): number {
  const dist = join(appsDir, appId, 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length, 0);
  return Math.round((bytes / 1024) * 10) / 10;
}

test('initial JavaScript of each app stays under 300 KB gzip', () => {
  for (const app of APPS) {
    const kb = initialJsGzipKb(app.id);
    console.info(`speed: initial JS ${app.id}: ${kb} KB gzip (budget ${INITIAL_JS_BUDGET_KB} KB)`);
    expect(kb).toBeLessThan(INITIAL_JS_BUDGET_KB);
  }
});

test('first load of the 90-day glucose report (nothing cached)', async ({ page }) => {
  test.setTimeout(240_000);
  const app = APPS[0];
  await page.goto(appUrl(app, '/login'));
  await page.evaluate(() => localStorage.setItem('hippoLang', 'en'));
  await signIn(page, app, 'human');
  await expectSignedIn(page);
  const loads: number[] = [];
  const wireBytes: number[] = [];
  for (let round = 0; round < 5; round++) {
    // Each round is a new document: the query cache is empty and 90 days are never persisted.
    await page.goto(appUrl(app, '/home'));
    await expectSignedIn(page);
    // Readings answers of this navigation (the layout may ask for today's too): the largest is the 90 days.
    const answers: Response[] = [];
    const collect = (r: Response) => void (/\/web\/glucose\/load\w*Readings/.test(r.url()) && answers.push(r));
    page.on('response', collect);
    const t0 = Date.now();
    await page.goto(appUrl(app, '/report?period=days90'));
    await expect(page.getByTestId('report-statistics')).toBeVisible({ timeout: 30_000 });
    const ms = Date.now() - t0;
    page.off('response', collect);
    const sizes = await Promise.all(answers.map(async (r) => (await r.request().sizes()).responseBodySize + (await r.request().sizes()).responseHeadersSize));
    // The first round also loads the report's code chunk; the figure is the median of the rest.
    if (round > 0) {
      loads.push(ms);
      wireBytes.push(Math.max(0, ...sizes));
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  console.info(`speed: first 90-day report load (navigation to statistics shown): median ${median(loads)} ms [${loads.join(', ')}]`);
  console.info(`speed: 90-day readings answer on the wire: ${(median(wireBytes) / 1024).toFixed(1)} KB`);
  console.info(`speed: machine load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} CPUs`);
});

test('switching the report period to a cached one re-renders in under 200 ms (90 days of data)', async ({ page }) => {
  const app = APPS[0];
  await page.goto(appUrl(app, '/login'));
  await page.evaluate(() => localStorage.setItem('hippoLang', 'en'));
  await signIn(page, app, 'human');
  await expectSignedIn(page);
  await page.goto(appUrl(app, '/report'));
  const picks = ['days90', 'days14', 'showAll', 'days7'] as const;
  // Fetch every period once, so what follows measures rendering only.
  for (const pick of picks) {
    await page.getByRole('button', { name: translated('en', `report.${pick}`), exact: true }).click();
    await expect(page.getByTestId('report-statistics')).toBeVisible({ timeout: 30_000 });
  }
  const timings: Record<string, number[]> = {};
  for (let round = 0; round < 5; round++) {
    for (const pick of picks) {
      const label = translated('en', `report.${pick}`);
      const ms = await page.evaluate(async (name) => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;
        const report = document.querySelector('[data-testid=glucose-report]')!;
        const before = report.getAttribute('data-from');
        const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        const t0 = performance.now();
        button.click();
        // Until the new period is in the DOM (statistics, TIR, AGP and daily charts render
        // together) and the next frame is painted; checked once per frame.
        while (report.getAttribute('data-from') === before || document.querySelector('[data-testid=loading]')) await frame();
        await frame();
        return performance.now() - t0;
      }, label);
      (timings[pick] ??= []).push(ms);
    }
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  const count = await page.getByTestId('report-range').textContent();
  for (const [pick, list] of Object.entries(timings)) {
    console.info(`speed: report period switch to ${pick} (cached): median ${median(list).toFixed(0)} ms [${list.map((x) => x.toFixed(0)).join(', ')}] (budget ${PERIOD_SWITCH_BUDGET_MS} ms)`);
  }
  console.info(`speed: machine load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} CPUs`);
  // A figure, not a pass/fail: wall time on a shared 2-core machine depends on its load (house
  // rule: speed targets are printed by benchmarks, not asserted in tests that flake).
  const over = Object.entries(timings).filter(([, list]) => median(list) >= PERIOD_SWITCH_BUDGET_MS);
  if (over.length > 0) console.warn(`speed: over the ${PERIOD_SWITCH_BUDGET_MS} ms budget: ${over.map(([pick]) => pick).join(', ')}`);
  console.info(`speed: last period shown: ${count}`);
});
