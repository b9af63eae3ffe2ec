import { expect, test } from '@playwright/test';
import { APPS, appUrl } from '../apps';
import { translated } from '../catalog';
import { apiToken, callApi, expectSignedIn, signIn } from '../demo';

const [human16] = APPS;

test.describe('AGP report on screen', () => {
  test('the member sees the report, changes the period, and prints the print layout', async ({ page }, info) => {
    await signIn(page, human16, 'human');
    await expectSignedIn(page);
    await page.getByRole('link', { name: translated('en', 'routes.report') }).click();
    await expect(page).toHaveURL(/\/report\/agp$/);
    const report = page.getByTestId('agp-report');
    await expect(report).toBeVisible({ timeout: 30_000 });
    await expect(report).toContainText(translated('en', 'agp.timeInRanges'));
    await page.locator('[data-print-hide]').getByText(translated('en', 'report.days30'), { exact: true }).click();
    await expect(report).toContainText('30 days of data');
    await page.screenshot({ path: info.outputPath('agp-screen.png'), fullPage: true });
    // Print: the page switches to the print layout (pages with page breaks) for the browser's print.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByRole('button', { name: translated('en', 'report.print') }).click();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation')).toBeHidden();
  });

  test('a share link opens the report without login in its language, and stops working once revoked', async ({ page, browser }) => {
    await signIn(page, human16, 'human');
    await expectSignedIn(page);
    await page.goto(appUrl(human16, '/report/agp'));
    await expect(page.getByTestId('agp-report')).toBeVisible({ timeout: 30_000 });
    const token = await apiToken('human');
    const created = await callApi('/web/userReport/createPublicLink', { spanDays: 14, lang: 'fr' }, { xToken: token });
    expect(created.code).toBe(200);
    const link = created.item as { id: string; path: string };
    // The id is unguessable: at least 128 bits of base64url.
    expect(link.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    const visitor = await browser.newContext();
    const anonymous = await visitor.newPage();
    await anonymous.goto(appUrl(human16, link.path));
    await expect(anonymous.getByTestId('agp-report')).toBeVisible({ timeout: 30_000 });
    await expect(anonymous.getByTestId('agp-report')).toContainText(translated('fr', 'agp.timeInRanges'));

    expect((await callApi('/web/userReport/revokePublicLink', { id: link.id }, { xToken: token })).code).toBe(200);
    await anonymous.reload();
    await expect(anonymous.locator('[data-report-error="true"]')).toBeVisible({ timeout: 30_000 });
    await expect(anonymous.getByTestId('agp-report')).toHaveCount(0);
    await visitor.close();
  });
});
