import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { APPS, appUrl } from '../apps';
import { translated } from '../catalog';
import { apiToken, expectSignedIn, nightscoutUploader, signIn, type AccountName } from '../demo';
import { deliverPush, serviceWorkerControls, shownNotifications } from '../service-worker';

/**
 * Issue 20, the page side: each app an installable PWA that opens offline with its last data;
 * the live page (a new reading within 2 s, alarms, sound, acknowledgement across contexts);
 * pushes shown by the service worker in the recipient's language.
 */

const [human16] = APPS;
const en = (key: string) => translated('en', key);

const hex = (rgb: string) =>
  '#' +
  rgb
    .match(/\d+/g)!
    .slice(0, 3)
    .map((n) => Number(n).toString(16).padStart(2, '0'))
    .join('');

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

async function signedInContext(browser: Browser, account: AccountName, options: { rememberMe?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto(appUrl(human16, '/login'));
  await page.evaluate(() => localStorage.setItem('hippoLang', 'en'));
  await signIn(page, human16, account, options);
  await expectSignedIn(page);
  return { context, page };
}

test.describe('installable app', () => {
  for (const app of APPS) {
    test(`${app.id} has its own manifest and icons, and a service worker that keeps the shell`, async ({ page }) => {
      await page.goto(appUrl(app, '/login'));
      const href = await page.locator('link[rel=manifest]').getAttribute('href');
      expect(href).toBe('/manifest.webmanifest');
      const manifest = await (await page.request.get(appUrl(app, href!))).json();
      expect(manifest).toMatchObject({ name: app.logoText, display: 'standalone', start_url: '/', theme_color: hex(app.sidebarBg) });
      await expect(page.locator('meta[name=theme-color]')).toHaveAttribute('content', hex(app.sidebarBg));
      for (const size of [192, 512]) {
        const icon = manifest.icons.find((i: { sizes: string; purpose: string }) => i.sizes === `${size}x${size}` && i.purpose === 'any');
        const response = await page.request.get(appUrl(app, icon.src));
        expect(response.headers()['content-type']).toBe('image/png');
        expect(pngSize(await response.body())).toEqual([size, size]);
      }
      await serviceWorkerControls(page);
      const cached = await page.evaluate(async () => {
        const names = await caches.keys();
        const cache = await caches.open(names.find((n) => n.startsWith('cgm-portal-shell-'))!);
        const scripts = [...document.querySelectorAll<HTMLScriptElement>('script[type=module][src]')].map((s) => new URL(s.src).pathname);
        return { page: (await cache.match('/')) !== undefined, scripts: await Promise.all(scripts.map(async (s) => (await cache.match(s)) !== undefined)) };
      });
      expect(cached.page).toBe(true);
      expect(cached.scripts.length).toBeGreaterThan(0);
      expect(cached.scripts.every(Boolean)).toBe(true);
    });
  }

  test('offline, the app opens with the last data and says there is no connection', async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'human', { rememberMe: true });
    await expect(page.getByTestId('latest-value')).toHaveText(/\d/, { timeout: 15_000 });
    const shown = await page.getByTestId('latest-value').textContent();
    await serviceWorkerControls(page);
    // The last data is saved within a couple of seconds of arriving.
    await page.waitForFunction(() => (localStorage.getItem('queryCache') ?? '').includes('"readings"'), undefined, { timeout: 10_000 });
    await expect(page.getByTestId('no-connection')).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('no-connection')).toContainText(en('liveAlerts.connection.offlineTitle'));
    await expect(page.getByTestId('latest-value')).toHaveText(shown!);

    await context.setOffline(false);
    await expect(page.getByTestId('no-connection')).toHaveCount(0);
    await context.close();
  });
});

test.describe('push', () => {
  test('the service worker shows a pushed alarm as the server wrote it', async ({ browser }) => {
    const context = await browser.newContext();
    await context.grantPermissions(['notifications'], { origin: appUrl(human16, '/').replace(/\/$/, '') });
    const page = await context.newPage();
    await page.goto(appUrl(human16, '/login'));
    await serviceWorkerControls(page);
    await deliverPush(page, JSON.stringify({ title: 'انخفاض حاد 2.8 mmol/L', body: 'x', tag: 'alarm-1', lang: 'ar', dir: 'rtl' }));
    await expect.poll(() => shownNotifications(page)).toEqual([{ title: 'انخفاض حاد 2.8 mmol/L', body: 'x', lang: 'ar', dir: 'rtl', tag: 'alarm-1' }]);
    await context.close();
  });
});

/** Uploads one reading as a phone app does, for one of the demo accounts. */
const liveUploader = async (account: AccountName) => nightscoutUploader(await apiToken(account), { label: 'e2e live', device: 'e2e-live', direction: 'Flat' });

/** mg/dL as the demo member's mmol/L monitor shows it. */
const mmol = (mgdl: number) => (mgdl / 18).toFixed(1);

/** Records every beep the page's Web Audio plays, by frequency. */
const RECORD_TONES = () => {
  const w = window as unknown as { __tones: number[] };
  w.__tones = [];
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
    w.__tones.push(this.frequency.value);
    return start.apply(this, args);
  };
};
const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number[] }).__tones.length);

async function liveOpen(page: Page) {
  await expect(page.locator('[data-live="open"]')).toBeAttached({ timeout: 15_000 });
}

test.describe('live page', () => {
  test('a reading uploaded through the Nightscout API is on the follower\'s open home page within 2 s, with no reload', async ({ browser }) => {
    const upload = await liveUploader('human');
    const { context, page } = await signedInContext(browser, 'follower');
    await expect(page.getByTestId('latest-glucose')).toHaveText(/\d/, { timeout: 15_000 });
    await liveOpen(page);
    const before = await page.getByTestId('latest-glucose').textContent();
    const value = [187, 191, 196].find((v) => mmol(v) !== before)!;
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));

    const started = Date.now();
    await upload(value);
    await expect(page.getByTestId('latest-glucose')).toHaveText(mmol(value), { timeout: 2_000 });
    test.info().annotations.push({ type: 'upload accepted → on screen', description: `${Date.now() - started} ms` });
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    await context.close();
  });

  test('an urgent low rings in both contexts; an acknowledgement in one clears it in the other', async ({ browser }) => {
    const upload = await liveUploader('human');
    const follower = await signedInContext(browser, 'follower');
    await follower.context.addInitScript(RECORD_TONES);
    await follower.page.reload();
    const member = await signedInContext(browser, 'human');
    await liveOpen(follower.page);
    await liveOpen(member.page);
    const bell = (page: Page) => page.getByTestId('alarm-count');
    await expect(bell(follower.page)).toHaveAttribute('data-count', '0');

    await upload(45);
    await expect(bell(follower.page)).toHaveAttribute('data-count', '1', { timeout: 5_000 });
    await expect(bell(member.page)).toHaveAttribute('data-count', '1', { timeout: 5_000 });
    await expect.poll(() => tones(follower.page)).toBeGreaterThan(0);

    await bell(follower.page).click();
    const followerAlarm = follower.page.getByTestId('alarm-centre').getByTestId('alarm-item');
    await expect(followerAlarm).toHaveAttribute('data-kind', 'urgentLow');
    await expect(followerAlarm).toHaveAttribute('data-state', 'ringing');
    await expect(followerAlarm.getByTestId('alarm-glucose')).toContainText(mmol(45));

    await bell(member.page).click();
    await member.page.getByTestId('alarm-centre').getByRole('button', { name: en('liveAlerts.alarms.acknowledge') }).click();

    await expect(followerAlarm).toHaveAttribute('data-state', 'acknowledged', { timeout: 5_000 });
    await expect(followerAlarm.getByTestId('alarm-acknowledged-by')).toContainText('Alex Morgan');
    await expect(bell(follower.page)).toHaveAttribute('data-count', '0');
    // The sound stops with the acknowledgement.
    const heard = await tones(follower.page);
    await follower.page.waitForTimeout(2_500);
    expect(await tones(follower.page)).toBe(heard);

    // Back in range, so the rest of the suite starts without an alarm.
    await upload(120);
    await follower.context.close();
    await member.context.close();
  });
});

test.describe('night mode', () => {
  test("the follower's monitor goes dark and large, by keyboard, right to left in Arabic", async ({ browser }) => {
    const { context, page } = await signedInContext(browser, 'follower');
    await page.evaluate(() => localStorage.setItem('hippoLang', 'ar'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const open = page.getByTestId('night-mode');
    await expect(open).toHaveText(translated('ar', 'liveAlerts.nightMode.open'), { timeout: 15_000 });
    await open.focus();
    await page.keyboard.press('Enter');
    const night = page.getByTestId('night-monitor');
    await expect(night).toBeVisible();
    await expect(night.getByTestId('night-glucose')).toHaveText(/\d/);
    // Chromium grants the wake lock or refuses it (headless, battery saver): either way the page says which.
    const state = await night.getAttribute('data-wake-lock');
    const said = { held: 'awake', denied: 'awakeDenied', off: 'awakeLost', unsupported: 'awakeUnsupported' }[state as 'held'];
    await expect(night.getByTestId('night-wake-lock')).toHaveText(translated('ar', `liveAlerts.nightMode.${said}`));
    await expect(page.getByRole('button', { name: translated('ar', 'liveAlerts.nightMode.exit') })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(night).toHaveCount(0);
    await context.close();
  });
});
