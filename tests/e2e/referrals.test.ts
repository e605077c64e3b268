import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { ADMIN_KEY, baseUrl, browserToken, call, PASSWORD, registerPlayer, run, signedInPage } from './api';
import { dialog, launchBrowser, newPage, screenshot } from './browser';

/**
 * Refer a friend in the browser (docs/referrals.md): the owner copies their link from
 * /profile/referrals; a friend opens it, signs up (the form sends the link's `ref`), deposits
 * 20 USD by card without a bonus and plays dice until both thresholds of this run are met
 * (20 USD deposited, 10 USD wagered); the server's activity poller qualifies the friend and
 * the owner's referral bonus arrives in their bonuses; the owner's page shows the friend
 * qualified and the count.
 */

let browser: Browser;
let previous: Record<string, unknown> | undefined;
const OWNER_BONUS = 'Referral bonus: a friend qualified';

async function operator<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json', accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return (JSON.parse(text) as { data: T }).data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  previous = await operator<Record<string, unknown>>('GET', '/api/admin/referral-settings');
  await operator('PUT', '/api/admin/referral-settings', {
    ...previous,
    enabled: true,
    maxReferralCount: null,
    thresholds: [{ currency: 'USD', depositAmount: 20, wagerAmount: 10 }],
  });
});

afterAll(async () => {
  if (previous) await operator('PUT', '/api/admin/referral-settings', previous);
  await browser.close();
});

interface PlayerBonus {
  name: string;
  status: number;
}

async function bonusesOf(token: string): Promise<PlayerBonus[]> {
  const answer = await call<PlayerBonus[]>('GET', '/api/game/player-bonuses?perPage=50', { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data ?? [];
}

/** Opens the game's page, starts it for real money and answers its frame once Play is there. */
async function openGame(page: Page, identity: string): Promise<FrameLocator> {
  await page.goto(`${baseUrl}/games/${identity}`);
  await page.getByTestId('game-play').click();
  await expect.poll(() => page.getByTestId('game-stage').getAttribute('data-mode')).toBe('real');
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId('play-button').waitFor({ timeout: 20_000 });
  return frame;
}

async function roll(page: Page, frame: FrameLocator): Promise<number> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/game/originals/dice/rounds'),
  );
  await frame.getByTestId('play-button').click();
  const response = await answered;
  const body = (await response.json()) as { data?: { round: { amount: number } } };
  expect(response.status(), JSON.stringify(body)).toBe(200);
  await expect.poll(() => frame.getByTestId('play-button').isEnabled()).toBe(true);
  return body.data?.round.amount ?? 0;
}

async function signUpThroughLink(context: BrowserContext, page: Page, link: string, code: string): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('cookies-accepted', 'true'));
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign up', exact: true }).first().click();
  const signUp = dialog(page, 'sign-up');
  await signUp.waitFor();
  await signUp.getByRole('tab', { name: 'E-mail', exact: true }).click();
  await signUp.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`friend.${run}@example.com`);
  await signUp.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signUp.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await signUp.getByRole('checkbox', { name: /at least 18 years old/ }).check();
  const submit = signUp.getByRole('button', { name: 'Sign up', exact: true });
  await expect.poll(() => submit.isEnabled()).toBe(true);
  const registered = page.waitForResponse((response) => response.url().endsWith('/api/player/register'));
  await submit.click();
  const registration = await registered;
  expect(registration.request().postDataJSON()).toMatchObject({ referralCode: code });
  expect(registration.status()).toBe(200);
}

describe('refer a friend', () => {
  it('brings a friend through the link, who deposits and plays until qualified; the owner gets the bonus', async () => {
    // The owner's referral page: the link, no friends yet.
    const owner = await registerPlayer('ref-owner');
    const ownerView = await signedInPage(browser, owner.token);
    const ownerPage = ownerView.page;
    await ownerPage.goto(`${baseUrl}/profile/referrals`);
    const linkField = ownerPage.getByLabel('Your referral link');
    await linkField.waitFor();
    const link = await linkField.inputValue();
    const code = /\?ref=([A-Z0-9]+)$/.exec(link)?.[1] ?? '';
    expect(link).toBe(`${baseUrl}/?ref=${code}`);
    expect(code).toMatch(/^[A-Z0-9]{6,16}$/);
    await ownerPage.getByText('No friends have signed up with your link yet.').waitFor();
    expect(await ownerPage.getByTestId('referrals-qualified').textContent()).toBe('Qualified friends: 0');
    await ownerView.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await ownerPage.getByRole('button', { name: 'Copy link' }).click();
    await ownerPage.getByText('Link copied.').waitFor();
    expect(await ownerPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshot(ownerPage, 'referrals-owner-empty');
    const violations = await seriousViolations(ownerPage);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);

    // The friend opens the link and signs up; the form sends the link's code.
    const { context, page, errors } = await newPage(browser);
    await signUpThroughLink(context, page, link, code);

    // The wallet opens on the deposit after sign-up: card, 20 USD, no bonus.
    const wallet = dialog(page, 'wallet');
    await wallet.waitFor({ timeout: 15_000 });
    await wallet.locator('[data-method="sandbox.card"]').click();
    await wallet.getByLabel('Amount (USD)').fill('20');
    const picker = wallet.getByTestId('bonus-picker');
    await expect.poll(() => picker.locator('.bonus-offer[data-package] input').isChecked()).toBe(true);
    const none = picker.getByRole('radio', { name: /^No bonus/ });
    await picker.locator('label.bonus-offer__label[for$="-none"]').click();
    await expect.poll(() => none.isChecked()).toBe(true);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      wallet.getByRole('button', { name: /^Deposit 20/ }).click(),
    ]);
    await popup.waitForURL(/\/api\/dev\/psp\/payments\//);
    await popup.getByRole('button', { name: 'Pay', exact: true }).click();
    await dialog(page, 'deposit-success').waitFor({ timeout: 20_000 });
    await popup.close();

    // The owner's list shows the friend in progress, with the time left.
    await ownerPage.reload();
    const row = ownerPage.locator('.referral-row');
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('1');
    expect(await row.textContent()).toMatch(/In progress.*(29|30)d \d+h left to qualify/);
    await screenshot(ownerPage, 'referrals-owner-in-progress');

    // Dice at 5 USD "under 98" twice: 10 USD wagered.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const dice = await openGame(page, 'dice');
    await dice.getByRole('radio', { name: 'Roll under' }).check();
    const target = dice.getByRole('textbox', { name: /^Target \(/ });
    await target.fill('98');
    await target.press('Enter');
    await dice.getByLabel(/^Stake/).fill('5');
    await dice.getByLabel(/^Stake/).blur();
    let wagered = 0;
    for (let i = 0; i < 2; i += 1) wagered += await roll(page, dice);
    expect(wagered).toBe(10);

    // The server's activity poller qualifies the friend; the owner's bonus arrives.
    await expect
      .poll(async () => (await bonusesOf(owner.token)).map((b) => b.name), { timeout: 20_000 })
      .toContain(OWNER_BONUS);
    expect((await bonusesOf(await browserToken(context))).map((b) => b.name)).not.toContain(OWNER_BONUS);
    await ownerPage.goto(`${baseUrl}/profile/bonuses`);
    await ownerPage.locator('.bonus-card', { hasText: OWNER_BONUS }).waitFor();
    await screenshot(ownerPage, 'referrals-owner-bonus');
    await ownerPage.goto(`${baseUrl}/profile/referrals`);
    await expect.poll(() => ownerPage.locator('.referral-row').getAttribute('data-status')).toBe('2');
    await expect.poll(() => ownerPage.getByTestId('referrals-qualified').textContent()).toBe('Qualified friends: 1');
    expect(await ownerPage.locator('.referral-row').textContent()).toContain('Qualified');
    await screenshot(ownerPage, 'referrals-owner-qualified');
    expect(errors).toEqual([]);
    await context.close();
    await ownerView.context.close();
  }, 120_000);
});
