import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
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

async function requestPdf(app: AppUnderTest, token: string, body: { from: number; to: number; lang: string }) {
  const started = Date.now();
  const response = await fetch(`${API_URL}/api/web/userReport/pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', xToken: token, lanCode: 'en_US', origin: appUrl(app).replace(/\/$/, '') },
    body: JSON.stringify({ ...body, pageSize: 'A4' }),
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

function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/**
 * Text as compared: white space folded, and the marks pdftotext moves around when it reads
 * right-to-left text in visual order (Arabic-script diacritics such as the hamza above,
 * zero-width joiners and bidi controls) left out on both sides.
 */
const comparable = (text: string) =>
  text.replace(/[\u064B-\u065F\u0670\u200C-\u200F\u202A-\u202E\u2066-\u2069]/g, '').replace(/\s+/g, ' ');

/** Whole local days ending today, as the report's period picker makes them (UTC is close enough here). */
function lastDays(days: number) {
  const to = Math.floor(Date.now() / DAY) * DAY + DAY;
  return { from: to - days * DAY, to };
}

for (const [account, app, languages] of [
  ['human', human16, LANGUAGES],
  ['pet', pet, ['en'] as const],
] as [AccountName, AppUnderTest, readonly string[]][]) {
  test.describe(`AGP PDF of the ${account} demo`, () => {
    let token = '';
    test.beforeAll(async () => {
      token = await apiToken(account);
    });

    for (const lang of languages) {
      // eslint-disable-next-line no-empty-pattern -- Playwright reads fixtures from this pattern
      test(`in ${lang}: a text PDF with the translated titles, mean and TIR`, async ({}, info) => {
        const period = lastDays(14);
        const { bytes, ms } = await requestPdf(app, token, { ...period, lang });
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        const file = info.outputPath(`agp-${account}-${lang}.pdf`);
        writeFileSync(file, bytes);
        // Pages as pictures, kept with the test's artifacts.
        execFileSync('pdftoppm', ['-r', '45', '-png', '-f', '1', '-l', '3', file, info.outputPath(`agp-${account}-${lang}`)]);
        const text = pdfText(file);
        const normalized = comparable(text);
        for (const key of ['agp.timeInRanges', 'agp.glucoseMetrics', 'agp.dailyGlucoseProfiles']) {
          const title = comparable(translated(lang, key));
          expect(normalized, `${lang}: ${key}`).toContain(title);
        }
        const expected = await expectedFigures(token, period);
        expect(normalized).toMatch(expected.mean);
        expect(normalized).toContain(expected.tir);
        info.annotations.push({ type: 'pdf-ms', description: String(ms) });
      });
    }
  });
}

// eslint-disable-next-line no-empty-pattern -- Playwright reads fixtures from this pattern
test('a 90-day report prints as a PDF (time printed as a benchmark figure)', async ({}, info) => {
  const token = await apiToken('human');
  const { bytes, ms } = await requestPdf(human16, token, { ...lastDays(90), lang: 'en' });
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
