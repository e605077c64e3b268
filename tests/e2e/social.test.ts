import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import path from 'node:path';
import { artifactsDir, launchBrowser, newPage } from './browser';

/**
 * Social sign-in in the browser through the local sandbox providers (issue 4): the
 * sign-in modal's social button, the sandbox issuer's page, the return to the web app's
 * callback page and the player signed in; an unverified e-mail sending the player back
 * to sign-in with its message; Telegram through its sandbox page (global-setup turns
 * Telegram on with this server as the auth URL).
 */

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const run = `${Date.now().toString(36)}${randomInt(1000, 9999)}`;
let serial = 0;
function uniqueEmail(label: string): string {
  serial += 1;
  return `${label}.${run}.${serial}@example.com`;
}

/** What the player sees (the viewport), not the whole scrolled page. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(artifactsDir, 'screenshots', `${name}.png`) });
}

const dialog = (page: Page, name: string) => page.locator(`[role="dialog"][data-modal-name="${name}"]`);
const userMenuButton = (page: Page) => page.locator('.auth-user__button');

async function alertTexts(): Promise<Record<string, { title: string; description: string }>> {
  const response = await fetch(`${baseUrl}/api/content/groups/alerts?locale=en`);
  return ((await response.json()) as { data: Record<string, { title: string; description: string }> }).data;
}

/** Opens the sign-in modal over the casino page and clicks a social button. */
async function startFromSignIn(page: Page, provider: string) {
  await page.goto(`${baseUrl}/casino?sign-in=true`);
  await dialog(page, 'sign-in').waitFor();
  await expect.poll(() => dialog(page, 'sign-in').getAttribute('data-state')).toBe('opened');
  const button = dialog(page, 'sign-in').locator(`a.auth-social__button[data-provider="${provider}"]`);
  await button.waitFor();
  await button.click();
}

describe('social sign-in', () => {
  it('signs in with the sandbox OIDC provider from the sign-in modal and comes back signed in', async () => {
    const { page, context, errors } = await newPage(browser);
    await startFromSignIn(page, 'google-oauth2');
    await page.waitForURL(/\/api\/dev\/oidc\/authorize\?/);
    const email = uniqueEmail('social');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Name').fill('Ada Lovelace');
    expect(await page.getByLabel('E-mail verified').isChecked()).toBe(true);
    await screenshot(page, 'social-sandbox-oidc');

    await page.getByRole('button', { name: 'Continue' }).click();
    // Back where the sign-in started, signed in, without the sign-in modal.
    await page.waitForURL(`${baseUrl}/casino`);
    await userMenuButton(page).waitFor();
    expect(await dialog(page, 'sign-in').count()).toBe(0);
    // A new account: the registration-success notice, as after sign-up.
    const alerts = await alertTexts();
    await page.locator('.toast__title', { hasText: alerts.successRegistration?.title ?? '' }).waitFor();
    await screenshot(page, 'social-signed-in');
    await expect.poll(() => page.locator('#preloader:not([data-state="hidden"])').count()).toBe(0);

    // The session is a real one: the profile answers with the token cookie's token.
    const token = (await context.cookies(baseUrl)).find((cookie) => cookie.name === 'token')?.value;
    const profile = await fetch(`${baseUrl}/api/player/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await profile.json()) as { data: { email: string } }).data.email).toBe(email);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the player back to sign-in with the e-mail verification message when the e-mail is not verified', async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844 });
    await startFromSignIn(page, 'google-oauth2');
    await page.waitForURL(/\/api\/dev\/oidc\/authorize\?/);
    await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('unverified'));
    await page.getByLabel('E-mail verified').uncheck();
    await screenshot(page, 'social-sandbox-oidc-mobile');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(/\/casino\?sign-in=true$/);
    await dialog(page, 'sign-in').waitFor();
    const alerts = await alertTexts();
    const message = page.locator('.toast__item', { hasText: alerts.emailVerificationError?.title ?? '' });
    await message.waitFor();
    expect(await message.getAttribute('role')).toBe('alert');
    expect(await userMenuButton(page).count()).toBe(0);
    await screenshot(page, 'social-email-not-verified-mobile');
    await context.close();
  });

  it('signs in with Telegram through its sandbox page', async () => {
    const { page, context, errors } = await newPage(browser, { width: 390, height: 844 });
    await startFromSignIn(page, 'telegram');
    await page.waitForURL(/\/api\/dev\/telegram\/login/);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Username').fill(`grace_${run}`.slice(0, 32));
    await screenshot(page, 'social-sandbox-telegram-mobile');
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.waitForURL(`${baseUrl}/casino`);
    await userMenuButton(page).waitFor();
    await screenshot(page, 'social-telegram-signed-in-mobile');
    expect(errors).toEqual([]);
    await context.close();
  });
});
