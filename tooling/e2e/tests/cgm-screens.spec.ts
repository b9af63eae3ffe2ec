import { expect, test, type Page, type TestInfo } from '@playwright/test';
// The browser test checks the screens against glucose-metrics itself, over the readings the server holds.
import { summarize } from '../../../packages/glucose-metrics/src/index';
import { APPS, appUrl, type AppUnderTest } from '../apps';
import { translated } from '../catalog';
import { callApi, currentToken, expectSignedIn, signIn, type AccountName } from '../demo';

const [human16, human7, pet] = APPS;

async function enter(page: Page, app: AppUnderTest, account: AccountName, lang?: string) {
  await page.goto(appUrl(app, '/login'));
  await page.evaluate((l) => (l ? localStorage.setItem('hippoLang', l) : localStorage.removeItem('hippoLang')), lang ?? null);
  await signIn(page, app, account, { rememberMe: true });
  await expectSignedIn(page);
}

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

/** The number shown in a metric tile, as text. */
const metric = (page: Page, scope: string, id: string) => page.getByTestId(scope).getByTestId(`metric-${id}`).locator('[data-metric-value]');

test.describe('status overview', () => {
  for (const [app, lang] of [
    [human16, 'en'],
    [human7, 'zh'],
    [human16, 'ar'],
  ] as const) {
    test(`home in ${lang} (${app.id})`, async ({ page }, info) => {
      await enter(page, app, 'human', lang);
      await expect(page).toHaveURL(appUrl(app, '/home'));
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { name: translated(lang, 'home.latestGlucose') })).toBeVisible();
      await expect(page.getByTestId('latest-value')).toHaveText(/^\d+[.,]\d$/);
      await expect(page.getByTestId('latest-age')).toBeVisible();
      await expect(page.getByRole('heading', { name: translated(lang, 'home.todayOverview') })).toBeVisible();
      await expect(page.getByTestId('today-mean').locator('[data-metric-value]')).toContainText(/\d/);
      await expect(page.getByText(translated(lang, 'home.eachPercentIs15Min'))).toBeVisible();
      for (const key of ['home.sessionOverview', 'home.glucoseMetrics', 'home.agp', 'home.dailyGlucose', 'home.sessionGlucose']) {
        await expect(page.getByRole('heading', { name: new RegExp(translated(lang, key)) }).first()).toBeVisible();
      }
      // Windows of 4, 8, 12, 24 hours and the glucose-only view.
      for (const hours of [4, 8, 12, 24]) {
        await page.getByRole('button', { name: translated(lang, `home.hours${hours}`), exact: true }).click();
        await expect(page.getByRole('button', { name: translated(lang, `home.hours${hours}`), exact: true })).toHaveAttribute('aria-pressed', 'true');
      }
      await page.getByText(translated(lang, 'home.glucoseOnly')).click();
      // Standard versus custom TIR.
      await page.getByRole('button', { name: translated(lang, 'home.standardTir') }).click();
      await expect(page.getByTestId('today-tir').locator('[data-range="target"] [data-range-percent]')).toContainText('%');
      // The period of the time-in-range card is named: today, not the 14 days of the metrics beside it.
      await expect(page.getByTestId('today-tir').getByTestId('tir-period')).toContainText(translated(lang, 'common.today'));
      await expect(page.getByTestId('loading')).toHaveCount(0, { timeout: 20_000 });
      await shot(page, info, `home-${app.id}-${lang}`);
    });
  }

  test('without its live connection, refreshes itself every minute without going back to loading', async ({ page }) => {
    test.setTimeout(150_000);
    // With the live stream up the page is told of new readings and does not poll (live-alerts
    // spec); when the stream cannot be had, it falls back to asking every minute.
    await page.route('**/api/live', (route) => route.abort());
    await enter(page, human16, 'human', 'en');
    await expect(page.getByTestId('latest-value')).toBeVisible({ timeout: 20_000 });
    let asked = 0;
    page.on('request', (r) => r.url().includes('/web/glucose/loadPackedReadings') && asked++);
    let blanked = false;
    // Watch, in the page, whether the latest glucose ever leaves the DOM while the data refreshes.
    await page.evaluate(() => {
      const w = window as unknown as { blanked: boolean };
      w.blanked = false;
      new MutationObserver(() => {
        if (!document.querySelector('[data-testid=latest-value]') || document.querySelector('[data-testid=loading]')) w.blanked = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await expect.poll(() => asked, { timeout: 75_000, intervals: [2_000] }).toBeGreaterThan(0);
    await page.waitForTimeout(3_000);
    blanked = await page.evaluate(() => (window as unknown as { blanked: boolean }).blanked);
    expect(blanked).toBe(false);
    await expect(page.getByTestId('latest-value')).toBeVisible();
  });
});

test.describe('numbers agree', () => {
  test('home, glucose report and the server report show the same mean, TIR and GMI, equal to glucose-metrics', async ({ page }) => {
    await enter(page, human16, 'human', 'en');
    const home = page.getByTestId('home-screen');
    await expect(metric(page, 'home-metrics', 'mean')).toContainText(/\d/, { timeout: 20_000 });
    const from = Number(await home.getAttribute('data-from'));
    const to = Number(await home.getAttribute('data-to'));
    const token = (await currentToken(page))!;
    const info = (await callApi('/web/member/loadMyMemberInfo', {}, { xToken: token })).item as {
      memberInfos: { timeZone: string; memberSeting: { targetLow: number; targetHigh: number } }[];
    };
    const member = info.memberInfos[0]!;
    const { readings } = (await callApi('/web/glucose/loadReadings', { from, to }, { xToken: token })).item as { readings: { time: number; mgdl: number }[] };
    const expected = summarize(readings, { timeZone: member.timeZone, ranges: { low: member.memberSeting.targetLow, high: member.memberSeting.targetHigh }, from, to });
    const mean = (expected.mean! / 18).toFixed(1);
    const tir = `${expected.tir!.toFixed(1)}%`;
    const gmi = expected.gmi!.toFixed(1);

    await expect(metric(page, 'home-metrics', 'mean')).toHaveText(`${mean}mmol/L`);
    await expect(metric(page, 'home-metrics', 'tir')).toHaveText(tir);
    await expect(metric(page, 'home-metrics', 'gmi')).toHaveText(`${gmi}%`);

    await page.goto(appUrl(human16, '/report'));
    const report = page.getByTestId('glucose-report');
    await expect(report).toHaveAttribute('data-from', String(from));
    await expect(metric(page, 'report-statistics', 'mean')).toHaveText(`${mean}mmol/L`);
    await expect(metric(page, 'report-statistics', 'tir')).toHaveText(tir);
    await expect(metric(page, 'report-statistics', 'gmi')).toHaveText(`${gmi}%`);

    // The AGP report is built from the server's report of the same span.
    const server = (await callApi('/web/userReport/loadReport', { from, to }, { xToken: token })).item as { summary: { mean: number; tir: number; gmi: number } };
    expect(server.summary.mean).toBeCloseTo(expected.mean!, 9);
    expect(server.summary.tir).toBeCloseTo(expected.tir!, 9);
    expect(server.summary.gmi).toBeCloseTo(expected.gmi!, 9);
  });
});

test.describe('glucose report', () => {
  test('every quick pick and a custom range, with the AGP rule', async ({ page }, info) => {
    await enter(page, human16, 'human', 'en');
    await page.goto(appUrl(human16, '/report'));
    for (const pick of ['days7', 'days30', 'days90', 'last3Months', 'nearly6Months', 'lastYear', 'showAll', 'days14']) {
      await page.getByRole('button', { name: translated('en', `report.${pick}`), exact: true }).click();
      await expect(metric(page, 'report-statistics', 'mean')).toContainText(/\d/, { timeout: 20_000 });
    }
    for (const id of ['mean', 'max', 'min', 'sd', 'cv', 'highCount', 'lowCount', 'normalCount', 'eA1c', 'gmi', 'gri', 'mage', 'modd', 'lage', 'activeTime', 'maxVariation']) {
      await expect(metric(page, 'report-statistics', id)).toContainText(/\d/);
    }
    // GMI and estimated A1c each once, with both units in the one tile.
    for (const key of ['report.gmi', 'report.eA1c']) await expect(page.getByTestId('report-statistics').getByText(translated('en', key), { exact: true })).toHaveCount(1);
    await expect(page.getByTestId('report-statistics').getByTestId('metric-gmi')).toContainText(translated('en', 'units.mmolMol'));
    await expect(page.getByTestId('six-hour-tir').locator('tbody tr')).toHaveCount(4);
    await expect(page.getByTestId('report-agp').locator('figure')).toBeVisible();
    await shot(page, info, 'report-14-days');

    await page.getByRole('button', { name: translated('en', 'report.custom'), exact: true }).click();
    const to = await page.locator('input[name=toDate]').inputValue();
    const from = new Date(Date.parse(to) - 2 * 86_400_000).toISOString().slice(0, 10);
    await page.locator('input[name=fromDate]').fill(from);
    await page.getByRole('button', { name: translated('en', 'common.apply') }).click();
    await expect(page.getByTestId('report-agp').getByText(translated('en', 'report.agpNeeds5Days'))).toBeVisible();
    await shot(page, info, 'report-custom-3-days');
  });

  test('Chinese and Arabic', async ({ page }, info) => {
    await enter(page, human7, 'human');
    await page.goto(appUrl(human7, '/report'));
    await expect(page.getByRole('heading', { name: translated('zh', 'report.statistics') })).toBeVisible({ timeout: 20_000 });
    await shot(page, info, 'report-zh');
    await enter(page, human16, 'human', 'ar');
    await page.goto(appUrl(human16, '/report'));
    await expect(page.getByRole('heading', { name: translated('ar', 'report.statistics') })).toBeVisible({ timeout: 20_000 });
    await shot(page, info, 'report-ar');
  });
});

test.describe('pet variant', () => {
  test('home, report and settings speak of a cat', async ({ page }, info) => {
    await enter(page, pet, 'pet');
    await expect(page.getByTestId('latest-value')).toHaveText(/^\d+$/); // mg/dL for the demo cat
    await expect(page.getByTestId('home-metrics').getByTestId('pet-estimates-note')).toBeVisible({ timeout: 20_000 });
    await expect(metric(page, 'home-metrics', 'gmi')).toHaveCount(0);
    await shot(page, info, 'pet-home');
    await page.goto(appUrl(pet, '/report'));
    await expect(page.getByTestId('report-statistics').getByTestId('pet-estimates-note')).toBeVisible({ timeout: 20_000 });
    for (const id of ['gmi', 'eA1c', 'gri']) await expect(metric(page, 'report-statistics', id)).toHaveCount(0);
    await shot(page, info, 'pet-report');
    await page.goto(appUrl(pet, '/settings'));
    await expect(page.getByTestId('standard-target')).toHaveText(/Cat: .*80–300 mg\/dL/);
    await shot(page, info, 'pet-settings');
  });

  test('the pet profile form, with age computed, survives a reload', async ({ page }, info) => {
    await enter(page, pet, 'pet');
    await page.goto(appUrl(pet, '/user/profile'));
    const form = page.getByTestId('profile-form-pet');
    await expect(form.locator('input[name=breed]')).toHaveValue('British Shorthair');
    await expect(form.locator('input[name=age]')).toHaveValue(/years old/);
    await expect(form.locator('select[name=insulinType]')).toHaveValue('Insulin Glargine');
    await expect(form.locator('select[name=syringeType]')).toHaveValue('40');
    await expect(form.locator('input[name=country]')).toHaveAttribute('readonly', '');
    await form.locator('input[name=weight]').fill('5.4');
    await form.locator('input[name=birthday]').fill('2015-06-01');
    await form.getByRole('button', { name: translated('en', 'common.save') }).click();
    await expect(page.getByText(translated('en', 'settings.saved')).first()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('profile-form-pet').locator('input[name=weight]')).toHaveValue('5.4', { timeout: 20_000 });
    await expect(page.getByTestId('profile-form-pet').locator('input[name=birthday]')).toHaveValue('2015-06-01');
    await shot(page, info, 'pet-profile');
    // Validation: the pet's name is required.
    await page.getByTestId('profile-form-pet').locator('input[name=memberName]').fill('');
    await page.getByTestId('profile-form-pet').getByRole('button', { name: translated('en', 'common.save') }).click();
    await expect(page.getByText(translated('en', 'validation.enterPetName'))).toBeVisible();
  });
});

test.describe('settings', () => {
  test('keeps alerts ordered, saves to the server and every screen follows the unit', async ({ page }, info) => {
    await enter(page, human16, 'human', 'en');
    await page.goto(appUrl(human16, '/settings'));
    const form = page.getByTestId('settings-form');
    await expect(form.locator('input[name=targetHigh]')).toHaveValue('10');
    await form.locator('input[name=urgentLowAlert]').fill('4.5');
    await form.getByRole('button', { name: translated('en', 'common.save') }).click();
    await expect(page.getByText(translated('en', 'validation.urgentLowBelowLow'))).toBeVisible();
    await form.locator('input[name=urgentLowAlert]').fill('3.1');
    await form.getByText('mg/dL', { exact: true }).click();
    await expect(form.locator('input[name=targetHigh]')).toHaveValue('180');
    await form.locator('input[name=targetHigh]').fill('170');
    await form.getByRole('button', { name: translated('en', 'common.save') }).click();
    await expect(page.getByText(translated('en', 'settings.saved')).first()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('settings-form').locator('input[name=targetHigh]')).toHaveValue('170', { timeout: 20_000 });
    await expect(page.getByTestId('settings-form').locator('input[name=urgentLowAlert]')).toHaveValue('55');
    await shot(page, info, 'settings-mgdl');
    await page.goto(appUrl(human16, '/home'));
    await expect(page.getByTestId('latest-value')).toHaveText(/^\d+$/);
    await expect(metric(page, 'home-metrics', 'mean')).toContainText('mg/dL', { timeout: 20_000 });
    // Back to the demo's own settings for the other tests.
    await page.goto(appUrl(human16, '/settings'));
    const again = page.getByTestId('settings-form');
    await again.getByText('mmol/L', { exact: true }).click();
    await again.locator('input[name=targetHigh]').fill('10');
    await again.getByRole('button', { name: translated('en', 'common.save') }).click();
    await expect(page.getByText(translated('en', 'settings.saved')).first()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('settings-form').locator('input[name=targetHigh]')).toHaveValue('10', { timeout: 20_000 });
  });
});

test.describe('profile', () => {
  test('the human form: diagnosis year follows the type, edits survive a reload', async ({ page }, info) => {
    await enter(page, human16, 'human', 'en');
    await page.goto(appUrl(human16, '/user/profile'));
    const form = page.getByTestId('profile-form-human');
    await expect(form.locator('input[name=memberName]')).toHaveValue('Alex Morgan');
    await expect(form.locator('select[name=diabetesDiagnosisYear]')).toHaveValue('2009');
    await form.locator('select[name=diabetesType]').selectOption('1');
    await expect(form.locator('select[name=diabetesDiagnosisYear]')).toHaveCount(0);
    await form.locator('select[name=diabetesType]').selectOption('3');
    await expect(form.locator('select[name=diabetesDiagnosisYear]')).toHaveValue('');
    const thisYear = new Date().getFullYear();
    await expect(form.locator(`select[name=diabetesDiagnosisYear] option[value="${thisYear + 1}"]`)).toHaveCount(0);
    await form.getByRole('button', { name: translated('en', 'common.save') }).click();
    await expect(page.getByText(translated('en', 'validation.selectDiagnosisYear'))).toBeVisible();
    await form.locator('select[name=diabetesType]').selectOption('2');
    await form.locator('select[name=diabetesDiagnosisYear]').selectOption('2010');
    await form.locator('input[name=memberName]').fill('Alex R. Morgan');
    await form.getByRole('button', { name: translated('en', 'common.save') }).click();
    await expect(page.getByText(translated('en', 'settings.saved')).first()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('profile-form-human').locator('input[name=memberName]')).toHaveValue('Alex R. Morgan', { timeout: 20_000 });
    await expect(page.getByTestId('profile-form-human').locator('select[name=diabetesDiagnosisYear]')).toHaveValue('2010');
    await shot(page, info, 'profile-human');
    // Other specs share this database and read the seeded name: put it back.
    const restored = page.getByTestId('profile-form-human');
    await restored.locator('input[name=memberName]').fill('Alex Morgan');
    await restored.locator('select[name=diabetesDiagnosisYear]').selectOption('2009');
    await restored.getByRole('button', { name: translated('en', 'common.save') }).click();
    await expect(page.getByText(translated('en', 'settings.saved')).first()).toBeVisible();
  });

  test('change password: the two entries must agree', async ({ page }) => {
    await enter(page, human16, 'human', 'en');
    await page.goto(appUrl(human16, '/user/profile'));
    const box = page.getByTestId('profile-password');
    await box.locator('input[name=oldPassword]').fill('Demo-1234');
    await box.locator('input[name=newPassword]').fill('Another-1234');
    await box.locator('input[name=confirmPassword]').fill('Another-9999');
    await box.getByRole('button', { name: translated('en', 'profile.password.submit') }).click();
    await expect(page.getByText(translated('en', 'validation.passwordsInconsistent'))).toBeVisible();
  });

  test('the settings dialog shows the full profile to a CGM user', async ({ page }) => {
    await enter(page, human16, 'human', 'en');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: translated('en', 'layout.settings') }).click();
    await expect(page.getByRole('dialog').getByTestId('profile-form-human')).toBeVisible();
  });
});

test.describe('session report and event list', () => {
  test('a session note survives a reload', async ({ page }, info) => {
    await enter(page, human16, 'human', 'en');
    await page.goto(appUrl(human16, '/sessionReport'));
    const table = page.getByTestId('session-table');
    await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });
    await expect(table.getByText(/Active|Expired|Ended|Initializing/).first()).toBeVisible();
    await expect(table.locator('tbody tr').first().locator('td').nth(5)).toHaveText(/%/, { timeout: 20_000 });
    await table.getByRole('button', { name: translated('en', 'session.edit') }).first().click();
    const note = `Sensor note ${Date.now()}`;
    await page.getByRole('dialog').locator('textarea[name=note]').fill(note);
    await page.getByRole('dialog').getByRole('button', { name: translated('en', 'common.save') }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('session-table').getByText(note)).toBeVisible({ timeout: 20_000 });
    await shot(page, info, 'session-report');
  });

  test('event list tabs, columns and paging', async ({ page }, info) => {
    await enter(page, human16, 'human', 'en');
    await page.goto(appUrl(human16, '/eventList'));
    const table = page.getByTestId('event-table');
    for (const col of ['eventType', 'description', 'note', 'time', 'detail']) {
      await expect(table.getByRole('columnheader', { name: translated('en', `events.columns.${col}`) })).toBeVisible();
    }
    await expect(page.getByTestId('pager-total')).toHaveText(/\d+ items in total/);
    await page.getByRole('tab', { name: translated('en', 'events.tabs.meal') }).click();
    await expect(table.locator('tbody tr').first()).toHaveAttribute('data-event-type', 'meal');
    const mealTags = ['Empty', 'Breakfast', 'After_Breakfast', 'Before_Lunch', 'Lunch', 'Dinner', 'Before_Sleep', 'Extra'].map((k) => translated('en', `events.mealTags.${k}`));
    await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText(new RegExp(mealTags.join('|')));
    await page.getByRole('tab', { name: translated('en', 'events.tabs.insulin') }).click();
    await expect(table.locator('tbody tr').first()).toHaveAttribute('data-event-type', 'insulin');
    await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText(/acting|Premixed/);
    await page.getByRole('button', { name: translated('en', 'common.next') }).click();
    await expect(page.getByTestId('pager-page')).toHaveText(/Page 2 of/);
    await shot(page, info, 'event-list');
  });
});
