// Before/after screenshots for issue 23 (docs/issue-23/README.md).
//
// Signs in as the demo member (and the follower, for the trend on the follower's monitor) on
// a running portal, and takes one cropped screenshot per defect the issue lists, at the width
// and in the language the issue names. Run it once against the portal as it was when the issue
// was written and once against main:
//
//   node take-screenshots.mjs --side before --root /tmp/before --apps 9601,9602 --out DIR
//   node take-screenshots.mjs --side after --root /work/wt/shots --apps 9611,9612 --out DIR
//
// --root is the checkout whose locale files give the labels to click (Download PDF);
// --apps are the ports of human-16-lang and human-7-lang; --storybook the port serving that
// checkout's built Storybook (tooling/storybook/storybook-static); --only NAME,NAME limits the shots.
// PDFs are rendered with poppler's pdftoppm. Chromium is Debian's /usr/bin/chromium. The server's
// PDF route only prints for origins in CGM_PORTAL_ORIGINS: list the apps' ports there.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { chromium } = await import(new URL('../../tooling/e2e/node_modules/@playwright/test/index.mjs', import.meta.url).href);

const { values: args } = parseArgs({
  options: {
    side: { type: 'string' },
    root: { type: 'string' },
    apps: { type: 'string' },
    out: { type: 'string' },
    only: { type: 'string' },
    storybook: { type: 'string' },
  },
});
const [port16, port7] = args.apps.split(',').map(Number);
const side = args.side;
mkdirSync(args.out, { recursive: true });

const locale = (lang) => JSON.parse(readFileSync(join(args.root, 'packages/i18n/src/locales', `${lang}.json`), 'utf8'));
const DEMO_PASSWORD = 'Demo-1234';

/** A screenshot file name: NN-what-before.png. */
const file = (name) => join(args.out, `${name}-${side}.png`);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });

async function signedIn({ lang, width, app = 16, account = 'demo' }) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    deviceScaleFactor: 1,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    serviceWorkers: 'block',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const origin = `http://127.0.0.1:${app === 16 ? port16 : port7}`;
  await page.goto(`${origin}/login`);
  await page.evaluate((l) => localStorage.setItem('hippoLang', l), lang);
  await page.goto(`${origin}/login`);
  const loginType = account === 'follower' ? 3 : 2;
  // A click on the visible box, as a person ticks it (the hidden input sits beside the label in rtl).
  const tick = (input) => page.locator(input).locator('xpath=..').locator('[data-part="control"], [data-part="item-control"]').first().click();
  await tick(`input[type=radio][value="${loginType}"]`);
  await page.locator('input[name=email]').fill(`${account}@cgm-portal.example`);
  await page.locator('input[name=password]').fill(DEMO_PASSWORD);
  await tick('input[name=agreed]');
  await page.locator('button[type=submit]').click();
  await page.getByTestId('user-menu').waitFor({ timeout: 30_000 });
  return { page, origin, close: () => context.close() };
}

/** Data loaded, fonts in, charts measured. The live stream keeps the network busy, so no 'networkidle'. */
async function settle(page) {
  await page.waitForLoadState('load');
  await page.waitForTimeout(1500);
  await page.getByTestId('loading').first().waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(1500);
}

async function open(session, path) {
  await session.page.goto(`${session.origin}${path}`);
  await settle(session.page);
}

/** The rectangle covering every element given (page coordinates), widened by `pad`. */
async function unionBox(page, locators, { pad = 8, fullWidth = false } = {}) {
  const boxes = [];
  for (const l of locators) {
    await l.scrollIntoViewIfNeeded();
    boxes.push(await l.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + scrollX, y: r.top + scrollY, r: r.right + scrollX, b: r.bottom + scrollY };
    }));
  }
  const docWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  const x = fullWidth ? 0 : Math.max(0, Math.min(...boxes.map((b) => b.x)) - pad);
  const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - pad);
  const right = fullWidth ? docWidth : Math.min(docWidth, Math.max(...boxes.map((b) => b.r)) + pad);
  const bottom = Math.max(...boxes.map((b) => b.b)) + pad;
  return { x, y, width: right - x, height: bottom - y };
}

async function shootClip(page, clip, name) {
  // From the top, so a sticky header stays at the top of the page and not over the crop.
  await page.evaluate(() => scrollTo(0, 0));
  await page.screenshot({ path: file(name), fullPage: true, clip });
}

async function shootElement(locator, name) {
  await locator.scrollIntoViewIfNeeded();
  await locator.screenshot({ path: file(name) });
}

/** Marks where the viewport ends, so a sideways spill is visible in a full-width crop. */
async function markViewportEdge(page) {
  await page.evaluate(() => {
    const edge = document.createElement('div');
    edge.style.cssText = `position:absolute;top:0;left:${innerWidth - 2}px;width:0;height:${document.documentElement.scrollHeight}px;border-left:3px dashed #e11d48;z-index:99999;pointer-events:none`;
    document.body.append(edge);
  });
}

/** The document's width against the viewport's: wider means the page scrolls sideways. */
async function overflow(page) {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
}

/** Downloads the AGP PDF through the page's own button; returns its path and page count. */
async function downloadPdf(session, lang, name) {
  const label = locale(lang).report.downloadPdf;
  const [download] = await Promise.all([
    session.page.waitForEvent('download', { timeout: 180_000 }),
    session.page.getByRole('button', { name: label, exact: true }).click(),
  ]);
  const pdf = join(args.out, `${name}-${side}.pdf`);
  await download.saveAs(pdf);
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  return { pdf, pages: Number(/Pages:\s+(\d+)/.exec(info)[1]) };
}

/** Page 1 of a PDF as PNG at `dpi`, optionally cropped (pixels at that dpi). */
function renderPage1(pdf, name, { dpi = 75, crop } = {}) {
  const cropArgs = crop ? ['-x', crop.x, '-y', crop.y, '-W', crop.w, '-H', crop.h].map(String) : [];
  execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', String(dpi), '-png', '-singlefile', ...cropArgs, pdf, file(name).replace(/\.png$/, '')]);
}

/** The dates on PDF page 1, left to right, line by line (pdftotext's word boxes): header and body compared. */
function datesByLine(pdf) {
  const xml = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-bbox', pdf, '-'], { encoding: 'utf8' });
  const lines = new Map();
  for (const [, x, y, word] of xml.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*\d{2}\/\d{2}\/\d{4}[^<]*)</g)) {
    const key = Math.round(Number(y));
    lines.set(key, [...(lines.get(key) ?? []), { x: Number(x), word }]);
  }
  return [...lines.entries()].filter(([, words]) => words.length > 1).map(([y, words]) => `y=${y}: ${words.sort((a, b) => a.x - b.x).map((w) => w.word).join(' ')}`);
}

const notes = {};
const note = (name, value) => {
  notes[name] = value;
  console.info(name, JSON.stringify(value));
};

/** One entry per screenshot pair; `run` takes it and may note measured figures. */
const SHOTS = [
  {
    name: '01-agp-390',
    async run() {
      const s = await signedIn({ lang: 'en', width: 390 });
      await open(s, '/report/agp');
      note('01 en 390', await overflow(s.page));
      await markViewportEdge(s.page);
      const first = s.page.locator('.agp-page').first();
      const box = await unionBox(s.page, [first.locator('.agp-header'), first.locator('.agp-statistics')], { fullWidth: true });
      await shootClip(s.page, box, '01-agp-390');
      await s.close();
      for (const [lang, width] of [['hy', 390], ['en', 360], ['hy', 360], ['ar', 360]]) {
        const t = await signedIn({ lang, width });
        await open(t, '/report/agp');
        note(`01 ${lang} ${width}`, await overflow(t.page));
        await t.close();
      }
    },
  },
  {
    name: '02-sessions',
    async run() {
      for (const lang of ['en', 'ar']) {
        const s = await signedIn({ lang, width: 1280 });
        await open(s, '/home');
        await shootElement(s.page.getByTestId('home-sessions'), `02-sessions-${lang}`);
        await s.close();
      }
    },
  },
  {
    name: '03-pdf',
    async run() {
      const s = await signedIn({ lang: 'en', width: 1280 });
      await open(s, '/report/agp');
      const { pdf, pages } = await downloadPdf(s, 'en', '03-pdf');
      note('03 PDF pages (en, default choice)', pages);
      renderPage1(pdf, '03-pdf-page1');
      const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', pdf, '-'], { encoding: 'utf8' });
      note('03 page 1 has the AGP heading', /Ambulatory Glucose Profile/.test(text));
      await s.close();
    },
  },
  {
    name: '04-fa',
    async run() {
      const s = await signedIn({ lang: 'fa', width: 1280 });
      await open(s, '/home');
      const box = await unionBox(s.page, [s.page.getByTestId('latest-glucose'), s.page.getByTestId('today-chart')]);
      await shootClip(s.page, box, '04-fa-home');
      await open(s, '/report');
      await shootElement(s.page.getByTestId('report-tir'), '04-fa-report-tir');
      await s.close();
    },
  },
  {
    name: '05-hy',
    async run() {
      const s = await signedIn({ lang: 'hy', width: 1280 });
      await open(s, '/home');
      await shootElement(s.page.getByTestId('today-chart'), '05-hy-today-chart');
      await open(s, '/report');
      const box = await unionBox(s.page, [s.page.getByTestId('report-range'), s.page.getByTestId('report-statistics')]);
      await shootClip(s.page, box, '05-hy-report-statistics');
      await open(s, '/report/agp');
      await shootElement(s.page.locator('.agp-profile').first(), '05-hy-agp-curve');
      await s.close();
    },
  },
  {
    name: '06-daily',
    async run() {
      const s = await signedIn({ lang: 'zh', width: 390, app: 7 });
      await open(s, '/home');
      await shootElement(s.page.getByTestId('home-daily'), '06-daily-zh-390');
      await open(s, '/report/agp');
      await shootElement(s.page.locator('.agp-daily-profiles').first(), '06-agp-daily-zh-390');
      await s.close();
    },
  },
  {
    name: '07-rtl',
    async run() {
      for (const lang of ['ar', 'fa']) {
        const s = await signedIn({ lang, width: 1280 });
        await open(s, '/home');
        const box = await unionBox(s.page, [s.page.getByTestId('latest-glucose'), s.page.getByTestId('today-tir')]);
        await shootClip(s.page, box, `07-${lang}-home-cards`);
        await shootElement(s.page.getByTestId('home-metrics'), `07-${lang}-home-metrics`);
        await s.close();
      }
      for (const lang of ['ar', 'fa']) {
        const s = await signedIn({ lang, width: 1280 });
        await open(s, '/report/agp');
        await shootElement(s.page.locator('.agp-page').first().locator('.agp-statistics'), `07-${lang}-agp-targets`);
        const { pdf } = await downloadPdf(s, lang, `07-${lang}-pdf`);
        // The top of A4 page 1 at 100 dpi: the running header and the report's own period line.
        renderPage1(pdf, `07-${lang}-pdf-header`, { dpi: 100, crop: { x: 0, y: 0, w: 827, h: 300 } });
        note(`07 ${lang} PDF page 1, dates left to right per line`, datesByLine(pdf));
        await s.close();
      }
    },
  },
  {
    name: '08-tir',
    async run() {
      const s = await signedIn({ lang: 'en', width: 1280 });
      await open(s, '/home');
      await shootElement(s.page.getByTestId('today-tir'), '08-tir-home');
      await open(s, '/report');
      await shootElement(s.page.getByTestId('report-tir'), '08-tir-report');
      await s.close();
    },
  },
  {
    name: '09-goals',
    async run() {
      const s = await signedIn({ lang: 'en', width: 1280 });
      await open(s, '/report/agp');
      const first = s.page.locator('.agp-page').first();
      const box = await unionBox(s.page, [first.locator('.agp-statistics'), first.locator('.agp-time-in-ranges')]);
      await shootClip(s.page, box, '09-goals-1280');
      await s.close();
    },
  },
  {
    name: '10-unfinished',
    async run() {
      const s = await signedIn({ lang: 'en', width: 1280 });
      await open(s, '/report/agp');
      // Every title and the period picker above the report's own header.
      const titles = [s.page.locator('main h1').first(), s.page.locator('[role=radiogroup]').first(), s.page.locator('.agp-page').first().locator('.agp-header')];
      await shootClip(s.page, await unionBox(s.page, titles), '10a-agp-title-picker');
      await open(s, '/home');
      await shootElement(s.page.getByTestId('latest-glucose'), '10b-member-latest');
      await open(s, '/report');
      await shootClip(s.page, await unionBox(s.page, [s.page.locator('main h1').first(), s.page.getByTestId('report-statistics')]), '10c-report-picker-statistics');
      await s.close();

      const f = await signedIn({ lang: 'en', width: 1280, account: 'follower' });
      await open(f, '/home');
      await shootElement(f.page.getByTestId('monitor-panel'), '10b-follower-monitor');
      await f.close();

      const narrow = await signedIn({ lang: 'en', width: 390 });
      await open(narrow, '/report');
      await shootClip(narrow.page, await unionBox(narrow.page, [narrow.page.locator('main h1').first(), narrow.page.getByTestId('report-range')], { fullWidth: true }), '10d-report-tabs-390');
      await narrow.close();

      const ar = await signedIn({ lang: 'ar', width: 1280 });
      await open(ar, '/eventList');
      await shootElement(ar.page.locator('[data-testid=event-table]:visible'), '10e-events-ar');
      await ar.page.getByRole('tab', { name: locale('ar').events.tabs.sport, exact: true }).click();
      await settle(ar.page);
      await shootElement(ar.page.locator('[data-testid=event-table]:visible'), '10f-events-sport-ar');
      await ar.close();
    },
  },
  {
    name: '11-storybook',
    async run() {
      const base = `http://127.0.0.1:${args.storybook}`;
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      // The manager: sidebar (docs entries or none) and toolbar (a language switch or none).
      const index = JSON.parse(await (await fetch(`${base}/index.json`)).text()).entries;
      const docs = Object.values(index).filter((e) => e.type === 'docs').length;
      note('11 Storybook entries, of which docs pages', [Object.keys(index).length, docs]);
      const path = index['charts-time-in-ranges--docs'] ? '/docs/charts-time-in-ranges--docs' : '/story/charts-time-in-ranges--normal';
      await page.goto(`${base}/?path=${path}`);
      await page.frameLocator('#storybook-preview-iframe').locator('#storybook-root:visible, #storybook-docs:visible').first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(4000);
      await page.screenshot({ path: file('11a-storybook-docs') });
      // Stories alone, in the preview iframe.
      const stories = [
        ['11b-storybook-agp-ar', 'charts-agp-percentiles--normal', '&globals=language:ar'],
        ['11c-storybook-variant-themes', 'foundation-variant-themes--all-three', ''],
        ['11d-storybook-status-loading', 'screens-cgm-user-status-overview--loading', ''],
      ];
      for (const [name, id, globals] of stories) {
        await page.goto(`${base}/iframe.html?id=${id}&viewMode=story${globals}`);
        await page.waitForFunction(() => (document.querySelector('#storybook-root')?.getBoundingClientRect().height ?? 0) > 40, null, { timeout: 60_000 });
        await page.waitForTimeout(3000);
        await shootElement(page.locator('#storybook-root'), name);
      }
      await context.close();
    },
  },
];

const only = args.only?.split(',');
for (const shot of SHOTS) {
  if (only && !only.includes(shot.name)) continue;
  const started = Date.now();
  try {
    await shot.run();
    console.info(`${shot.name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } catch (error) {
    console.error(`${shot.name} failed: ${error.message}`);
    process.exitCode = 1;
  }
}
// Figures of earlier runs (--only) are kept unless measured again.
const measured = join(args.out, `measured-${side}.json`);
const earlier = existsSync(measured) ? JSON.parse(readFileSync(measured, 'utf8')) : {};
writeFileSync(measured, JSON.stringify({ ...earlier, ...notes }, null, 2) + '\n');
await browser.close();
