import { expect, test } from '@playwright/test';
import { APPS, appUrl } from '../apps';

for (const app of APPS) {
  test.describe(app.id, () => {
    test('serves the app in its theme', async ({ page }) => {
      await page.goto(appUrl(app, '/'));
      await expect(page.getByText(app.portalName).first()).toBeVisible();
    });
  });
}
