import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { baseUrl, browserToken, call, PASSWORD, registerPlayer, signedInPage, signIn } from './api';
import { artifactsDir, dialog, launchBrowser, screenshot } from './browser';

/**
 * /profile/limits (docs/player-protection.md, "Limits"): a player sets a daily deposit
 * limit, deposits up to it by card through the sandbox provider and meets it in the
 * wallet (the limit card, 'More info' back to the limits page), then raises it (a pending
 * increase with its countdown); the page with its groups and advanced table at 1440 and
 * 390 px. A player takes a cooling-off, is signed out, signs in again and cannot play for
 * real money (game-limit-reached) nor deposit (the wallet's cooling-off card). A player
 * on a phone self-excludes after the tick box and is signed out; signed in again, the page
 * says until when and offers no way round it.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface Account {
  id: string;
  currency: string;
  balance: number;
}

const toast = (page: Page, title: string) => page.locator('.toast__item', { hasText: title });
const card = (page: Page, name: string, period: string) =>
  page.locator(`.limits__period[data-period="${period}"] .limits__card`, { hasText: name });

/** A new player whose active account is USD. */
async function usdPlayer(label: string) {
  const player = await registerPlayer(label);
  const created = await call<Account[]>('POST', '/api/wallet/accounts', {
    token: player.token,
    body: { currency: 'USD' },
  });
  const usd = (created.body.data ?? []).find((item) => item.currency === 'USD');
  expect(usd, JSON.stringify(created.body)).toBeDefined();
  await call('PUT', `/api/wallet/accounts/${usd?.id}/switch`, { token: player.token });
  return player;
}

/** The viewport only: a modal is fixed over the page. */
async function viewShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(artifactsDir, 'screenshots', `${name}.png`) });
}

/** Before a screenshot: the toasts gone. */
async function settle(page: Page) {
  await expect.poll(() => page.locator('.toast__item').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(300);
}

async function expectNoSeriousViolations(page: Page, label: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${label}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

describe('limits page', () => {
  it('sets a deposit limit and meets it in the wallet', async () => {
    const player = await usdPlayer('limits-deposit');
    const { context, page, errors } = await signedInPage(browser, player.token);
    await page.goto(`${baseUrl}/profile/limits`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Responsible gaming limits' }).count()).toBe(1);
    await page.getByText('You have not set any limits yet.').waitFor();

    // A daily deposit limit of 30 USD; an empty amount is refused before it is sent.
    await page.getByRole('button', { name: 'Add limit' }).click();
    const add = dialog(page, 'add-cash-limit');
    await add.waitFor();
    expect(await add.getByLabel('Limit type').inputValue()).toBe('3');
    expect(await add.getByRole('tab', { name: 'Daily' }).getAttribute('aria-selected')).toBe('true');
    expect(await add.getByLabel('Currency').inputValue()).toBe('USD');
    await add.getByRole('button', { name: 'Set limit' }).click();
    await add.getByText('Enter an amount greater than zero.').waitFor();
    await settle(page);
    await expectNoSeriousViolations(page, 'add-cash-limit');
    await viewShot(page, 'limits-add-modal-1440');
    await add.getByLabel('Amount (USD)').fill('30');
    await add.getByRole('button', { name: 'Set limit' }).click();
    await toast(page, 'Limit set').waitFor();
    await expect.poll(() => add.count()).toBe(0);
    const deposit = card(page, 'Deposit limit', 'daily');
    await deposit.getByText('Used: 0.00 USD of 30.00 USD').waitFor();
    expect(await deposit.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');

    // Deposit 30 USD by card through the sandbox provider's window.
    await page.goto(`${baseUrl}/?wallet=deposit`);
    const wallet = dialog(page, 'wallet');
    await wallet.waitFor();
    expect(await wallet.locator('.wallet-limit').count()).toBe(0);
    await wallet.locator('[data-method="sandbox.card"]').click();
    await wallet.getByLabel('Amount (USD)').fill('30');
    await wallet.getByRole('radio', { name: /No bonus/ }).check();
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      wallet.getByRole('button', { name: /^Deposit 30/ }).click(),
    ]);
    await popup.waitForURL(/\/api\/dev\/psp\/payments\//);
    await popup.getByRole('button', { name: 'Pay', exact: true }).click();
    await dialog(page, 'deposit-success').waitFor({ timeout: 20_000 });

    // The limit is met: the methods answer 13100 and the wallet shows the limit card.
    const token = await browserToken(context);
    await expect
      .poll(async () => (await call('GET', '/api/payment/methods/deposit?currency=USD', { token })).body.error?.code)
      .toBe(13100);
    await page.goto(`${baseUrl}/?wallet=deposit`);
    await wallet.waitFor();
    const limitCard = wallet.locator('.wallet-limit');
    await limitCard.getByRole('heading', { name: 'Deposit limit reached' }).waitFor();
    await limitCard.getByText(/Used 30\.00 USD of 30\.00 USD\. Resets on/).waitFor();
    expect(await wallet.locator('[data-method="sandbox.card"]').count()).toBe(0);
    await settle(page);
    await viewShot(page, 'limits-wallet-deposit-limit-1440');

    // 'More info' closes the wallet and goes to the limits page, which shows the limit used up.
    await limitCard.getByRole('button', { name: 'More info' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/profile/limits');
    await expect.poll(() => wallet.count()).toBe(0);
    await deposit.getByText('Used: 30.00 USD of 30.00 USD').waitFor();
    expect(await deposit.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    // Raising it waits 24 hours: the card shows the pending increase and its countdown.
    await deposit.getByRole('button', { name: 'Edit Deposit limit, Daily, USD' }).click();
    const edit = dialog(page, 'edit-cash-limit');
    await edit.waitFor();
    await edit.getByText('Current limit: 30.00 USD').waitFor();
    await edit.getByLabel('New amount (USD)').fill('50');
    await edit.getByText('A higher amount applies only after 24 hours').waitFor();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Change pending').waitFor();
    await deposit.getByText('Increase to 50.00 USD pending').waitFor();
    await deposit.getByText(/Less than one day left \(23 h \d+ min\)/).waitFor();
    expect(await deposit.getByText('Used: 30.00 USD of 30.00 USD').count()).toBe(1);

    // A weekly bet limit and a monthly loss limit: three period groups covering USD, so the
    // advanced table is offered.
    for (const [definition, period, amount] of [
      [1, 'weekly', 200],
      [2, 'monthly', 500],
    ] as const) {
      const added = await call('POST', '/api/player/limits', {
        token: await browserToken(context),
        body: { definition, period, amount, currency: 'USD' },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    await page.reload();
    await card(page, 'Bet limit', 'weekly').waitFor();
    await card(page, 'Loss limit', 'monthly').waitFor();
    await settle(page);
    await expectNoSeriousViolations(page, 'limits page');
    await screenshot(page, 'limits-page-1440');

    const advanced = page.getByRole('switch', { name: 'Advanced mode' });
    await advanced.focus();
    await page.keyboard.press('Space');
    const table = page.getByRole('table', { name: 'Limits by period and currency' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(4);
    expect(
      await table
        .getByRole('row', { name: /Deposit limit/ })
        .getByText('Pending')
        .count(),
    ).toBe(1);
    await screenshot(page, 'limits-page-advanced-1440');

    // The same page on a phone.
    const phone = await signedInPage(browser, await browserToken(context), { width: 390, height: 844 });
    await phone.page.goto(`${baseUrl}/profile/limits`);
    await card(phone.page, 'Deposit limit', 'daily').getByText('Increase to 50.00 USD pending').waitFor();
    await settle(phone.page);
    await screenshot(phone.page, 'limits-page-390');
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.context.close();

    // The only failed requests are the deposit methods refused with 13100 (HTTP 400).
    expect(errors.filter((error) => !error.includes('status of 400 (Bad Request)'))).toEqual([]);
    await context.close();
  });

  it('takes a cooling-off, is signed out and cannot play', async () => {
    const player = await usdPlayer('limits-cooling-off');
    const { context, page } = await signedInPage(browser, player.token);
    await page.goto(`${baseUrl}/profile/limits`);
    await page.getByRole('heading', { level: 2, name: 'Breaks and self-exclusion' }).waitFor();
    await page.getByRole('button', { name: 'Take a break' }).click();
    const modal = dialog(page, 'cooling-off-limit');
    await modal.waitFor();
    expect(await modal.getByRole('radio', { name: '24 hours' }).isChecked()).toBe(true);
    await modal.getByRole('radio', { name: '3 days' }).check();
    // The tick box is the positive confirmation: without it nothing is sent.
    await modal.getByRole('button', { name: 'Start my break' }).click();
    await modal.getByText('Tick the box to confirm.').waitFor();
    await settle(page);
    await viewShot(page, 'limits-cooling-off-modal-1440');
    await modal.getByRole('checkbox', { name: /I want to take a break/ }).focus();
    await page.keyboard.press('Space');
    await modal.getByRole('button', { name: 'Start my break' }).click();

    // Started: the alert, then the tab is signed out on the home page without a sign-in prompt.
    await toast(page, 'Break started').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    const signInButton = page.locator('.header').getByRole('button', { name: 'Sign in' });
    await signInButton.waitFor();
    expect(await dialog(page, 'sign-in').count()).toBe(0);
    // The server ended the session the page had.
    expect((await call('GET', '/api/player/limits', { token: player.token })).status).toBe(401);

    // Signing in is still possible (to withdraw), but play and deposits are not.
    await signInButton.click();
    const signIn = dialog(page, 'sign-in');
    await signIn.getByRole('textbox', { name: 'E-mail', exact: true }).fill(player.email);
    await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => signIn.count()).toBe(0);
    await page.locator('.wallet-header__button').waitFor();

    await page.goto(`${baseUrl}/profile/limits`);
    const coolingOff = page.locator('.limits__break[data-state="active"]');
    await coolingOff.getByText('Break in progress').waitFor();
    await coolingOff.getByText(/You are on a break until/).waitFor();
    expect(await page.getByRole('button', { name: 'Take a break' }).count()).toBe(0);
    await settle(page);
    await screenshot(page, 'limits-cooling-off-page-1440');

    // It can be made longer, never shorter, and that keeps the player signed in.
    await coolingOff.getByRole('button', { name: 'Make it longer' }).click();
    const extend = dialog(page, 'cooling-off-limit');
    await extend.getByRole('heading', { name: 'Make your break longer' }).waitFor();
    await expect.poll(() => extend.getByRole('radio').count()).toBe(4);
    expect(await extend.getByRole('radio', { name: '24 hours' }).count()).toBe(0);
    await extend.getByRole('radio', { name: '2 weeks' }).check();
    await extend.getByRole('checkbox', { name: /I want my break to last longer/ }).check();
    await expectNoSeriousViolations(page, 'cooling-off extension');
    await extend.getByRole('button', { name: 'Extend my break' }).click();
    await toast(page, 'Period extended').waitFor();
    await expect.poll(() => extend.count()).toBe(0);
    await coolingOff.getByText(/\d+ d \d+ h left/).waitFor();
    expect(await coolingOff.textContent()).toMatch(/1[34] d \d+ h left/);
    expect(new URL(page.url()).pathname).toBe('/profile/limits');

    await page.goto(`${baseUrl}/?wallet=deposit`);
    const wallet = dialog(page, 'wallet');
    await wallet.locator('.wallet-limit').getByRole('heading', { name: 'You are taking a break' }).waitFor();
    await settle(page);
    await viewShot(page, 'limits-wallet-cooling-off-1440');

    await page.goto(`${baseUrl}/games/dice`);
    await page.getByTestId('game-play').click();
    const refused = dialog(page, 'game-limit-reached');
    await refused.getByText('Play is paused by your self-exclusion or cooling-off limit.').waitFor();
    expect(await page.getByTestId('game-frame').count()).toBe(0);
    await viewShot(page, 'limits-game-refused-1440');
    await refused.getByRole('button', { name: 'View my limits' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/profile/limits');

    const token = await browserToken(context);
    const launch = await call('POST', '/api/game/games/dice/play', { token, body: { demoMode: false, platform: 2 } });
    expect(launch.body.error?.code).toBe(14105);
    await context.close();
  });

  it('self-excludes after ticking the box, at 390 px: signed out, and the page says until when', async () => {
    const player = await usdPlayer('limits-exclusion');
    const { context, page } = await signedInPage(browser, player.token, { width: 390, height: 844 });
    await page.goto(`${baseUrl}/profile/limits`);
    await page.getByRole('button', { name: 'Self-exclude' }).click();
    const modal = dialog(page, 'self-exclusion-limit');
    await modal.waitFor();
    expect(await modal.getByRole('radio', { name: '6 months' }).isChecked()).toBe(true);
    await modal.getByRole('radio', { name: '1 year' }).check();
    await modal.getByRole('button', { name: 'Exclude me' }).click();
    await modal.getByText('Tick the box to confirm.').waitFor();
    await settle(page);
    await viewShot(page, 'limits-self-exclusion-modal-390');
    await modal.getByRole('checkbox', { name: /I understand that self-exclusion/ }).check();
    await modal.getByRole('button', { name: 'Exclude me' }).click();
    await toast(page, 'Self-exclusion active').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await dialog(page, 'sign-in').count()).toBe(0);
    expect((await call('GET', '/api/player/limits', { token: player.token })).status).toBe(401);

    // Signed in again (to withdraw): the page shows the exclusion and offers no way round it.
    const again = await signIn(player.email, PASSWORD);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const { context: second, page: back } = await signedInPage(browser, again.body.data?.accessToken ?? '', {
      width: 390,
      height: 844,
    });
    await back.goto(`${baseUrl}/profile/limits`);
    const exclusion = back.locator('.limits__break[data-state="active"]');
    await exclusion.getByText('Self-exclusion in force').waitFor();
    await exclusion.getByText(/You are self-excluded until/).waitFor();
    expect(await back.getByRole('button', { name: 'Self-exclude' }).count()).toBe(0);
    expect(await back.getByRole('button', { name: 'Take a break' }).count()).toBe(0);
    await settle(back);
    await screenshot(back, 'limits-self-excluded-390');
    await second.close();
    await context.close();
  });
});
