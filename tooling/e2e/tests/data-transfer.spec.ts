import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { APPS, appUrl } from '../apps';
import { expectSignedIn, signIn } from '../demo';

/**
 * Settings → Import data and Export data (issue 10), through the browser against the real
 * server: pick a vendor export, see the preview (nothing written), import, download the export.
 */
const [app] = APPS;
const fixture = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'apps', 'api-server', 'test-fixtures', 'libreview-it.csv');

test('imports a LibreView file after a preview, then downloads the export', async ({ page }) => {
  await signIn(page, app, 'human');
  await expectSignedIn(page);
  await page.goto(appUrl(app, '/settings'));
  await expect(page.getByTestId('import-section')).toBeVisible();

  await page.getByTestId('import-file').setInputFiles(fixture);
  await page.getByTestId('import-zone').selectOption('Europe/Rome');
  await page.getByTestId('import-preview').click();
  await expect(page.getByTestId('import-preview-result')).toBeVisible({ timeout: 30_000 });
  // 26 sensor readings and a strip reading; a run on a database that already holds them finds duplicates.
  const added = Number(await page.getByTestId('import-readings-added').locator('[data-metric-value]').innerText());
  const duplicates = Number(await page.getByTestId('import-readings-duplicates').locator('[data-metric-value]').innerText());
  expect(added + duplicates).toBe(27);
  if (added > 0) {
    await page.getByTestId('import-commit').click();
    await expect(page.getByTestId('import-result')).toBeVisible({ timeout: 30_000 });
  } else {
    await expect(page.getByTestId('import-nothing')).toBeVisible();
  }

  await page.getByTestId('export-from').fill('2024-05-20');
  await page.getByTestId('export-to').fill('2024-05-20');
  const download = page.waitForEvent('download');
  await page.getByTestId('export-json').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('cgm-portal-2024-05-20-2024-05-20.json');
  const exported = JSON.parse(readFileSync((await file.path())!, 'utf8')) as { format: string; readings: unknown[] };
  expect(exported.format).toBe('cgm-portal-export');
  expect(exported.readings.length).toBeGreaterThanOrEqual(27);
});
