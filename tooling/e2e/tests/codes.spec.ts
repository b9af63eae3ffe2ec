import { constants, publicEncrypt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { APPS, MAIL_HTTP_URL, appUrl } from '../apps';
import { ACCOUNTS, DEMO_PASSWORD, callApi, expectSignedIn, tick } from '../demo';

/**
 * Codes that really arrive: the server mails them over SMTP to the test's own SMTP server
 * (smtp-server, started by the Playwright config), and the test reads them out of the mailbox
 * as a person reads their inbox.
 */
interface Mail {
  to: string[];
  subject: string;
  text: string;
}
const app = APPS[0];

async function mailbox(): Promise<Mail[]> {
  return (await fetch(`${MAIL_HTTP_URL}/mails`)).json() as Promise<Mail[]>;
}

/** The code in the first mail to `address` after the `seen` mails already there. */
async function codeMailedTo(address: string, seen: number): Promise<{ code: string; mail: Mail }> {
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      mail = (await mailbox()).slice(seen).findLast((m) => m.to.includes(address));
      return mail?.subject ?? '';
    }, { timeout: 15_000 })
    .not.toBe('');
  const code = /\b(\d{6})\b/.exec(mail!.text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return { code: code!, mail: mail! };
}

test('a follower signs in with a code that arrives by e-mail', async ({ page }) => {
  const { email } = ACCOUNTS.follower;
  await page.goto(appUrl(app, '/login'));
  await tick(page.locator('input[type=radio][value="3"]'));
  await page.locator('input[name=email]').fill(email);
  await page.getByRole('button', { name: 'Sign in with verification code' }).click();
  const seen = (await mailbox()).length;
  await page.getByRole('button', { name: 'Send code' }).click();
  const { code, mail } = await codeMailedTo(email, seen);
  expect(mail.subject).toBe('Your CGM Portal sign-in code');
  await page.locator('input[name=code]').fill(code);
  await tick(page.locator('input[name=agreed]'));
  await page.locator('button[type=submit]').click();
  await expectSignedIn(page);
});

test('a forgotten password is reset with a mailed code in the page’s language, and the new password signs in', async ({ page }) => {
  const { email } = ACCOUNTS.stranger;
  try {
    await page.goto(appUrl(app, '/forget'));
    await page.locator('input[name=account]').fill(email);
    const seen = (await mailbox()).length;
    await page.getByRole('button', { name: 'Send code' }).click();
    const { code, mail } = await codeMailedTo(email, seen);
    expect(mail.subject).toBe('Your CGM Portal password reset code');
    await page.locator('input[name=code]').fill(code);
    await page.locator('input[name=newPassword]').fill('Fresh-pass-77');
    await page.locator('input[name=confirmPassword]').fill('Fresh-pass-77');
    await page.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/login/);

    await tick(page.locator('input[type=radio][value="3"]'));
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill('Fresh-pass-77');
    await tick(page.locator('input[name=agreed]'));
    await page.locator('button[type=submit]').click();
    await expectSignedIn(page);
  } finally {
    // The other browser tests sign the stranger in with the demo password: put it back the same way.
    const seen = (await mailbox()).length;
    await callApi('/web/user/sendVerifyCode', { email, purpose: 'resetPassword' });
    const { code } = await codeMailedTo(email, seen);
    const key = ((await callApi('/web/user/getPublicKey', {})).item as { publicKey: string }).publicKey;
    const newPassword = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEMO_PASSWORD)).toString('base64');
    expect((await callApi('/web/user/resetPassword', { email, verifyCode: code, newPassword })).code).toBe(200);
  }
});
