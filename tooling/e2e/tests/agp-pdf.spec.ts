import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { API_URL, APPS, appUrl, type AppUnderTest } from '../apps';
import { translated } from '../catalog';
import { apiToken, callApi, type AccountName } from '../demo';

const LANGUAGES = ['en', 'zh', 'ar', 'cs', 'it', 'sl', 'hr', 'bg', 'hy', 'fr', 'hu', 'pt', 'mk', 'sr', 'sk', 'tr', 'fa', 'es'] as const;
const [human16, , pet] = APPS;
const DAY = 86_400_000;

interface Summary {
  mean: number;
  tir: number;
}

interface PdfOptions {
  from: number;
  to: number;
  lang: string;
  pageSize?: 'A4' | 'Letter';
  detail?: 'agp' | 'full';
}

/** One PDF from the server's printer (one warm Chromium for every request of the run). */
async function requestPdf(app: AppUnderTest, token: string, body: PdfOptions) {
  const started = Date.now();
  const response = await fetch(`${API_URL}/api/web/userReport/pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', xToken: token, lanCode: 'en_US', origin: appUrl(app).replace(/\/$/, '') },
    body: JSON.stringify({ pageSize: 'A4', ...body }),
  });
  const ms = Date.now() - started;
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return { bytes: Buffer.from(await response.arrayBuffer()), ms };
}

/** The report's own numbers as the server computes them (glucose-metrics), in the member's unit. */
async function expectedFigures(token: string, period: { from: number; to: number }) {
  const report = await callApi('/web/userReport/loadReport', period, { xToken: token });
  const item = report.item as { summary: Summary; memberSeting: { unit: 'mg/dL' | 'mmol/L' } };
  const { mean, tir } = item.summary;
  const meanText = item.memberSeting.unit === 'mmol/L' ? (mean / 18).toFixed(1) : String(Math.round(mean));
  return { mean: new RegExp(meanText.replace('.', '[.,٫]')), tir: `${Math.round(tir)}` };
}

const pageText = (file: string, page: number) =>
  execFileSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });
const pageCount = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);

/**
 * Share of page 1's pixels in each half that carry the AGP's 25–75 % band colour (charts'
 * AGP_COLORS.innerBand), from pdftoppm's raw PPM: the picture, not the text layer.
 */
function bandShareByHalf(file: string, outputBase: string): { upper: number; lower: number } {
  execFileSync('pdftoppm', ['-r', '30', '-f', '1', '-l', '1', '-singlefile', file, outputBase]);
  const ppm = readFileSync(`${outputBase}.ppm`);
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 32).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = ppm.subarray(header[0].length);
  const band = [0x7f, 0xa5, 0xd6];
  const counts = { upper: 0, lower: 0 };
  for (let i = 0; i < width * height; i++) {
    const near = band.every((c, k) => Math.abs(pixels[i * 3 + k]! - c) <= 12);
    if (near) counts[Math.floor(i / width) < height / 2 ? 'upper' : 'lower']++;
  }
  const half = (width * height) / 2;
  return { upper: counts.upper / half, lower: counts.lower / half };
}

/**
 * Text as compared: white space folded, and the marks pdftotext moves around when it reads
 * right-to-left text in visual order (Arabic-script diacritics such as the hamza above,
 * zero-width joiners and bidi controls, the brackets it mirrors: "(AGP)" reads "()AGP", and the
 * lam and alefs of the lam-alef ligature it splits in the wrong order: "الإسعافي" reads
 * "اإلسعافي") left out on both sides.
 */
const comparable = (text: string) =>
  text.replace(/[\u064B-\u065F\u0670\u200C-\u200F\u202A-\u202E\u2066-\u2069()\u0622\u0623\u0625\u0627\u0644]/g, '').replace(/\s+/g, ' ');

/** Whole local days ending today, as the report's period picker makes them (UTC is close enough here). */
function lastDays(days: number) {
  const to = Math.floor(Date.now() / DAY) * DAY + DAY;
  return { from: to - days * DAY, to };
}

/** Page 1 and page 2 of the IDC AGP, checked as a clinician would find them. */
async function expectAgpPages(file: string, lang: string, expected: { mean: RegExp; tir: string }, outputBase: string) {
  expect(pageCount(file), `${lang}: AGP only is exactly 2 pages`).toBe(2);
  const first = comparable(pageText(file, 1));
  for (const key of ['agp.agpProfile', 'agp.timeInRanges', 'agp.glucoseStatistics', 'agp.glucoseMetrics']) {
    expect(first, `${lang}: ${key} on page 1`).toContain(comparable(translated(lang, key)));
  }
  expect(first, `${lang}: mean glucose on page 1`).toMatch(expected.mean);
  expect(first, `${lang}: time in range on page 1`).toContain(expected.tir);
  const second = comparable(pageText(file, 2));
  expect(second, `${lang}: daily profiles on page 2`).toContain(comparable(translated(lang, 'agp.dailyGlucoseProfiles')));
  const band = bandShareByHalf(file, outputBase);
  // How much band there is depends on the demo data's spread that fortnight (0.7 % to 3 % of the
  // half seen): 0.2 % at 30 dpi is still some 80 pixels of it, and the upper half must have none.
  expect(band.lower, `${lang}: the AGP band is drawn in the lower half of page 1`).toBeGreaterThan(0.002);
  expect(band.upper, `${lang}: and not in the upper half`).toBeLessThan(band.lower / 10);
}

for (const [account, app, languages] of [
  ['human', human16, LANGUAGES],
  ['pet', pet, ['en'] as const],
] as [AccountName, AppUnderTest, readonly string[]][]) {
  test.describe(`AGP PDF of the ${account} demo`, () => {
    let token = '';
    let expected: { mean: RegExp; tir: string };
    const period = lastDays(14);
    test.beforeAll(async () => {
      token = await apiToken(account);
      expected = await expectedFigures(token, period);
    });

    for (const lang of languages) {
      // eslint-disable-next-line no-empty-pattern -- Playwright reads fixtures from this pattern
      test(`in ${lang}: the IDC AGP, statistics, time in ranges and the AGP curve on page 1, daily profiles on page 2`, async ({}, info) => {
        const { bytes, ms } = await requestPdf(app, token, { ...period, lang });
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        const file = info.outputPath(`agp-${account}-${lang}.pdf`);
        writeFileSync(file, bytes);
        await expectAgpPages(file, lang, expected, info.outputPath(`agp-${account}-${lang}-page1`));
        info.annotations.push({ type: 'pdf-ms', description: String(ms) });
      });
    }
  });
}

// eslint-disable-next-line no-empty-pattern -- Playwright reads fixtures from this pattern
test('on US Letter the AGP keeps its two pages, and the daily detail adds pages only when asked', async ({}, info) => {
  const token = await apiToken('human');
  const period = lastDays(14);
  const letter = info.outputPath('agp-letter.pdf');
  writeFileSync(letter, (await requestPdf(human16, token, { ...period, lang: 'hy', pageSize: 'Letter' })).bytes);
  expect(execFileSync('pdfinfo', [letter], { encoding: 'utf8' })).toMatch(/Page size:\s+612 x 792 pts/);
  await expectAgpPages(letter, 'hy', await expectedFigures(token, period), info.outputPath('agp-letter-page1'));
  const full = info.outputPath('agp-full.pdf');
  writeFileSync(full, (await requestPdf(human16, token, { ...period, lang: 'en', detail: 'full' })).bytes);
  const pages = pageCount(full);
  expect(pages).toBeGreaterThan(2);
  const all = comparable(execFileSync('pdftotext', ['-layout', full, '-'], { encoding: 'utf8' }));
  for (const key of ['agp.multiDayTrend', 'agp.allDayCharts', 'agp.dailyStatistics', 'agp.endPage']) expect(all).toContain(translated('en', key));
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads fixtures from this pattern
test('a 90-day report with its daily detail prints as a PDF (time printed as a benchmark figure)', async ({}, info) => {
  const token = await apiToken('human');
  const { bytes, ms } = await requestPdf(human16, token, { ...lastDays(90), lang: 'en', detail: 'full' });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: bytes, encoding: 'utf8' }))![1]);
  console.info(`benchmark: 90-day AGP report PDF in ${ms} ms, ${pages} pages, ${bytes.length} bytes`);
  writeFileSync(info.outputPath('pdf-benchmark.txt'), `90-day AGP report PDF: ${ms} ms, ${pages} pages\n`);
  expect(pages).toBeGreaterThan(5);
});

test('a follower who is not approved gets no PDF, and an unknown origin is refused', async () => {
  const stranger = await apiToken('stranger');
  const demo = (await callApi('/web/user/getUserInfo', {}, { xToken: await apiToken('human') })).item as { memberId: number };
  const denied = await fetch(`${API_URL}/api/web/userReport/pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', xToken: stranger, origin: appUrl(human16).replace(/\/$/, '') },
    body: JSON.stringify({ memberId: demo.memberId, ...lastDays(14), lang: 'en' }),
  });
  expect(denied.headers.get('content-type')).toContain('application/json');
  expect((await denied.json()).code).toBe(403);
  const elsewhere = await fetch(`${API_URL}/api/web/userReport/pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', xToken: await apiToken('human'), origin: 'http://127.0.0.1:1' },
    body: JSON.stringify({ ...lastDays(14), lang: 'en' }),
  });
  expect((await elsewhere.json()).code).toBe(403);
});
