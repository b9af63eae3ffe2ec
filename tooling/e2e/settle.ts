import type { Page } from '@playwright/test';

/**
 * Waiting for a page to be still. Playwright's 'networkidle' never comes on a signed-in page:
 * the live stream (/api/live) stays open for as long as the page does, so every wait for it ran
 * out its whole timeout. These helpers count the page's own requests with the stream left out.
 */
const inFlightOf = new WeakMap<Page, Set<unknown>>();

/** Starts counting a page's requests in flight; call once, right after the page is made. */
export function trackRequests(page: Page) {
  const inFlight = new Set<unknown>();
  const counts = (url: string) => !new URL(url).pathname.startsWith('/api/live');
  page.on('request', (request) => {
    if (counts(request.url())) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  inFlightOf.set(page, inFlight);
}

/** No request in flight for half a second (waiting at most `timeout` ms): the page's data is in. */
export async function networkQuiet(page: Page, timeout = 15_000) {
  const inFlight = inFlightOf.get(page);
  if (!inFlight) throw new Error('networkQuiet needs trackRequests(page) first');
  const deadline = Date.now() + timeout;
  for (let quietSince = Date.now(); Date.now() < deadline; await page.waitForTimeout(100)) {
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
  }
}

/** Data in, then two frames so charts have measured their boxes. */
export async function settle(page: Page, timeout?: number) {
  await networkQuiet(page, timeout);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
