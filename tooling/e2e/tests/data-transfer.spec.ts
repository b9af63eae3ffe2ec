import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { APPS, appUrl } from '../apps';
import { io } from 'socket.io-client';
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

test('a secret made in Settings lets an uploader (AAPS, NSClient V3) add a reading the home screen shows', async ({ page }) => {
  await signIn(page, app, 'human');
  await expectSignedIn(page);
  await page.goto(appUrl(app, '/settings'));
  await page.getByTestId('secret-label').fill('AAPS (browser test)');
  await page.getByTestId('secret-create').click();
  await expect(page.getByTestId('secret-created')).toBeVisible();
  const secret = (await page.getByTestId('secret-value').innerText()).trim();
  const address = (await page.getByTestId('secret-address').innerText()).trim();
  // The address is the portal's own origin: the app serves the API and the websockets on it.
  expect(address).toBe(new URL(page.url()).origin);
  const host = new URL(address).host;
  await expect(page.getByTestId('secret-xdrip-url')).toHaveText(`http://${secret}@${host}/api/v1/`);
  await expect(page.getByTestId('secret-setup')).toContainText('AAPS');

  // What AAPS does with the address and the token: the JWT exchange, then API v3 and /storage.
  const auth = (await (await fetch(`${address}/api/v2/authorization/request/${encodeURIComponent(secret)}`)).json()) as { token: string };
  const storage = io(`${address}/storage`, { transports: ['websocket'], forceNew: true });
  try {
    const subscribed = await new Promise<{ success: boolean }>((resolve) => storage.emit('subscribe', { accessToken: secret, collections: ['entries'] }, resolve));
    expect(subscribed.success).toBe(true);
    const heard = new Promise<{ doc: { sgv: number } }>((resolve) => storage.once('create', resolve));
    const upload = await fetch(`${address}/api/v3/entries`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${auth.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'sgv', sgv: 180, date: Date.now(), device: 'AndroidAPS-e2e', direction: 'Flat', app: 'AAPS', utcOffset: 0 }),
    });
    expect(upload.status).toBe(201);
    expect((await heard).doc.sgv).toBe(180);
  } finally {
    storage.close();
  }

  // The member (mmol/L) sees it as the latest glucose: 180 mg/dL is 10.0 mmol/L.
  await page.goto(appUrl(app, '/home'));
  await expect(page.getByTestId('latest-value')).toHaveText('10.0');
  await expect(page.getByTestId('latest-age')).toContainText(/./);
});
