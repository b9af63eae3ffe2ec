import { expect, type Locator, type Page } from '@playwright/test';
import { API_URL, appUrl, type AppUnderTest } from './apps';

/** Demo accounts seeded by the api-server (apps/api-server/README.md). */
export const DEMO_PASSWORD = 'Demo-1234';
export const ACCOUNTS = {
  human: { email: 'demo@cgm-portal.example', loginType: 2, name: /./ },
  pet: { email: 'pet@cgm-portal.example', loginType: 2, name: /./ },
  follower: { email: 'follower@cgm-portal.example', loginType: 3, name: /./ },
  doctor: { email: 'doctor@cgm-portal.example', loginType: 3, name: /./ },
  stranger: { email: 'stranger@cgm-portal.example', loginType: 3, name: /./ },
} as const;
export type AccountName = keyof typeof ACCOUNTS;

/**
 * Ticks a checkbox or picks a radio as a person does: a click on its visible box. (A forced
 * click on the 1 px hidden input lands beside the label in right-to-left pages, where Ark
 * places it, and changes nothing.)
 */
export async function tick(input: Locator) {
  await input.locator('xpath=..').locator('[data-part="control"], [data-part="item-control"]').first().click();
  await expect(input).toBeChecked();
}

/**
 * Signs in through the real form with the keyboard-free path a person takes: pick the account
 * type, type e-mail and password, agree, submit. Labels are matched in English by default.
 */
export async function signIn(page: Page, app: AppUnderTest, account: AccountName, options: { rememberMe?: boolean; path?: string } = {}) {
  const { email, loginType } = ACCOUNTS[account];
  await page.goto(appUrl(app, options.path ?? '/login'));
  await tick(page.locator(`input[type=radio][value="${loginType}"]`));
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(DEMO_PASSWORD);
  if (options.rememberMe) await tick(page.locator('input[name=rememberMe]'));
  await tick(page.locator('input[name=agreed]'));
  await page.locator('button[type=submit]').click();
}

export async function expectSignedIn(page: Page) {
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 15_000 });
}

/** The token the portal holds for this tab (localStorage with remember me, else sessionStorage). */
export async function currentToken(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem('xToken') ?? localStorage.getItem('xToken'));
}

/** Test hook of the api-server (CGM_ENABLE_TEST_HOOKS=1): the token stops working now. */
export async function expireTokenOnServer(token: string) {
  const response = await fetch(`${API_URL}/api/test/expireToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect((await response.json()).code).toBe(200);
}

/** Calls the API directly, as a script or another client would. */
export async function callApi(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${API_URL}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', timeZone: 'UTC', lanCode: 'en_US', ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; message: string; item?: unknown; rows?: unknown[]; total?: number };
}

/** Signs in through the API as a script would: the password RSA-encrypted with the server's key. */
export async function apiToken(account: AccountName): Promise<string> {
  const { publicEncrypt, constants } = await import('node:crypto');
  const key = ((await callApi('/web/user/getPublicKey', {})).item as { publicKey: string }).publicKey;
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEMO_PASSWORD)).toString('base64');
  const { email, loginType } = ACCOUNTS[account];
  const login = await callApi('/web/user/login', { loginType, email, password });
  return (login.item as { token: string }).token;
}

/**
 * A phone app's uploader for the member whose session `token` is: a new upload secret, then one
 * reading per call through Nightscout API v1, as xDrip+ sends it.
 */
export async function nightscoutUploader(token: string, phone: { label: string; device: string; direction: string }) {
  const created = await callApi('/web/dataTransfer/createUploadSecret', { label: phone.label }, { xToken: token });
  expect(created.code).toBe(200);
  const { apiSecretSha1 } = created.item as { apiSecretSha1: string };
  return async (mgdl: number, time = Date.now()) => {
    const response = await fetch(`${API_URL}/api/v1/entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-secret': apiSecretSha1 },
      body: JSON.stringify([{ type: 'sgv', sgv: mgdl, date: time, dateString: new Date(time).toISOString(), direction: phone.direction, device: phone.device }]),
    });
    expect(response.status).toBe(200);
  };
}
