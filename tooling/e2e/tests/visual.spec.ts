import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { translated } from '../catalog';
import { ACCOUNTS, DEMO_PASSWORD, tick } from '../demo';
import { networkQuiet, trackRequests } from '../settle';

/**
 * Visual regression: screenshots of home, the glucose report, the AGP report on screen and in
 * its print layout, and settings, in English, Arabic, Chinese and the pet app, at 1280 and
 * 360 px, compared with the baselines in __screenshots__ (playwright.config: no platform suffix,
 * a tolerance for font anti-aliasing).
 *
 * Stable data: a server of its own, its clock frozen (CGM_TEST_CLOCK) and seeded relative to
 * that instant, and the browser's clock fixed at the same instant, so every date, age, session
 * and chart is the same on every run. The suite's shared server runs on the real clock for the
 * other tests, so this one gets the next ports of the run's range.
 */
const FROZEN = '2026-03-10T15:20:00.000Z';
const base = Number(process.env.E2E_PORT_BASE ?? 8790) + 30;
const API_PORT = base;
const APPS = { 'human-16-lang': base + 1, 'human-7-lang': base + 2, 'pet-english': base + 3 } as const;
type AppId = keyof typeof APPS;

const serverMain = join(dirname(fileURLToPath(import.meta.url)), '../../../apps/api-server/dist/main.js');

/** The looks compared: an app, its language and who signs in. */
const LOOKS: { app: AppId; lang: string; account: 'human' | 'pet' }[] = [
  { app: 'human-16-lang', lang: 'en', account: 'human' },
  { app: 'human-16-lang', lang: 'ar', account: 'human' },
  { app: 'human-7-lang', lang: 'zh', account: 'human' },
  { app: 'pet-english', lang: 'en', account: 'pet' },
];
const WIDTHS = [1280, 360] as const;
const SCREENS = [
  { name: 'home', path: '/home' },
  { name: 'report', path: '/report' },
  { name: 'agp-report', path: '/report/agp' },
  { name: 'settings', path: '/settings' },
] as const;

let server: ChildProcess | undefined;
let dataDir = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = mkdtempSync(join(tmpdir(), 'cgm-visual-'));
  server = spawn('node', [serverMain], {
    env: {
      ...process.env,
      PORT: String(API_PORT),
      CGM_DATA_DIR: dataDir,
      CGM_SEED: '1',
      CGM_ENABLE_TEST_HOOKS: '1',
      CGM_TEST_CLOCK: FROZEN,
      CGM_APPS: Object.entries(APPS)
        .map(([id, port]) => `${id}@${port}`)
        .join(','),
      CGM_PORTAL_ORIGINS: Object.values(APPS)
        .map((port) => `http://127.0.0.1:${port}`)
        .join(','),
      CGM_LOG_FILE: join(dataDir, 'server.log'),
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${API_PORT}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('the visual test server did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(browser: Browser, app: AppId, lang: string, account: 'human' | 'pet', width: number): Promise<Page> {
  // No service worker: a cached shell from an earlier run must not stand in for the build under test.
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB', timezoneId: 'UTC', serviceWorkers: 'block' });
  const page = await context.newPage();
  trackRequests(page);
  await page.clock.setFixedTime(FROZEN);
  const origin = `http://127.0.0.1:${APPS[app]}`;
  await page.goto(`${origin}/login`);
  await page.evaluate((l) => localStorage.setItem('hippoLang', l), lang);
  await page.goto(`${origin}/login`);
  const { email, loginType } = ACCOUNTS[account];
  await tick(page.locator(`input[type=radio][value="${loginType}"]`));
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(DEMO_PASSWORD);
  await tick(page.locator('input[name=agreed]'));
  await page.locator('button[type=submit]').click();
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });
  return page;
}

/** Data loaded, fonts in, charts measured: what a person would see once the page is still. */
async function settle(page: Page) {
  await networkQuiet(page);
  await expect(page.getByTestId('loading')).toHaveCount(0, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

for (const { app, lang, account } of LOOKS) {
  for (const width of WIDTHS) {
    test(`${app} in ${lang} at ${width} px`, async ({ browser }) => {
      test.setTimeout(240_000);
      const page = await signedIn(browser, app, lang, account, width);
      const origin = `http://127.0.0.1:${APPS[app]}`;
      // The latest reading's age is the one text that follows the wall clock between two reloads.
      const mask = [page.getByTestId('latest-age')];
      for (const screen of SCREENS) {
        await page.goto(`${origin}${screen.path}`);
        await settle(page);
        await expect(page).toHaveScreenshot(`${app}-${lang}-${width}-${screen.name}.png`, { fullPage: true, mask });
        if (screen.name === 'agp-report') {
          // The print layout: Print switches the report to its A4 sheets (the browser's dialog stubbed), seen as printed.
          await page.evaluate(() => {
            window.print = () => undefined;
          });
          await page.getByRole('button', { name: translated(lang, 'report.print') }).click();
          await page.emulateMedia({ media: 'print' });
          await settle(page);
          await expect(page).toHaveScreenshot(`${app}-${lang}-${width}-agp-print.png`, { fullPage: true, mask });
          await page.emulateMedia({ media: null });
        }
      }
      await page.context().close();
    });
  }
}

// This suite's pages talk to a server of their own: the log audit's whole-run CSP check (which
// reads the shared server) never sees them, so the last test here reads this server's reports.
test('no screen of the visual run broke the Content-Security-Policy', async () => {
  const answer = await fetch(`http://127.0.0.1:${API_PORT}/api/test/cspViolations`);
  const { rows } = (await answer.json()) as { rows: { directive: string; blocked: string; sample: string }[] };
  expect(rows).toEqual([]);
});
