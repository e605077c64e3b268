import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { baseUrl, call, PASSWORD, registerPlayer, signedInPage, signIn } from './api';
import { dialog, launchBrowser, newPage, screenshot } from './browser';

/**
 * Account information and control (docs/player-protection.md, "Account information and
 * closure"): a player who signs in sees when they last signed in, downloads their data
 * from /profile/security and closes the account, which signs them out for good.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const headerSignIn = (page: Page) => page.locator('header').getByRole('button', { name: 'Sign in', exact: true });
const userMenuButton = (page: Page) => page.locator('.auth-user__button');
const toast = (page: Page, title: string) => page.locator('.toast__item', { hasText: title });
const closureDialog = (page: Page) => page.locator('dialog.account-dialog');

/** When the session of `token` signed in (the sessions list marks it current). */
async function lastLoginOf(token: string | undefined): Promise<string> {
  const sessions = await call<{ isCurrent: boolean; createdAt: string }[]>('GET', '/api/player/sessions', { token });
  const current = sessions.body.data?.find((s) => s.isCurrent);
  if (!current) throw new Error('no current session');
  return current.createdAt;
}

async function signInThroughModal(page: Page, email: string, password: string) {
  await headerSignIn(page).click();
  await signInWithin(page, email, password);
}

/** Fills and sends the open sign-in modal. */
async function signInWithin(page: Page, email: string, password: string) {
  const scope = dialog(page, 'sign-in');
  await scope.waitFor();
  await expect.poll(() => scope.getAttribute('data-state')).toBe('opened');
  await scope.getByRole('tab', { name: 'E-mail', exact: true }).click();
  await scope.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await scope.getByLabel('Password', { exact: true }).fill(password);
  await scope.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('account information and control', () => {
  it('shows the previous sign-in, downloads the data and closes the account', async () => {
    const player = await registerPlayer('account-control');
    // The first sign-in: the browser's sign-in is the second and names this one.
    const first = await signIn(player.email, PASSWORD);
    expect(first.status).toBe(200);
    const profile = await call<{ previousLoginAt: string | null }>('GET', '/api/player/profile', {
      token: first.body.data?.accessToken,
    });
    expect(profile.status).toBe(200);
    const firstSignInAt = await lastLoginOf(first.body.data?.accessToken);

    const { page, context, errors } = await newPage(browser);
    await context.addInitScript(() => localStorage.setItem('cookies-accepted', 'true'));
    await page.goto(`${baseUrl}/`);
    await headerSignIn(page).waitFor();
    await signInThroughModal(page, player.email, PASSWORD);
    await userMenuButton(page).waitFor();
    const welcome = toast(page, 'Welcome back');
    await welcome.waitFor();
    const toastText = (await welcome.textContent()) ?? '';
    expect(toastText).toContain('Last signed in');
    await screenshot(page, 'account-previous-sign-in-toast-1440', { fullPage: false });

    // The profile says the same: the time of the API's sign-in, the one before this.
    await page.goto(`${baseUrl}/profile/security`);
    const previous = page.getByTestId('previous-sign-in');
    await previous.waitFor();
    const previousText = (await previous.textContent()) ?? '';
    expect(previousText).not.toBe('This is your first sign-in.');
    expect(toastText).toContain(previousText);
    // …and it is the API's sign-in, in the browser's words.
    expect(previousText).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(firstSignInAt)),
    );

    // Download my data: a JSON file with the player's own profile.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^croupier-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      profile: { id: string; email: string };
      sessions: { playerId: string }[];
    };
    expect(data.profile).toMatchObject({ id: player.id, email: player.email });
    expect(data.sessions.length).toBeGreaterThanOrEqual(3);
    expect(data.sessions.every((s) => s.playerId === player.id)).toBe(true);
    await toast(page, 'Download ready').waitFor();
    const card = page.locator('.account-control');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'account-control-1440');

    // Close my account: a reason, the password and the positive confirmation.
    const open = page.getByRole('button', { name: 'Close my account' });
    await open.click();
    const modal = closureDialog(page);
    await modal.waitFor();
    // The safe choice has the focus; Escape keeps the account and gives the focus back.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep my account');
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Close my account');

    await open.click();
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Close my account' }).click();
    await expect.poll(() => modal.getByText('Tick the box to confirm.').count()).toBe(3);
    await modal.getByLabel('Why are you leaving?').selectOption('gambling');
    await modal.getByTestId('gambling-help').waitFor();
    await modal.getByLabel('Anything you want to tell us (optional)').fill('Taking a break for good.');
    await modal.getByLabel('Your password', { exact: true }).fill('not-the-password');
    await modal.getByRole('checkbox').check();
    await modal.getByRole('button', { name: 'Close my account' }).click();
    await modal.getByText('The password is wrong.').waitFor();
    expect(await modal.getByLabel('Your password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'account-close-dialog-1440', { fullPage: false });

    await modal.getByLabel('Your password', { exact: true }).fill(PASSWORD);
    await modal.getByRole('button', { name: 'Close my account' }).click();
    await toast(page, 'Account closed').waitFor();
    await expect.poll(() => userMenuButton(page).count()).toBe(0);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    // No "session expired" notice and no sign-in modal: this sign-out was the player's own doing.
    expect(await toast(page, 'Session expired').count()).toBe(0);
    expect(new URL(page.url()).searchParams.has('sign-in')).toBe(false);
    expect(await dialog(page, 'sign-in').count()).toBe(0);
    await page.locator('header.header').waitFor();
    await screenshot(page, 'account-closed-1440', { fullPage: false });

    // Signing in again is refused with its own notice.
    await headerSignIn(page).click();
    await signInWithin(page, player.email, PASSWORD);
    await page.locator('.toast__item', { hasText: 'This account is closed.' }).waitFor();
    const refused = await signIn(player.email, PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe(11007);
    // The refusals on the way (401, 403, 422) are expected answers; nothing else may fail.
    expect(errors.filter((e) => !/status of 4(01|03|22)/.test(e))).toEqual([]);
  }, 180_000);

  it('fits a phone: the account card and the closure dialog at 390 px', async () => {
    const player = await registerPlayer('account-phone');
    const { page } = await signedInPage(browser, player.token, { width: 390, height: 844 });
    await page.goto(`${baseUrl}/profile/security`);
    const card = page.locator('.account-control');
    await card.waitFor();
    expect(await page.getByTestId('previous-sign-in').textContent()).toBe('This is your first sign-in.');
    await card.scrollIntoViewIfNeeded();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await screenshot(page, 'account-control-390');
    await page.getByRole('button', { name: 'Close my account' }).click();
    await closureDialog(page).waitFor();
    await screenshot(page, 'account-close-dialog-390', { fullPage: false });
    const box = await closureDialog(page).boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
  });
});
