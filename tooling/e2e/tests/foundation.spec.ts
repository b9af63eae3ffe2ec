import { expect, test } from '@playwright/test';
import { APPS, appUrl } from '../apps';
import { translated } from '../catalog';

for (const app of APPS) {
  test.describe(app.id, () => {
    test('/login renders in the default language and the variant theme', async ({ page }, info) => {
      await page.goto(appUrl(app, '/login'));
      const lang = app.defaultLanguage;
      await expect(page.getByRole('heading', { level: 1, name: translated(lang, 'login.title') })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      const logo = page.getByTestId('logo');
      await expect(logo).toHaveText(app.logoText);
      const headerBg = await logo.evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor);
      expect(headerBg).toBe(app.sidebarBg);
      await expect(page).toHaveTitle(`${translated(lang, 'routes.login')} – ${app.logoText}`);
      await page.screenshot({ path: info.outputPath(`${app.id}-login.png`), fullPage: true });
    });

    test('an unknown path shows the not-found page with a way home', async ({ page }, info) => {
      await page.goto(appUrl(app, '/no/such/page'));
      await expect(page.getByText(translated(app.defaultLanguage, 'errors.notFound'))).toBeVisible();
      await expect(page.getByRole('link', { name: translated(app.defaultLanguage, 'errors.backHome') })).toBeVisible();
      await page.screenshot({ path: info.outputPath(`${app.id}-not-found.png`) });
    });

    test('a protected path without a token redirects to /login?from=<path>', async ({ page }) => {
      await page.goto(appUrl(app, '/report?days=14'));
      await expect(page).toHaveURL(/\/login\?from=/);
      expect(new URL(page.url()).searchParams.get('from')).toBe('/report?days=14');
      await page.goto(appUrl(app, '/'));
      await expect(page).toHaveURL(appUrl(app, '/login'));
    });
  });
}
