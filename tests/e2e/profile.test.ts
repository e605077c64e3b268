import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { baseUrl, call, PASSWORD, registerPlayer as register, signedInPage as signedInPageOf, signIn } from './api';
import { launchBrowser, screenshot } from './browser';

/**
 * The player's profile pages (issue 4): /profile/info edits and saves fields (only the
 * changed ones are sent), shows server field errors per field and the e-mail
 * confirmation notice; /profile/security changes the password and lists and closes
 * sessions. Players are registered through the API and signed in by the token cookie.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const NEW_PASSWORD = 'midnight-baccarat-77';

const signedInPage = (token: string, size?: { width: number; height: number }) => signedInPageOf(browser, token, size);

/** The token the browser holds now (it refreshes its own copy: tokens live 60 s here). */
async function browserToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(baseUrl)).find((item) => item.name === 'token');
  if (!cookie) throw new Error('no token cookie');
  return cookie.value;
}

const toast = (page: Page, title: string) => page.locator('.toast__item', { hasText: title });
const errorOf = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('');
  });

async function expectNoSeriousViolations(page: Page) {
  const violations = await seriousViolations(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

/** Nothing wider than the viewport (no sideways scrolling on a phone). */
async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

/** The player of the info tests, also shown on a phone's security page (one registration for both). */
let infoPlayer: Promise<{ email: string; token: string }> | undefined;
const getInfoPlayer = () => (infoPlayer ??= register('profile-info'));

// Each test hands the browser's newest token to the next: with 60 s tokens the app may
// have refreshed it, and refreshing an older token of a session ends that session.
describe('/profile/info', () => {
  let player: { email: string; token: string };
  beforeAll(async () => {
    player = await getInfoPlayer();
  });

  it('saves a changed field (and only that), keeps it after a reload, and shows the rule and server errors', async () => {
    const { page, context, errors } = await signedInPage(player.token);
    await page.goto(`${baseUrl}/profile/info`);
    const firstName = page.getByLabel('First name', { exact: true });
    await firstName.waitFor();
    expect(await page.locator('h1').textContent()).toBe('Personal details');
    const save = page.getByRole('button', { name: 'Save changes' });
    expect(await save.isDisabled()).toBe(true);

    // A shared rule (first name: at least 2 characters) shows once the field is left.
    await firstName.fill('A');
    await firstName.blur();
    await expect.poll(() => errorOf(page, 'First name')).toBe('Please enter at least 2 characters.');
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');

    await firstName.fill('Augusta');
    await page.getByLabel('City', { exact: true }).fill('  London  ');
    await expect.poll(() => errorOf(page, 'First name')).toBe('');
    const sent = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().endsWith('/api/player/profile'),
    );
    await save.click();
    expect((await sent).postDataJSON()).toEqual({ firstName: 'Augusta', city: 'London' });
    await toast(page, 'Profile updated').waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);

    const stored = await call('GET', '/api/player/profile', { token: await browserToken(context) });
    expect(stored.body.data).toMatchObject({ firstName: 'Augusta', city: 'London' });
    await page.reload();
    await firstName.waitFor();
    await expect.poll(() => firstName.inputValue()).toBe('Augusta');
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('London');

    // The server's rule: the account keeps an e-mail or a phone. Emptying the only
    // address passes the form's rules and comes back as a 422 on the field.
    const email = page.getByLabel('E-mail', { exact: true });
    await email.fill('');
    await save.click();
    await expect.poll(() => errorOf(page, 'E-mail')).toBe('This field is required.');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await email.focus();
    await expect.poll(() => errorOf(page, 'E-mail')).toBe('');
    await email.fill(player.email);
    await expect.poll(() => save.isDisabled()).toBe(true);

    expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
    player.token = await browserToken(context);
    await context.close();
  });

  it('offers to resend the confirmation e-mail, then rests the button', async () => {
    const { page, context } = await signedInPage(player.token);
    await page.goto(`${baseUrl}/profile/info`);
    const notice = page.locator('.profile-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Your e-mail address is not confirmed yet.');
    const resend = notice.getByRole('button', { name: 'Resend confirmation e-mail' });
    await resend.click();
    const status = notice.getByRole('status');
    await expect.poll(() => status.textContent()).toMatch(/We have sent you a new confirmation link/);
    expect(await status.textContent()).toMatch(/You can ask for another e-mail in 0[01]:\d\d\./);
    expect(await resend.isDisabled()).toBe(true);
    const outbox = await fetch(`${baseUrl}/api/dev/outbox?channel=email&to=${encodeURIComponent(player.email)}`).then(
      (response) => response.json() as Promise<{ data: unknown[] }>,
    );
    // The one of the registration and the one asked for now.
    expect(outbox.data.length).toBe(2);

    await screenshot(page, 'profile-info-1440');
    await expectNoSeriousViolations(page);
    player.token = await browserToken(context);
    await context.close();
  });

  it('fits a 375 px phone screen', async () => {
    const { page, context } = await signedInPage(player.token, { width: 375, height: 812 });
    await page.goto(`${baseUrl}/profile/info`);
    await page.getByLabel('First name', { exact: true }).waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'profile-info-375');
    await expectNoSeriousViolations(page);
    player.token = await browserToken(context);
    await context.close();
  });
});

describe('/profile/security', () => {
  it('changes the password, lists two sessions and closes the other one, whose token is then refused', async () => {
    const player = await register('profile-security');
    const { page, context } = await signedInPage(player.token);
    await page.goto(`${baseUrl}/profile/security`);
    const current = page.getByLabel('Current password', { exact: true });
    await current.waitFor();

    // A wrong current password: the server's 422 shows on that field.
    await current.fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    const repeat = page.getByLabel('Repeat new password', { exact: true });
    await repeat.fill(NEW_PASSWORD);
    await page.locator('.auth-strength[data-strength="strong"]').waitFor();
    const submit = page.getByRole('button', { name: 'Update password' });
    await submit.click();
    await expect.poll(() => errorOf(page, 'Current password')).toBe('The current password is wrong.');

    // The repeat is checked again whenever the new password changes.
    await page.getByLabel('New password', { exact: true }).fill(`${NEW_PASSWORD}!`);
    await expect.poll(() => errorOf(page, 'Repeat new password')).toBe('The passwords do not match.');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await expect.poll(() => errorOf(page, 'Repeat new password')).toBe('');

    await current.fill(PASSWORD);
    await expect.poll(() => errorOf(page, 'Current password')).toBe('');
    await submit.click();
    await toast(page, 'Password changed').waitFor();
    await expect.poll(() => current.inputValue()).toBe('');

    expect((await signIn(player.email, PASSWORD)).status).toBe(401);
    const second = await signIn(player.email, NEW_PASSWORD);
    expect(second.status).toBe(200);
    const otherToken = String(second.body.data?.accessToken);

    await page.reload();
    const rows = page.locator('.profile-session');
    await expect.poll(() => rows.count()).toBe(2);
    const mine = page.locator('.profile-session[data-state="current"]');
    expect(await mine.textContent()).toContain('This device');
    expect(await mine.getByRole('button').count()).toBe(0);
    const other = page.locator('.profile-session[data-state="active"]');
    expect(await other.count()).toBe(1);
    await screenshot(page, 'profile-security-1440');
    await expectNoSeriousViolations(page);

    // Closing asks first; Cancel keeps the session.
    await other.getByRole('button', { name: 'Sign out' }).click();
    expect(await other.textContent()).toContain('Sign out of this session?');
    await other.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => other.getByRole('button', { name: 'Sign out' }).evaluate((b) => b === document.activeElement))
      .toBe(true);
    await other.getByRole('button', { name: 'Sign out' }).click();
    const closed = page.waitForResponse((response) => /\/api\/player\/sessions\/[^/]+\/close$/.test(response.url()));
    await other.getByRole('group').getByRole('button', { name: 'Sign out' }).click();
    expect((await closed).status()).toBe(200);
    await toast(page, 'Session closed').waitFor();
    await expect.poll(() => page.locator('.profile-session[data-state="ended"]').count()).toBe(1);
    expect(await page.locator('.profile-session[data-state="current"]').count()).toBe(1);

    expect((await call('GET', '/api/player/profile', { token: otherToken })).status).toBe(401);
    expect((await call('GET', '/api/player/profile', { token: await browserToken(context) })).status).toBe(200);

    await context.close();
  });

  it('fits a 375 px phone screen', async () => {
    // A second session of the info player, so that the list has a row to close.
    const { email } = await getInfoPlayer();
    const answer = await signIn(email, PASSWORD);
    expect(answer.status).toBe(200);
    const { page, context } = await signedInPage(String(answer.body.data?.accessToken), { width: 375, height: 812 });
    await page.goto(`${baseUrl}/profile/security`);
    const other = page.locator('.profile-session[data-state="active"]').first();
    await other.waitFor();
    await other.getByRole('button', { name: 'Sign out' }).click();
    await other.getByRole('group').waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'profile-security-375');
    await expectNoSeriousViolations(page);
    await context.close();
  });
});
