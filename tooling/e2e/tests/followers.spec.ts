import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { APPS, appUrl } from '../apps';
import { translated } from '../catalog';
import { ACCOUNTS, callApi, currentToken, expectSignedIn, signIn, type AccountName } from '../demo';

/**
 * Sharing, both sides at once (spec §2 Follower management, Doctor views; §4; §6): the CGM user
 * and a follower each in their own browser context against the real server. Tests share one
 * database, so each builds the relation it needs and leaves the seed as it found it:
 * demo@ is followed by follower@ (approved, sharing) and has a pending request from doctor@;
 * stranger@ follows nobody.
 */

const [app] = APPS; // human-16-lang, English by default
const en = (key: string) => translated('en', key);
/** Spec §9: the follower screens refresh every 30 s; one refresh plus the request's own time. */
const ONE_REFRESH = 40_000;
const HOUR = 3_600_000;

async function signedInPage(browser: Browser, account: AccountName, path?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, app, account);
  await expectSignedIn(page);
  if (path) await page.goto(appUrl(app, path));
  return page;
}

async function tokenOf(page: Page): Promise<string> {
  const token = await currentToken(page);
  expect(token).toBeTruthy();
  return token!;
}

async function memberIdOf(page: Page): Promise<number> {
  const info = await callApi('/web/user/getUserInfo', {}, { xToken: await tokenOf(page) });
  expect(info.code).toBe(200);
  return (info.item as { memberId: number }).memberId;
}

const followerRow = (page: Page, account: AccountName) => page.locator(`tr[data-follower-email="${ACCOUNTS[account].email}"]`);
const followingRow = (page: Page, account: AccountName) => page.locator(`tr[data-member-email="${ACCOUNTS[account].email}"]`);

/** Clicks an action, checks that it asks first (an alertdialog with the question), confirms. */
async function confirmAction(page: Page, button: Locator, questionKey: string) {
  await button.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(en(questionKey));
  await dialog.getByRole('button', { name: en('common.confirm') }).click();
  await expect(dialog).toBeHidden();
}

async function sendFollowRequest(page: Page, memberAccount: AccountName, message: string) {
  await page.goto(appUrl(app, '/follow'));
  await page.getByRole('button', { name: en('followers.requestToFollow') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(en('followers.memberEmail')).fill(ACCOUNTS[memberAccount].email);
  await dialog.getByLabel(en('followers.message')).fill(message);
  await dialog.getByRole('button', { name: en('followers.sendRequest') }).click();
  await expect(dialog).toBeHidden();
  await expect(followingRow(page, memberAccount)).toContainText(en('followers.statuses.pending'));
}

async function expectMonitorShowsData(page: Page, timeout = 15_000) {
  await expect(page.getByTestId('monitor-panel')).toBeVisible({ timeout });
  await expect(page.getByTestId('latest-glucose')).toHaveText(/\d/);
  await expect(page.getByTestId('chart-panel').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('access-refused')).toHaveCount(0);
}

async function expectMonitorRefused(page: Page, reasonKey: string, timeout = ONE_REFRESH) {
  await expect(page.getByTestId('access-refused')).toContainText(en(reasonKey), { timeout });
  // The last data is gone, not merely covered.
  await expect(page.getByTestId('monitor-panel')).toHaveCount(0);
  await expect(page.getByTestId('latest-glucose')).toHaveCount(0);
}

test('request → approve → the follower sees the data → stop sharing → access lost → start sharing → remove', async ({ browser }) => {
  test.setTimeout(240_000);
  const follower = await signedInPage(browser, 'stranger');
  const member = await signedInPage(browser, 'human', '/follower');
  const demoId = await memberIdOf(member);

  // The follower asks by e-mail with a message.
  await sendFollowRequest(follower, 'human', 'Jordan here, your night-time carer');
  await follower.goto(appUrl(app, '/followerRequest'));
  await expect(followingRow(follower, 'human')).toContainText(en('followers.statuses.pending'));
  // Pending is not access: the follower home has nobody to show.
  await follower.goto(appUrl(app, '/home'));
  await expect(follower.getByText(en('home.noSharedUsers'))).toBeVisible();

  // The member sees the request (live list, no reload needed beyond one refresh) and approves it.
  const row = followerRow(member, 'stranger');
  await expect(row).toBeVisible({ timeout: ONE_REFRESH });
  await expect(row).toContainText('Jordan here, your night-time carer');
  await expect(row).toContainText(en('followers.statuses.pending'));
  await expect(row).toContainText(en('followers.notSharing'));
  await confirmAction(member, row.getByRole('button', { name: en('followers.approve') }), 'followers.approveConfirm');
  await expect(row).toContainText(en('followers.statuses.approved'));
  await expect(row).toContainText(en('followers.sharing'));
  await expect(row).toContainText(en('followers.never')); // has not fetched data yet

  // The follower now sees the member's chart and monitor panels.
  await follower.reload();
  await expectMonitorShowsData(follower);
  await expect(follower.getByTestId('shared-member-name')).toContainText('Alex Morgan');
  // ... and the member sees when the follower last fetched the data.
  await expect(row).not.toContainText(en('followers.never'), { timeout: ONE_REFRESH });

  // Stop sharing: the follower's open screen loses the data within one refresh and says why.
  await confirmAction(member, row.getByRole('button', { name: en('followers.stopSharing') }), 'followers.stopSharingConfirm');
  await expect(row).toContainText(en('followers.notSharing'));
  await expectMonitorRefused(follower, 'followers.noLongerShared');
  const token = await tokenOf(follower);
  const refused = await callApi('/web/glucose/loadReadings', { memberId: demoId, from: Date.now() - HOUR, to: Date.now() }, { xToken: token });
  expect(refused.code).toBe(403);
  expect(refused.item).toBeUndefined();

  // Start sharing again: the data comes back on the open screen by itself.
  await confirmAction(member, row.getByRole('button', { name: en('followers.startSharing') }), 'followers.startSharingConfirm');
  await expect(row).toContainText(en('followers.sharing'));
  await expectMonitorShowsData(follower, ONE_REFRESH);

  // The detail view works for the approved, sharing follower.
  await follower.goto(appUrl(app, `/doctorDetail/${demoId}`));
  await expect(follower.getByTestId('doctor-detail')).toBeVisible();
  await expect(follower.getByTestId('detail-statistics')).toBeVisible();
  await follower.goto(appUrl(app, '/home'));
  await expectMonitorShowsData(follower);

  // Remove: gone from the member's list, and the follower's screen loses access.
  await confirmAction(member, row.getByRole('button', { name: en('followers.remove') }), 'followers.removeConfirm');
  await expect(row).toHaveCount(0);
  await expectMonitorRefused(follower, 'followers.noLongerShared');
  await follower.goto(appUrl(app, '/follow'));
  await expect(followingRow(follower, 'human')).toHaveCount(0);

  await follower.context().close();
  await member.context().close();
});

test('reject: the follower sees the rejection and gets no data; withdrawing restores a clean slate', async ({ browser }) => {
  test.setTimeout(120_000);
  const follower = await signedInPage(browser, 'stranger');
  const member = await signedInPage(browser, 'human', '/follower');
  const demoId = await memberIdOf(member);

  await sendFollowRequest(follower, 'human', 'May I follow?');
  // The live refresh is covered above; here the member simply reloads.
  await member.reload();
  const row = followerRow(member, 'stranger');
  await expect(row).toBeVisible();
  await confirmAction(member, row.getByRole('button', { name: en('followers.reject') }), 'followers.rejectConfirm');
  await expect(row).toContainText(en('followers.statuses.rejected'));

  await follower.goto(appUrl(app, '/followerRequest'));
  await expect(followingRow(follower, 'human')).toContainText(en('followers.statuses.rejected'));
  await follower.goto(appUrl(app, `/doctorDetail/${demoId}`));
  await expect(follower.getByTestId('access-refused')).toContainText(en('followers.notSharedWithYou'));
  const answer = await callApi('/web/follower/loadMemberInfoById', { memberId: demoId }, { xToken: await tokenOf(follower) });
  expect(answer.code).toBe(403);

  // Withdrawing the rejected request is confirmed too, and removes the row on both sides.
  await follower.goto(appUrl(app, '/followerRequest'));
  await confirmAction(follower, followingRow(follower, 'human').getByRole('button', { name: en('followers.withdraw') }), 'followers.unfollowConfirm');
  await expect(followingRow(follower, 'human')).toHaveCount(0);
  await member.reload();
  await expect(followerRow(member, 'follower')).toBeVisible();
  await expect(row).toHaveCount(0);

  await follower.context().close();
  await member.context().close();
});

test('the member adds a follower (acknowledgement required); the follower unfollows with confirmation', async ({ browser }) => {
  test.setTimeout(120_000);
  const member = await signedInPage(browser, 'human', '/follower');
  const follower = await signedInPage(browser, 'stranger');
  await expect(member.getByTestId('follower-count')).toBeVisible();
  const countBefore = await member.getByTestId('follower-count').innerText();

  await member.getByRole('button', { name: en('followers.add') }).click();
  const dialog = member.getByRole('dialog');
  await dialog.getByLabel(en('followers.email')).fill(ACCOUNTS.stranger.email);
  await dialog.getByLabel(en('followers.message')).fill('Weekend carer');
  await dialog.getByRole('button', { name: en('followers.add') }).click();
  // Without the acknowledgement nothing is sent.
  await expect(dialog.getByText(en('validation.acknowledgeSharing'))).toBeVisible();
  await dialog.getByText(en('followers.acknowledgeSharing')).click();
  await dialog.getByRole('button', { name: en('followers.add') }).click();
  await expect(dialog).toBeHidden();
  const row = followerRow(member, 'stranger');
  await expect(row).toContainText('Weekend carer');
  await expect(row).toContainText(en('followers.statuses.approved'));
  await expect(member.getByTestId('follower-count')).not.toHaveText(countBefore);

  // The follower sees the data at once, then unfollows after confirming.
  await follower.goto(appUrl(app, '/home'));
  await expectMonitorShowsData(follower);
  await follower.getByRole('button', { name: en('followers.unfollow') }).click();
  const confirm = follower.getByRole('alertdialog');
  await expect(confirm).toContainText(en('followers.unfollowConfirm'));
  await confirm.getByRole('button', { name: en('common.cancel') }).click();
  await expectMonitorShowsData(follower);
  await confirmAction(follower, follower.getByRole('button', { name: en('followers.unfollow') }), 'followers.unfollowConfirm');
  await expect(follower.getByText(en('home.noSharedUsers'))).toBeVisible();
  await expect(row).toHaveCount(0, { timeout: ONE_REFRESH });
  await expect(member.getByTestId('follower-count')).toHaveText(countBefore);

  await follower.context().close();
  await member.context().close();
});

test('a note typed while the list refreshes is kept, saved and shown; search by account', async ({ browser }) => {
  test.setTimeout(120_000);
  const member = await signedInPage(browser, 'human', '/follower');
  const row = followerRow(member, 'follower');
  await expect(row).toContainText('Partner');

  await row.getByRole('button', { name: en('followers.setNote') }).click();
  const dialog = member.getByRole('dialog');
  const note = dialog.getByLabel(en('followers.note'));
  await note.fill('Partner, night checks');
  // Wait for a live refresh of the list underneath the open dialog.
  await member.waitForResponse((r) => r.url().includes('/web/userFollower/loadFollowerList'), { timeout: ONE_REFRESH });
  await expect(note).toHaveValue('Partner, night checks');
  await dialog.getByRole('button', { name: en('common.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Partner, night checks');

  // Search by account narrows the list; an empty search shows everyone again.
  const search = member.getByRole('searchbox', { name: en('followers.searchByAccount') });
  await search.fill('doctor@');
  await search.press('Enter');
  await expect(followerRow(member, 'doctor')).toBeVisible();
  await expect(row).toHaveCount(0);
  await search.fill('');
  await search.press('Enter');
  await expect(row).toBeVisible();

  // Restore the seeded note.
  await row.getByRole('button', { name: en('followers.setNote') }).click();
  await member.getByRole('dialog').getByLabel(en('followers.note')).fill('Partner');
  await member.getByRole('dialog').getByRole('button', { name: en('common.save') }).click();
  await expect(row.getByRole('cell', { name: 'Partner', exact: true })).toBeVisible();
  await member.context().close();
});

test('accounts that were never approved cannot open the member’s data by URL or by the API', async ({ browser }) => {
  const member = await signedInPage(browser, 'human');
  const demoId = await memberIdOf(member);
  const now = Date.now();

  // doctor@ has only a pending request to demo@; stranger@ has nothing at all.
  for (const account of ['doctor', 'stranger'] as const) {
    const page = await signedInPage(browser, account, `/doctorDetail/${demoId}`);
    await expect(page.getByTestId('access-refused')).toContainText(en('followers.notSharedWithYou'));
    await expect(page.getByTestId('doctor-detail')).toHaveCount(0);
    const xToken = await tokenOf(page);
    for (const [path, body] of [
      ['/web/glucose/loadReadings', { memberId: demoId, from: now - 24 * HOUR, to: now }],
      ['/web/follower/loadMemberInfoById', { memberId: demoId }],
      ['/web/userReport/loadReport', { memberId: demoId, from: now - 14 * 24 * HOUR, to: now }],
    ] as const) {
      const answer = await callApi(path, body, { xToken });
      expect(answer.code, `${account} ${path}`).toBe(403);
      expect(answer.item, `${account} ${path}`).toBeUndefined();
    }
    await page.context().close();
  }

  // The approved, sharing follower gets the same calls answered (the refusals above are about access).
  const follower = await signedInPage(browser, 'follower');
  const ok = await callApi('/web/glucose/loadReadings', { memberId: demoId, from: now - HOUR, to: now }, { xToken: await tokenOf(follower) });
  expect(ok.code).toBe(200);
  expect((ok.item as { readings: unknown[] }).readings.length).toBeGreaterThan(0);

  // Without any session the public route asks to sign in and shows nothing.
  const anonymous = await (await browser.newContext()).newPage();
  await anonymous.goto(appUrl(app, `/doctorDetail/${demoId}`));
  await expect(anonymous.getByTestId('sign-in-required')).toBeVisible();
  await expect(anonymous.getByTestId('monitor-panel')).toHaveCount(0);

  await Promise.all([member, follower, anonymous].map((p) => p.context().close()));
});

test('follower screens pass axe (serious and critical), confirmations included', async ({ browser }) => {
  test.setTimeout(120_000);
  // A dialog fades in: axe measuring its buttons mid-fade reads blended colours (white on red as
  // 4.22:1 instead of 4.8:1), so every animation is let finish first.
  const axeWhenStill = async (page: Page) => {
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    return new AxeBuilder({ page }).analyze();
  };
  const serious = (violations: { impact?: string | null; id: string; nodes: { target: unknown }[] }[]) =>
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target) }));
  const member = await signedInPage(browser, 'human', '/follower');
  await expect(followerRow(member, 'follower')).toBeVisible();
  expect(serious((await axeWhenStill(member)).violations)).toEqual([]);
  await followerRow(member, 'follower').getByRole('button', { name: en('followers.stopSharing') }).click();
  await expect(member.getByRole('alertdialog')).toBeVisible();
  expect(serious((await axeWhenStill(member)).violations)).toEqual([]);
  await member.getByRole('alertdialog').getByRole('button', { name: en('common.cancel') }).click();
  await member.getByRole('button', { name: en('followers.add') }).click();
  await expect(member.getByRole('dialog')).toBeVisible();
  expect(serious((await axeWhenStill(member)).violations)).toEqual([]);

  const follower = await signedInPage(browser, 'follower', '/home');
  await expectMonitorShowsData(follower);
  expect(serious((await axeWhenStill(follower)).violations)).toEqual([]);
  await follower.goto(appUrl(app, `/doctorDetail/${await memberIdOf(member)}`));
  await expect(follower.getByTestId('detail-statistics')).toBeVisible();
  expect(serious((await axeWhenStill(follower)).violations)).toEqual([]);
  for (const path of ['/follow', '/followerRequest']) {
    await follower.goto(appUrl(app, path));
    await expect(followingRow(follower, 'human')).toBeVisible();
    expect(serious((await axeWhenStill(follower)).violations)).toEqual([]);
  }
  await Promise.all([member, follower].map((p) => p.context().close()));
});
