import { randomInt } from 'node:crypto';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { seriousViolations } from './a11y';
import fs from 'node:fs';
import path from 'node:path';
import { artifactsDir, launchBrowser, newPage } from './browser';

/**
 * Account journeys in the browser (issue 4): registration by e-mail and by phone (code
 * read from the dev outbox), sign-in and sign-out, password reset through the mailed
 * link, two tabs kept in step, and one token refresh shared by several tabs.
 *
 * The e2e server detects no country (no GEO_COUNTRY, no CDN header), so the phone field
 * starts without a country and the tests choose Germany (+49). Its access tokens live 60 s
 * (global-setup), the shortest the server allows.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const PASSWORD = 'velvet-roulette-42';
const COUNTRY = { code: 'DE', prefix: '49' };

/** A unique address per test and run. */
const run = `${Date.now().toString(36)}${randomInt(1000, 9999)}`;
let serial = 0;
function uniqueEmail(label: string): string {
  serial += 1;
  return `${label}.${run}.${serial}@example.com`;
}

/** A unique German mobile number: the national digits (11) after +49. */
function uniqueNationalPhone(): string {
  return `151${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** What the visitor sees (the modals are fixed: a full-page shot would show the page under them). */
async function screenshot(page: Page, name: string): Promise<void> {
  const file = path.join(artifactsDir, 'screenshots', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
}

const dialog = (page: Page, name: string) => page.locator(`[role="dialog"][data-modal-name="${name}"]`);
const userMenuButton = (page: Page) => page.locator('.auth-user__button');
const headerSignIn = (page: Page) => page.locator('header').getByRole('button', { name: 'Sign in', exact: true });

async function waitOpened(page: Page, name: string) {
  await dialog(page, name).waitFor();
  await expect.poll(() => dialog(page, name).getAttribute('data-state')).toBe('opened');
}

async function expectSignedIn(page: Page) {
  await userMenuButton(page).waitFor();
  expect(await headerSignIn(page).count()).toBe(0);
}

async function expectSignedOut(page: Page) {
  await headerSignIn(page).waitFor();
  expect(await userMenuButton(page).count()).toBe(0);
}

async function tokenCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies(baseUrl)).find((cookie) => cookie.name === 'token')?.value;
}

function expiresAtMs(token: string): number {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp: number };
  return claims.exp * 1000;
}

// --- the dev outbox -------------------------------------------------------------------

interface OutboxMessage {
  to: string;
  subject: string | null;
  text: string;
}

async function outboxJson(channel: 'sms' | 'email', to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?channel=${channel}&to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/** The newest code sent to a phone, read from the dev outbox page as a person would. */
async function codeFromOutboxPage(outbox: Page, phoneDigits: string, previous?: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        await outbox.goto(`${baseUrl}/dev/outbox?channel=sms&to=${phoneDigits}`);
        code =
          (await outbox
            .locator('article .code')
            .first()
            .textContent({ timeout: 1000 })
            .catch(() => null)) ?? '';
        return /^\d{6}$/.test(code) && code !== previous;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return code;
}

// --- accounts made through the API (the journeys under test use the UI) ---------------

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

async function registerEmailAccount(label: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(label);
  const response = await post('/api/player/register', {
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    agreements: 1,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const { data } = (await response.json()) as { data: { accessToken: string } };
  return { email, token: data.accessToken };
}

/**
 * One e-mail account for the journeys that only sign in (each sign-in is a session of
 * its own). The server allows 10 registrations per client IP and hour, and every browser
 * test file shares one server and one IP: registering once keeps clear of that limit.
 */
let sharedAccount: Promise<{ email: string; token: string }> | undefined;
const getSharedAccount = () => (sharedAccount ??= registerEmailAccount('journeys'));

/** A new session of an account, through the API: its access token. */
async function signInByApi(login: string): Promise<string> {
  const response = await post('/api/player/sessions', { login, password: PASSWORD });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

async function registerPhoneAccount(): Promise<{ national: string; digits: string }> {
  const national = uniqueNationalPhone();
  const digits = `${COUNTRY.prefix}${national}`;
  const sent = await post('/api/player/otp/send', { phone: digits, reason: 'registration' });
  expect(sent.status, await sent.clone().text()).toBe(200);
  const code = /^(\d{6}) /.exec((await outboxJson('sms', digits))[0]?.text ?? '')?.[1];
  const response = await post('/api/player/register/phone', {
    phone: digits,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    agreements: 1,
    code,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { national, digits };
}

// --- the modals -----------------------------------------------------------------------

async function openModal(page: Page, name: 'sign-in' | 'sign-up', path = '/') {
  await page.goto(`${baseUrl}${path}?${name}=true`);
  await waitOpened(page, name);
}

/** Both registration types are on (the server's defaults), so both modals show the two tabs. */
async function chooseTab(page: Page, modal: string, tab: 'E-mail' | 'Phone') {
  const button = dialog(page, modal).getByRole('tab', { name: tab, exact: true });
  await button.click();
  await expect.poll(() => button.getAttribute('aria-selected')).toBe('true');
}

async function fillPhone(page: Page, modal: string, national: string) {
  const scope = dialog(page, modal);
  await scope.locator('select.auth-phone__select').selectOption(COUNTRY.code);
  await scope.locator('input.auth-phone__number').fill(national);
}

/** Fills every registration field on screen, as the server's rules made them. */
async function fillRegistration(page: Page, values: { email?: string; national?: string }) {
  const scope = dialog(page, 'sign-up');
  if (values.email !== undefined) await scope.getByRole('textbox', { name: 'E-mail', exact: true }).fill(values.email);
  if (values.national !== undefined) await fillPhone(page, 'sign-up', values.national);
  await scope.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await scope.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await scope.getByRole('checkbox', { name: /at least 18 years old/ }).check();
}

async function signInThroughModal(page: Page, tab: 'E-mail' | 'Phone', login: string, password: string) {
  await headerSignIn(page).click();
  await waitOpened(page, 'sign-in');
  await chooseTab(page, 'sign-in', tab);
  const scope = dialog(page, 'sign-in');
  if (tab === 'Phone') await fillPhone(page, 'sign-in', login);
  else await scope.getByRole('textbox', { name: 'E-mail', exact: true }).fill(login);
  await scope.getByLabel('Password', { exact: true }).fill(password);
  await scope.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOutThroughMenu(page: Page) {
  await userMenuButton(page).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expectSignedOut(page);
}

function toastWith(page: Page, title: string) {
  return page.locator('.toast__title', { hasText: title });
}

describe('registration', () => {
  it('registers by e-mail through the sign-up modal, and stays signed in after a reload', async () => {
    const { page, context, errors } = await newPage(browser);
    await openModal(page, 'sign-up');
    await chooseTab(page, 'sign-up', 'E-mail');
    const scope = dialog(page, 'sign-up');
    const submit = scope.getByRole('button', { name: 'Sign up', exact: true });
    expect(await submit.isDisabled()).toBe(true);

    // The e-mail tab supplies the e-mail field; the server's list has no phone, so none is asked.
    expect(await scope.locator('input.auth-phone__number').count()).toBe(0);
    // An address already registered is answered like any other: no error on the field, no
    // session, a "check your inbox" notice; its owner gets an e-mail.
    const taken = await getSharedAccount();
    await fillRegistration(page, { email: taken.email.toUpperCase() });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    const mailed = page.waitForResponse((r) => r.url().endsWith('/api/player/register'));
    await submit.click();
    expect((await mailed).status()).toBe(200);
    await toastWith(page, 'Check your inbox').waitFor();
    await dialog(page, 'sign-up').waitFor({ state: 'detached' });
    await screenshot(page, 'auth-sign-up-email-taken-1440');
    await expectSignedOut(page);
    await expect
      .poll(async () =>
        (await outboxJson('email', taken.email)).some((m) => m.subject === 'You already have a Croupier account'),
      )
      .toBe(true);

    await openModal(page, 'sign-up');
    await chooseTab(page, 'sign-up', 'E-mail');
    const email = uniqueEmail('signup');
    await fillRegistration(page, { email });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    // The nickname is not asked: the server derives it from the e-mail.
    expect(await scope.getByLabel('Nickname').count()).toBe(0);
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await screenshot(page, 'auth-sign-up-email-1440');

    const registered = page.waitForResponse((r) => r.url().endsWith('/api/player/register'));
    await submit.click();
    expect((await registered).status()).toBe(200);
    await toastWith(page, 'Welcome to Croupier!').waitFor();
    await expectSignedIn(page);
    // Success opens the wallet.
    await waitOpened(page, 'wallet');
    await screenshot(page, 'auth-sign-up-email-done-1440');
    expect(await userMenuButton(page).textContent()).toContain(email.split('@')[0]);

    // The token cookie lasts a year, so that the session outlives the browser.
    const cookie = (await context.cookies(baseUrl)).find((item) => item.name === 'token');
    const token = cookie?.value;
    expect(token).toBeTruthy();
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
    await page.reload();
    await expectSignedIn(page);
    expect(await tokenCookie(context)).toBe(token);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('registers by phone with the code from the dev outbox: wrong code, countdown, right code', async () => {
    const { page, context } = await newPage(browser);
    const outbox = await context.newPage();
    await openModal(page, 'sign-up');
    await chooseTab(page, 'sign-up', 'Phone');
    const national = uniqueNationalPhone();
    const digits = `${COUNTRY.prefix}${national}`;
    await fillRegistration(page, { national });
    const scope = dialog(page, 'sign-up');
    await scope.getByRole('button', { name: 'Sign up', exact: true }).click();

    // The verification step replaces the form.
    const codeInput = scope.getByLabel('Verification code');
    await codeInput.waitFor();
    expect(await scope.textContent()).toContain(`+${digits}`);
    const timer = scope.locator('.auth-verify__timer');
    const first = await timer.textContent();
    // 60 s in mm:ss: 01:00, then 00:59…
    expect(first).toMatch(/^Resend code in (01:00|00:5\d)$/);
    await screenshot(page, 'auth-sign-up-phone-verify-1440');
    expect(await seriousViolations(page)).toEqual([]);

    const code = await codeFromOutboxPage(outbox, digits);
    await screenshot(outbox, 'auth-dev-outbox-sms-1440');
    expect(await seriousViolations(outbox)).toEqual([]);

    // A wrong code: the server's 11003, shown as the invalid-code row; verify waits for a change.
    const wrong = code === '000000' ? '111111' : '000000';
    await codeInput.fill(wrong);
    const verifyButton = scope.getByRole('button', { name: 'Verify', exact: true });
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/player/register/phone'));
    await verifyButton.click();
    const refusal = await refused;
    expect(refusal.status()).toBe(400);
    expect(((await refusal.json()) as { error: { code: number } }).error.code).toBe(11003);
    await scope.getByText('The code is incorrect or has expired.').waitFor();
    expect(await verifyButton.isDisabled()).toBe(true);
    await screenshot(page, 'auth-sign-up-phone-wrong-code-1440');

    // The countdown runs down in mm:ss; there is no resend while it runs.
    const secondsShown = (text: string | null) => {
      const [, minutes = '9', seconds = '99'] = /(\d\d):(\d\d)$/.exec(text ?? '') ?? [];
      return Number(minutes) * 60 + Number(seconds);
    };
    await expect
      .poll(async () => secondsShown(await timer.textContent()), { timeout: 5000 })
      .toBeLessThan(secondsShown(first));
    expect(await timer.textContent()).toMatch(/^Resend code in 00:[0-5]\d$/);
    expect(await scope.getByRole('button', { name: 'Resend code' }).count()).toBe(0);

    await codeInput.fill(code);
    await expect.poll(() => verifyButton.isEnabled()).toBe(true);
    await verifyButton.click();
    await toastWith(page, 'Welcome to Croupier!').waitFor();
    await expectSignedIn(page);
    await context.close();
  });

  it('resends the code when the countdown ends, until the send limit (375 px screen)', async () => {
    const { page, context } = await newPage(browser, { width: 375, height: 740 });
    // The page's clock, so that the 60 s countdown can be skipped.
    await page.clock.install();
    await openModal(page, 'sign-up');
    await chooseTab(page, 'sign-up', 'Phone');
    const national = uniqueNationalPhone();
    const digits = `${COUNTRY.prefix}${national}`;
    await fillRegistration(page, { national });
    await screenshot(page, 'auth-sign-up-phone-form-375');
    const scope = dialog(page, 'sign-up');
    await scope.getByRole('button', { name: 'Sign up', exact: true }).click();
    await scope.getByLabel('Verification code').waitFor();
    await scope.getByLabel('Verification code').fill('12');
    await screenshot(page, 'auth-sign-up-phone-verify-375');
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const resend = scope.getByRole('button', { name: 'Resend code' });
    const timer = scope.locator('.auth-verify__timer');
    const codes = async () => (await outboxJson('sms', digits)).map((message) => message.text.slice(0, 6));
    expect(await codes()).toHaveLength(1);
    // The server sends 3 codes per phone in 10 minutes: two resends, then the limit.
    for (const sent of [2, 3]) {
      expect(await resend.count()).toBe(0);
      await page.clock.fastForward(61_000);
      await resend.click();
      await expect.poll(codes).toHaveLength(sent);
      await expect.poll(() => timer.textContent()).toMatch(/^Resend code in (01:00|00:5\d)$/);
      expect(await scope.getByLabel('Verification code').inputValue()).toBe('');
    }
    await page.clock.fastForward(61_000);
    const limited = page.waitForResponse((r) => r.url().endsWith('/api/player/otp/send'));
    await resend.click();
    const refusal = await limited;
    expect(refusal.status()).toBe(429);
    expect(((await refusal.json()) as { error: { code: number } }).error.code).toBe(11005);
    await scope.getByText('You have requested too many codes.', { exact: false }).waitFor();
    expect(await resend.count()).toBe(0);
    expect(await timer.count()).toBe(0);
    expect(await codes()).toHaveLength(3);
    await screenshot(page, 'auth-sign-up-phone-limit-375');

    // Back returns to the form, with what was typed.
    await scope.getByRole('button', { name: 'Back', exact: true }).click();
    await scope.getByRole('button', { name: 'Sign up', exact: true }).waitFor();
    expect(await scope.locator('input.auth-phone__number').inputValue()).toBe(national);
    await context.close();
  });
});

describe('sign-in and sign-out', () => {
  it('signs in and out by e-mail, and shows the error row for a wrong password', async () => {
    const { email } = await getSharedAccount();
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/`);
    await expectSignedOut(page);

    await signInThroughModal(page, 'E-mail', email, 'not-the-password');
    const alert = dialog(page, 'sign-in').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('The login or password is incorrect.');
    await screenshot(page, 'auth-sign-in-wrong-password-1440');
    // Still open, still signed out; a corrected password signs in.
    await dialog(page, 'sign-in').getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog(page, 'sign-in').getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectSignedIn(page);
    await expect.poll(() => dialog(page, 'sign-in').count()).toBe(0);

    await signOutThroughMenu(page);
    expect(await tokenCookie(context)).toBeUndefined();
    await page.reload();
    await expectSignedOut(page);

    await signInThroughModal(page, 'E-mail', email, PASSWORD);
    await expectSignedIn(page);
    await context.close();
  });

  it('signs in and out by phone', async () => {
    const { national } = await registerPhoneAccount();
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/`);
    await signInThroughModal(page, 'Phone', national, PASSWORD);
    await expectSignedIn(page);
    expect(await tokenCookie(context)).toBeTruthy();
    await signOutThroughMenu(page);
    expect(await tokenCookie(context)).toBeUndefined();
    await context.close();
  });

  it('signs a tab out when its session was ended elsewhere, and asks to sign in again', async () => {
    const token = await signInByApi((await getSharedAccount()).email);
    const { page, context } = await newPage(browser);
    await context.addCookies([{ name: 'token', value: token, url: baseUrl }]);
    await page.goto(`${baseUrl}/`);
    await expectSignedIn(page);
    // The session is closed on the server (as by a logout on another device).
    const ended = await fetch(`${baseUrl}/api/player/sessions/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(ended.status).toBe(200);
    await page.reload();
    // The 401 clears the session and opens sign-in with the session-expired notice.
    await waitOpened(page, 'sign-in');
    await toastWith(page, 'Session expired').waitFor();
    expect(await userMenuButton(page).count()).toBe(0);
    expect(await tokenCookie(context)).toBeUndefined();
    await context.close();
  });

  it('passes the accessibility check on the sign-in and sign-up modals', async () => {
    const { page, context } = await newPage(browser);
    await openModal(page, 'sign-in');
    await screenshot(page, 'auth-sign-in-1440');
    expect(await seriousViolations(page)).toEqual([]);
    await openModal(page, 'sign-up');
    await dialog(page, 'sign-up').getByLabel('Password', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await chooseTab(page, 'sign-up', 'Phone');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('password reset', () => {
  // Hung past its 60 s timeout in 2 of about 8 full runs (normally 6 s). The steps are
  // named so that the next report says where; one retry keeps CI from failing on that
  // meanwhile. A real break fails both tries.
  it('resets the password through the mailed link; the old password is refused', { retry: 1 }, async () => {
    // Each step is named before it runs, and the failure report names the last one.
    let step = 'register';
    onTestFailed(() => console.error(`password reset test failed during: ${step}`));
    const { email } = await registerEmailAccount('reset');
    step = 'open the sign-in modal';
    const { page, context } = await newPage(browser);
    await openModal(page, 'sign-in');
    step = 'open forgot-pass';
    await dialog(page, 'sign-in').getByRole('button', { name: 'Forgot password?' }).click();
    await waitOpened(page, 'forgot-pass');
    step = 'axe on forgot-pass';
    expect(await seriousViolations(page)).toEqual([]);
    step = 'request the link';
    await dialog(page, 'forgot-pass').getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await dialog(page, 'forgot-pass').getByRole('button', { name: 'Send reset link' }).click();
    await dialog(page, 'forgot-pass').getByRole('status').waitFor();

    // The mail is sent after the answer (the same steps for known and unknown addresses),
    // so wait until the outbox holds it before reading the page, which does not refresh.
    step = 'wait for the mail in the outbox';
    await expect
      .poll(async () => (await outboxJson('email', email)).some((m) => m.subject === 'Reset your password'), {
        timeout: 15_000,
      })
      .toBe(true);
    // The link, from the outbox page, opened as a person would (it points at PUBLIC_URL,
    // here the server's default http://localhost:<port>).
    step = 'open the outbox page';
    const outbox = await context.newPage();
    await outbox.goto(`${baseUrl}/dev/outbox?channel=email&to=${encodeURIComponent(email)}`);
    const link = outbox.locator('article', { hasText: 'Reset your password' }).locator('a[href*="/password/reset/"]');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\/password\/reset\/[A-Za-z0-9_-]{20,}$/);
    await screenshot(outbox, 'auth-dev-outbox-reset-1440');
    step = 'follow the link';
    await link.click();
    await waitOpened(outbox, 'reset-pass');
    step = 'set the new password';
    const newPassword = 'brand-new-croupier-7';
    await dialog(outbox, 'reset-pass').getByLabel('New password', { exact: true }).fill(newPassword);
    await dialog(outbox, 'reset-pass').getByLabel('Repeat new password', { exact: true }).fill(newPassword);
    await screenshot(outbox, 'auth-reset-pass-1440');
    await dialog(outbox, 'reset-pass').getByRole('button', { name: 'Save password' }).click();
    step = 'wait for the toast and the sign-in modal';
    await toastWith(outbox, 'Password reset').waitFor();
    await waitOpened(outbox, 'sign-in');

    // The new password signs in; the old one no longer does.
    step = 'sign in with the old password';
    const scope = dialog(outbox, 'sign-in');
    await scope.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await scope.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await scope.getByRole('button', { name: 'Sign in', exact: true }).click();
    await scope.getByRole('alert').waitFor();
    expect(await scope.getByRole('alert').textContent()).toBe('The login or password is incorrect.');
    step = 'sign in with the new password';
    await scope.getByLabel('Password', { exact: true }).fill(newPassword);
    await scope.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectSignedIn(outbox);
    step = 'close the context';
    await context.close();
  });
});

describe('several tabs', () => {
  it('keeps two tabs in step: a login reloads the other tab, a logout sends it to its home', async () => {
    const { email } = await getSharedAccount();
    const { page: tabA, context } = await newPage(browser);
    const tabB = await context.newPage();
    await tabA.goto(`${baseUrl}/`);
    await tabB.goto(`${baseUrl}/de/casino`);
    await expectSignedOut(tabA);
    await tabB.locator('header .auth-user__button, header button.button--ghost').first().waitFor();
    await tabB.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    await signInThroughModal(tabA, 'E-mail', email, PASSWORD);
    await expectSignedIn(tabA);
    // Tab B was logged out: it reloads (its marker is gone) and is signed in, where it was.
    await userMenuButton(tabB).waitFor();
    expect(await tabB.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBeUndefined();
    expect(new URL(tabB.url()).pathname).toBe('/de/casino');
    await screenshot(tabB, 'auth-two-tabs-b-signed-in-1440');

    await signOutThroughMenu(tabA);
    // Tab B was logged in: it goes to the home page of its locale, signed out.
    await expect.poll(() => new URL(tabB.url()).pathname).toMatch(/^\/de\/?$/);
    await tabB.locator('header button.button--ghost').waitFor();
    expect(await userMenuButton(tabB).count()).toBe(0);
    await context.close();
  });

  it(
    'refreshes an expiring token once for three tabs, which all keep the new token',
    { timeout: 150_000 },
    async () => {
      const token = await signInByApi((await getSharedAccount()).email);
      const { page: first, context } = await newPage(browser);
      // Every refresh of the context, whoever asks for it (a page's call or the realtime
      // connection, which also wants a new token when the old one expires).
      const refreshes: Request[] = [];
      const bearers: { at: number; url: string; token: string }[] = [];
      context.on('request', (request) => {
        if (request.url().endsWith('/api/player/sessions/refresh')) {
          // It carries the old token, by design.
          if (request.method() === 'POST') refreshes.push(request);
          return;
        }
        const authorization = request.headers().authorization;
        if (authorization?.startsWith('Bearer ')) {
          bearers.push({ at: Date.now(), url: request.url(), token: authorization.slice(7) });
        }
      });
      await context.addCookies([{ name: 'token', value: token, url: baseUrl }]);
      const tabs = [first, await context.newPage(), await context.newPage()];
      await Promise.all(tabs.map((tab) => tab.goto(`${baseUrl}/`)));
      await Promise.all(tabs.map((tab) => expectSignedIn(tab)));
      expect(bearers.filter((entry) => entry.token === token).length).toBeGreaterThanOrEqual(tabs.length);

      // The client counts a token as expired 10 s before its exp (the server's TTL is 60 s).
      const expiredAt = expiresAtMs(token) - 10_000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiredAt - Date.now() + 500)));

      // Every tab makes authenticated calls at the same moment (a reload loads the profile).
      const startedAt = Date.now();
      await Promise.all(tabs.map((tab) => tab.reload()));
      await Promise.all(tabs.map((tab) => expectSignedIn(tab)));
      await expect.poll(() => tokenCookie(context)).not.toBe(token);
      const fresh = await tokenCookie(context);
      expect(fresh).toBeTruthy();
      expect(expiresAtMs(fresh ?? '')).toBeGreaterThan(expiresAtMs(token));
      // Past the old token's real expiry, when a tab still holding it would ask again.
      await new Promise((resolve) => setTimeout(resolve, Math.max(2000, expiresAtMs(token) + 3000 - Date.now())));

      expect(refreshes).toHaveLength(1);
      expect((await refreshes[0]?.response())?.status()).toBe(200);
      const after = bearers.filter((entry) => entry.at >= startedAt);
      expect(after.length).toBeGreaterThanOrEqual(tabs.length);
      expect(after.filter((entry) => entry.token !== fresh).map((entry) => entry.url)).toEqual([]);
      for (const tab of tabs) {
        await expectSignedIn(tab);
        expect(await tab.evaluate(() => document.cookie)).toContain(`token=${fresh}`);
      }
      await context.close();
    },
  );
});
