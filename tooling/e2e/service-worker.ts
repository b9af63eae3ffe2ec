import type { Page } from '@playwright/test';

/**
 * The page's service worker seen from a test: whether it controls the page, the notifications it
 * shows, and a push delivered to it through the DevTools Protocol as a browser's push service
 * delivers one.
 */

/** Waits until the service worker controls the page (it claims clients when it activates). */
export async function serviceWorkerControls(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

export interface ShownNotification {
  title: string;
  body: string;
  lang: string;
  dir: string;
  tag: string;
}

/** The notifications the page's service worker shows now. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, lang: n.lang, dir: n.dir, tag: n.tag })),
  );
}

/**
 * Hands `data` to the page's service worker as its push event (ServiceWorker.deliverPushMessage),
 * and waits until the notifications it shows change. A push service delivers again a message
 * that was not taken; DevTools does not, and under a loaded CI machine one delivery in a few
 * hundred reached a worker that was just stopping and was lost. So an unanswered delivery is
 * made again, up to three times; a worker that never shows the push still fails the caller's check.
 */
export async function deliverPush(page: Page, data: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const cdp = await page.context().newCDPSession(page);
  try {
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const id = await registrationId;
    const before = JSON.stringify(await shownNotifications(page));
    for (let attempt = 0; attempt < 3; attempt++) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data });
      for (const deadline = Date.now() + 5_000; Date.now() < deadline; await page.waitForTimeout(200)) {
        if (JSON.stringify(await shownNotifications(page)) !== before) return;
      }
    }
  } finally {
    await cdp.detach();
  }
}
