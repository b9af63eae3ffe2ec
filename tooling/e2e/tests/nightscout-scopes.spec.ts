import { expect, test, type Page } from '@playwright/test';
import { APPS, appUrl } from '../apps';
import { expectSignedIn, signIn } from '../demo';

/**
 * Nightscout's per-operation secrets (issue 18), through the browser against the real server:
 * the member makes an "add only" and a "delete only" secret in Settings; a Nightscout client
 * adds a reading with the first (and cannot read with it), the home screen shows it, a
 * permanent delete with the second removes it from the home screen again.
 */
const [app] = APPS;

async function makeSecret(page: Page, label: string, scope: string): Promise<string> {
  await page.getByTestId('secret-label').fill(label);
  await page.getByTestId('secret-scope').selectOption(scope);
  await page.getByTestId('secret-create').click();
  await expect(page.getByTestId('secret-created')).toBeVisible();
  const secret = (await page.getByTestId('secret-value').innerText()).trim();
  await page.getByText('I have saved it').click();
  return secret;
}

test('an add-only and a delete-only secret do just that, and the home screen follows', async ({ page }) => {
  await signIn(page, app, 'human');
  await expectSignedIn(page);
  await page.goto(appUrl(app, '/settings'));
  await expect(page.getByTestId('secret-scope-hint')).toContainText('not even reading');
  const adder = await makeSecret(page, 'Careportal (browser test)', 'create');
  const remover = await makeSecret(page, 'Cleaner (browser test)', 'delete');
  const list = page.getByTestId('secret-list');
  await expect(list.getByRole('row', { name: /Careportal \(browser test\)/ })).toContainText('Add only');
  await expect(list.getByRole('row', { name: /Cleaner \(browser test\)/ })).toContainText('Delete only');

  const origin = new URL(page.url()).origin;
  const v3 = (method: string, path: string, token: string, body?: unknown) =>
    fetch(`${origin}/api/v3${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  // 360 mg/dL reads 20.0 mmol/L for the member.
  const created = await v3('POST', '/entries', adder, { type: 'sgv', sgv: 360, date: Date.now(), utcOffset: 0, device: 'e2e-careportal', app: 'e2e' });
  expect(created.status).toBe(201);
  const { identifier } = (await created.json()) as { identifier: string };
  expect((await v3('GET', `/entries/${identifier}`, adder)).status).toBe(403);
  expect((await v3('DELETE', `/entries/${identifier}?permanent=true`, adder)).status).toBe(403);

  await page.goto(appUrl(app, '/home'));
  await expect(page.getByTestId('latest-value')).toHaveText('20.0');

  expect((await v3('DELETE', `/entries/${identifier}?permanent=true`, remover)).status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('latest-value')).toBeVisible();
  await expect(page.getByTestId('latest-value')).not.toHaveText('20.0');
});
