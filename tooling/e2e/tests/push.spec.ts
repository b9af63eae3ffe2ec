import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { expect, test, type Browser } from '@playwright/test';
import { decryptAes128gcm } from '@cgm-portal/api-server/push-service';
import { APPS, PUSH_RECEIVED_URL, PUSH_SERVICE_PORT, appUrl } from '../apps';
import { apiToken, callApi, currentToken, expectSignedIn, nightscoutUploader, signIn, type AccountName } from '../demo';
import { deliverPush, serviceWorkerControls, shownNotifications } from '../service-worker';

/**
 * Issue 20, Web Push end to end: the server writes a push in the recipient's language, encrypts
 * it for the device (RFC 8291) and sends it to a push service on loopback (the test's own, over
 * https); the test decrypts it with the device's keys and hands it to the page's service worker
 * through the DevTools Protocol, as a browser's push service would; the worker shows it.
 */

const [human16] = APPS;
const origin = appUrl(human16, '/').replace(/\/$/, '');

/** A browser's push subscription, with its own keys, at an endpoint of the test's push service. */
function device(name: string) {
  const keys: ECDH = createECDH('prime256v1');
  keys.generateKeys();
  const auth = randomBytes(16);
  const endpoint = `https://127.0.0.1:${PUSH_SERVICE_PORT}/push/${name}-${Date.now()}`;
  return {
    endpoint,
    path: new URL(endpoint).pathname,
    subscription: { endpoint, expirationTime: null, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
    decrypt: (body: string) => decryptAes128gcm(Buffer.from(body, 'base64'), keys, auth),
  };
}
type Device = ReturnType<typeof device>;

interface ReceivedPush {
  path: string;
  headers: Record<string, string>;
  body: string;
}
async function pushesTo(target: Device): Promise<ReceivedPush[]> {
  const all = (await (await fetch(`${PUSH_RECEIVED_URL}/pushes`)).json()) as ReceivedPush[];
  return all.filter((p) => p.path === target.path);
}

/** Signs in through the form in `language`, with notifications allowed for the app. */
async function signedIn(browser: Browser, account: AccountName, language: string) {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin });
  const page = await context.newPage();
  await page.goto(appUrl(human16, '/login'));
  await page.evaluate((lang) => localStorage.setItem('hippoLang', lang), language);
  await signIn(page, human16, account);
  await expectSignedIn(page);
  await serviceWorkerControls(page);
  const token = (await currentToken(page))!;
  const api = (path: string, body: unknown) => callApi(path, body, { xToken: token, lanCode: language });
  return { context, page, api };
}

const PUSH_PHONE = { label: 'e2e push', device: 'e2e-push', direction: 'SingleDown' };

test.describe('Web Push', () => {
  for (const [language, title, body, dir] of [
    ['en', 'Test notification', 'Alerts will reach this device.', 'ltr'],
    ['ar', 'إشعار تجريبي', 'ستصل التنبيهات إلى هذا الجهاز.', 'rtl'],
  ] as const) {
    test(`the service worker shows the server's push in the recipient's language (${language})`, async ({ browser }) => {
      const { context, page, api } = await signedIn(browser, 'follower', language);
      // A device left by an earlier, failed attempt would make this one's list two long.
      for (const { id } of ((await api('/web/push/loadPushDevices', {})).rows ?? []) as { id: number }[]) await api('/web/push/removePushDevice', { id });
      const phone = device(`follower-${language}`);
      expect((await api('/web/push/addPushDevice', { subscription: phone.subscription, name: 'Chromium · Linux' })).code).toBe(200);
      expect((await api('/web/push/sendTestNotification', {})).code).toBe(200);

      await expect.poll(async () => (await pushesTo(phone)).length, { timeout: 15_000 }).toBe(1);
      const [push] = await pushesTo(phone);
      expect(push!.headers['content-encoding']).toBe('aes128gcm');
      const payload = phone.decrypt(push!.body);
      await deliverPush(page, payload);
      await expect.poll(() => shownNotifications(page)).toEqual([{ title, body, lang: language, dir, tag: 'test' }]);

      // The device list says it was notified, and never shows where or with which keys.
      const listed = await api('/web/push/loadPushDevices', {});
      expect(listed.rows).toEqual([expect.objectContaining({ name: 'Chromium · Linux', lastNotifiedAt: expect.any(Number) })]);
      expect(JSON.stringify(listed)).not.toContain(phone.subscription.keys.p256dh);
      expect(JSON.stringify(listed)).not.toContain(phone.endpoint);
      const { id } = (listed.rows as { id: number }[])[0]!;
      expect((await api('/web/push/removePushDevice', { id })).code).toBe(200);
      await context.close();
    });
  }
});

test.describe('alarm push', () => {
  test("an urgent low reaches the follower's service worker in Arabic, its button acts without a session, and once sharing stops no push reaches the follower", async ({ browser }) => {
    // Miso the cat (pet@) and her vet (doctor@), so the live page tests' alarms of the demo member stay apart.
    const petToken = await apiToken('pet');
    const pet = (path: string, body: unknown) => callApi(path, body, { xToken: petToken });
    const upload = await nightscoutUploader(petToken, PUSH_PHONE);
    const { context, page, api: vet } = await signedIn(browser, 'doctor', 'ar');
    const vetPhone = device('vet-phone');
    const petPhone = device('miso-owner-phone');
    expect((await vet('/web/push/addPushDevice', { subscription: vetPhone.subscription, name: 'Chromium · Linux' })).code).toBe(200);
    expect((await pet('/web/push/addPushDevice', { subscription: petPhone.subscription, name: 'Chrome · Android' })).code).toBe(200);

    await upload(130, Date.now() - 90_000);
    await upload(45, Date.now() - 60_000);
    await expect.poll(async () => (await pushesTo(vetPhone)).length, { timeout: 15_000 }).toBe(1);
    const [push] = await pushesTo(vetPhone);
    expect(push!.headers.urgency).toBe('high');
    await deliverPush(page, vetPhone.decrypt(push!.body));
    await expect.poll(() => shownNotifications(page)).toEqual([
      { title: expect.stringMatching(/^انخفاض حاد [\d.]+ (mmol\/L|mg\/dL)، .+ · Miso$/), body: expect.stringMatching(/^منذ /), lang: 'ar', dir: 'rtl', tag: expect.stringMatching(/^alarm-\d+$/) },
    ]);
    // The buttons the worker shows, and what its "I've got it" sends: the token it keeps, no session.
    const shown = await page.evaluate(async () => {
      const [n] = await (await navigator.serviceWorker.ready).getNotifications();
      const actions = (n as unknown as { actions: { action: string; title: string }[] }).actions.map(({ action, title }) => ({ action, title }));
      return { actions, data: n!.data as { actionToken: string } };
    });
    expect(shown.actions).toEqual([
      { action: 'acknowledge', title: 'أنا أتولى الأمر' },
      { action: 'snooze30', title: 'تأجيل 30 دقيقة' },
    ]);
    const acted = await page.evaluate(
      async ({ path, token }) => (await (await fetch(`/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, action: 'acknowledge' }) })).json()) as { code: number },
      { path: '/web/alarm/notificationAction', token: shown.data.actionToken },
    );
    expect(acted.code).toBe(200);
    const alarms = (await pet('/web/alarm/loadAlarms', {})).rows as { state: string; acknowledgedBy: string | null }[];
    expect(alarms).toEqual([expect.objectContaining({ state: 'acknowledged', acknowledgedBy: 'Dr. Priya Shah' })]);

    // Miso's owner stops sharing with the vet; the next urgent low reaches the owner's phone only.
    const relations = (await pet('/web/userFollower/loadFollowerList', { page: 1, rows: 20 })).rows as { id: number; followerEmail: string }[];
    const vetRelation = relations.find((r) => r.followerEmail === 'doctor@cgm-portal.example')!;
    expect((await pet('/web/userFollower/modifyFollowerShareFlag', { followerId: vetRelation.id, shareFlag: 0 })).code).toBe(200);
    try {
      const ownerPushes = (await pushesTo(petPhone)).length;
      await upload(140, Date.now() - 30_000);
      await upload(44, Date.now() - 10_000);
      await expect.poll(async () => (await pushesTo(petPhone)).length, { timeout: 15_000 }).toBe(ownerPushes + 1);
      await page.waitForTimeout(2_000);
      expect(await pushesTo(vetPhone)).toHaveLength(1);
      await expect.poll(() => shownNotifications(page)).toHaveLength(1);
    } finally {
      await pet('/web/userFollower/modifyFollowerShareFlag', { followerId: vetRelation.id, shareFlag: 1 });
      await upload(140);
      await context.close();
    }
  });
});
