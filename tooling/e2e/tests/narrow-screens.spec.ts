import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { APPS, appUrl, type AppUnderTest } from '../apps';
import { expectSignedIn, signIn, type AccountName } from '../demo';
import { settle, trackRequests } from '../settle';

const [human16, , pet] = APPS;

/** Every screen a signed-in member reaches from the menu, and the public ones. */
const MEMBER_ROUTES = ['/home', '/sessionReport', '/report', '/report/agp', '/follower', '/follow', '/followerRequest', '/eventList', '/settings', '/user/profile', '/404'];
const PUBLIC_ROUTES = ['/login', '/forget'];

/** A phone held upright: the narrowest width the portal is made for. */
const NARROW = { width: 360, height: 780 };

/** The document and every card that is wider than its box, by how much (px). */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const over: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) over.push(`document ${root.scrollWidth} > ${root.clientWidth}`);
    for (const card of Array.from(document.querySelectorAll<HTMLElement>('.chakra-card__root, .agp-page'))) {
      if (card.scrollWidth > card.clientWidth + 1) {
        const name = card.getAttribute('aria-label') ?? card.dataset.testid ?? card.dataset.pageKind ?? card.className.slice(0, 40);
        over.push(`card "${name}" ${card.scrollWidth} > ${card.clientWidth}`);
      }
    }
    return over;
  });
}

async function signedInPage(browser: Browser, app: AppUnderTest, account: AccountName, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  trackRequests(page);
  await page.goto(appUrl(app, '/login'));
  await page.evaluate(() => localStorage.setItem('hippoLang', 'en'));
  await signIn(page, app, account);
  await expectSignedIn(page);
  return page;
}

for (const [app, account, languages] of [
  [human16, 'human', ['en', 'ar', 'hy']],
  [pet, 'pet', ['en']],
] as [AppUnderTest, AccountName, string[]][]) {
  for (const lang of languages) {
    test(`${app.id} in ${lang}: every screen fits 360 px without sideways scroll`, async ({ browser }) => {
      test.setTimeout(120_000);
      const page = await signedInPage(browser, app, account, NARROW);
      await page.evaluate((l) => localStorage.setItem('hippoLang', l), lang);
      const found: string[] = [];
      for (const route of MEMBER_ROUTES) {
        await page.goto(appUrl(app, route));
        await settle(page);
        for (const problem of await sidewaysOverflow(page)) found.push(`${route}: ${problem}`);
        if (route === '/report/agp') {
          // The daily detail too: its tables are the widest thing in the portal.
          await page.getByTestId('report-detail').selectOption('full');
          await settle(page);
          for (const problem of await sidewaysOverflow(page)) found.push(`${route} with detail: ${problem}`);
        }
      }
      await page.evaluate(() => {
        sessionStorage.clear();
        localStorage.removeItem('xToken');
      });
      for (const route of PUBLIC_ROUTES) {
        await page.goto(appUrl(app, route));
        await settle(page);
        for (const problem of await sidewaysOverflow(page)) found.push(`${route}: ${problem}`);
      }
      expect(found).toEqual([]);
      await page.context().close();
    });
  }
}

test('axe finds no serious or critical violation on any screen (English, 1280 px)', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, human16, 'human', { width: 1280, height: 900 });
  const found: string[] = [];
  for (const route of MEMBER_ROUTES) {
    await page.goto(appUrl(human16, route));
    await settle(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      found.push(`${route} ${v.impact} ${v.id}: ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 120)}`).join(' | ')}`);
    }
  }
  expect(found).toEqual([]);
  await page.context().close();
});
