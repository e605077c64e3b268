import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { ADMIN_KEY, baseUrl, browserToken, call, registerPlayer, signedInPage } from './api';
import { artifactsDir, dialog, launchBrowser, recordSubscriptions, screenshot } from './browser';

/**
 * Bonuses in the browser (docs/bonuses.md): a new player deposits 100 USD by card with the
 * welcome package's first step, which the wallet's bonus picker chose by itself; the
 * bonus is active on /profile/bonuses (100 USD, 35× wager, 3,500 USD left, max bet 5 USD),
 * its details open, it is cancelled through the confirmation and shows in the history as
 * cancelled, and the bonus balance is back to 0. Screenshots of the picker and the page at
 * 1440 and 390 px, and the accessibility check.
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
  status: number;
  bonusBalance: number;
}

/** Bonus cards, not the free-spin grants' cards (the welcome deposit also gives free spins). */
const BONUS_CARD = '.bonus-card:not(.freespin-card)';
const PHONE = { width: 390, height: 844 };

/** A new player whose active account is USD. */
async function usdPlayer(label: string): Promise<string> {
  const { token } = await registerPlayer(label);
  const created = await call<Account[]>('POST', '/api/wallet/accounts', { token, body: { currency: 'USD' } });
  const usd = (created.body.data ?? []).find((item) => item.currency === 'USD');
  expect(usd, JSON.stringify(created.body)).toBeDefined();
  await call('PUT', `/api/wallet/accounts/${usd?.id}/switch`, { token });
  return token;
}

async function bonusBalance(token: string): Promise<number | undefined> {
  const answer = await call<Account[]>('GET', '/api/wallet/accounts', { token });
  expect(answer.status).toBe(200);
  return answer.body.data?.find((item) => item.currency === 'USD')?.bonusBalance;
}

/** Deposits `amount` USD by card through the API with `bonusId`, and pays it on the provider's side. */
async function depositWithBonus(token: string, amount: number, bonusId: string | null): Promise<void> {
  const accounts = await call<Account[]>('GET', '/api/wallet/accounts', { token });
  const usd = (accounts.body.data ?? []).find((item) => item.currency === 'USD');
  const deposit = await call<{ action?: string }>('POST', '/api/payment/invoices/deposit', {
    token,
    body: { currency: 'USD', accountId: usd?.id, method: 'sandbox.card', amount, bonusId, isBonusDecline: !bonusId },
  });
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
  const paymentId = /\/api\/dev\/psp\/payments\/([0-9a-f-]{36})/.exec(deposit.body.data?.action ?? '')?.[1];
  const paid = await fetch(`${baseUrl}/api/dev/psp/payments/${paymentId ?? ''}/succeed?view=window`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(paid.status).toBeLessThan(400);
}

interface Offer {
  id: string;
  package: { id: string } | null;
}

async function expectNoSeriousViolations(page: Page) {
  const violations = await seriousViolations(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

/** The viewport only: the wallet is a fixed modal, a full-page shot would show the page under it. */
async function viewShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(artifactsDir, 'screenshots', `${name}.png`) });
}

/** Before a screenshot: the start-up preloader gone and its fade over, the toasts gone. */
async function settle(page: Page) {
  await expect.poll(() => page.locator('#preloader:not([data-state="hidden"])').count()).toBe(0);
  await expect.poll(() => page.locator('.toast__item').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(350);
}

/** The wallet's deposit form with the sandbox card chosen and `amount` typed; its bonus picker loaded. */
async function cardDeposit(page: Page, amount: string) {
  await page.goto(`${baseUrl}/?wallet=deposit`);
  const wallet = dialog(page, 'wallet');
  await wallet.waitFor();
  await wallet.locator('[data-method="sandbox.card"]').click();
  await wallet.getByLabel('Amount (USD)').fill(amount);
  const picker = wallet.getByTestId('bonus-picker');
  await picker.locator('.bonus-offer[data-package]').waitFor();
  return { wallet, picker };
}

describe('bonuses', () => {
  it('deposits with the welcome bonus chosen by default, shows it active, details it, cancels it into the history', async () => {
    const token = await usdPlayer('bonus-journey');
    const { context, page, errors } = await signedInPage(browser, token);

    // The picker: the package's first step is chosen for 100 USD; the reload bonus is offered too.
    const { wallet, picker } = await cardDeposit(page, '100');
    const welcome = picker.locator('.bonus-offer[data-package]');
    await expect.poll(() => welcome.locator('input[type="radio"]').isChecked()).toBe(true);
    expect(await welcome.textContent()).toContain('Welcome package');
    expect(await welcome.textContent()).toContain('Deposit 1');
    expect(await welcome.textContent()).toContain('100% up to 500.00 USD');
    expect(await welcome.textContent()).toContain('+ 100 free spins');
    expect(await welcome.textContent()).toContain('Min. deposit 20.00 USD');
    expect(await welcome.textContent()).toContain('Wager 35×');
    expect(await welcome.textContent()).toContain('Max. bet 5.00 USD');
    const welcomeId = await welcome.getAttribute('data-bonus-id');
    expect(await picker.getByRole('radio', { name: /No bonus/ }).isChecked()).toBe(false);

    // Declining and choosing again work from the keyboard and the mouse.
    await picker.getByRole('radio', { name: /No bonus/ }).check();
    expect(await welcome.locator('input').isChecked()).toBe(false);
    await welcome.locator('label').click();
    expect(await welcome.locator('input').isChecked()).toBe(true);
    await page.waitForTimeout(300);
    await settle(page);
    await viewShot(page, 'bonuses-picker-desktop');

    // The package's details open over the wallet and close back to it.
    await welcome.getByRole('button', { name: 'Details of Welcome package' }).click();
    const offerDetails = dialog(page, 'bonus-details');
    await offerDetails.waitFor();
    await expect.poll(() => offerDetails.textContent()).toContain('Minimum deposit20.00 USD');
    expect(await offerDetails.textContent()).toContain('35× the bonus amount');
    await viewShot(page, 'bonuses-offer-details-desktop');
    await offerDetails.locator('.modal__actions').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => offerDetails.count()).toBe(0);

    // Pay by card in the provider's window: the deposit names the bonus.
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/payment/invoices/deposit'));
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      wallet.getByRole('button', { name: /^Deposit 100/ }).click(),
    ]);
    const body = (await sent).postDataJSON() as { bonusId: string | null; isBonusDecline: boolean };
    expect(body).toMatchObject({ bonusId: welcomeId, isBonusDecline: false });
    await popup.waitForURL(/\/api\/dev\/psp\/payments\//);
    await popup.getByRole('button', { name: 'Pay', exact: true }).click();
    await dialog(page, 'deposit-success').waitFor({ timeout: 20_000 });

    // The bonus is active: 100 USD, 35× (3,500 USD left to wager), max bet 5 USD.
    await page.goto(`${baseUrl}/profile/bonuses`);
    const card = page.locator(BONUS_CARD).first();
    await card.waitFor();
    expect(await page.locator(BONUS_CARD).count()).toBe(1);
    // The first step's 100 free spins came with it, active.
    expect(await page.getByTestId('freespin-card').textContent()).toContain('100');
    expect(await card.getAttribute('data-status')).toBe('active');
    expect(await card.textContent()).toContain('Active');
    expect(await card.getByTestId('bonus-amount').textContent()).toBe('100.00 USD');
    expect(await card.locator('[data-fact="wager"] dd').textContent()).toBe('35×');
    expect(await card.locator('[data-fact="left"] dd').textContent()).toBe('3,500.00 USD');
    expect(await card.locator('[data-fact="maxBet"] dd').textContent()).toBe('5.00 USD');
    expect(await card.getByTestId('bonus-progress').textContent()).toBe('0.00%');
    expect(await card.textContent()).toContain('Wagered 0.00 USD of 3,500.00 USD');
    await expect.poll(() => page.getByTestId('bonus-balance').textContent()).toContain('100.00 USD');
    await settle(page);
    await screenshot(page, 'bonuses-page-desktop');
    await expectNoSeriousViolations(page);

    // Its details.
    await card.getByRole('button', { name: 'Details' }).click();
    const details = dialog(page, 'bonus-details');
    await details.waitFor();
    await expect.poll(() => details.textContent()).toContain('Bonus amount100.00 USD');
    expect(await details.textContent()).toContain('Left to wager3,500.00 USD');
    expect(await details.textContent()).toContain('Maximum bet5.00 USD');
    expect(await details.textContent()).toContain('Slots100%');
    await viewShot(page, 'bonuses-details-desktop');
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => details.count()).toBe(0);

    // The phone layout of the same page, in another tab of the same session.
    const phone = await signedInPage(browser, await browserToken(context), PHONE);
    await phone.page.goto(`${baseUrl}/profile/bonuses`);
    await phone.page.locator(BONUS_CARD).waitFor();
    await settle(phone.page);
    await screenshot(phone.page, 'bonuses-page-mobile');
    const widths = await phone.page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
    await expectNoSeriousViolations(phone.page);
    await phone.context.close();

    // Cancel it through the confirmation (keeping the bonus is the default button).
    await card.getByRole('button', { name: 'Cancel bonus' }).click();
    const confirm = dialog(page, 'cancel-active-bonus');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Cancel active bonus?');
    await expect.poll(() => confirm.textContent()).toContain('Welcome package: deposit 1');
    await viewShot(page, 'bonuses-cancel-confirm-desktop');
    await confirm.getByRole('button', { name: 'Cancel bonus' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => page.locator(BONUS_CARD).count()).toBe(0);
    // The step's free spins stay (they hold no money and were given beside the bonus), so the
    // list is not empty.
    expect(await page.getByTestId('freespin-card').count()).toBe(1);
    // The card that opened the confirmation is gone: focus is on the list's heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Active and issued');
    await expect.poll(() => page.getByTestId('bonus-balance').textContent()).toContain('0.00 USD');
    expect(await bonusBalance(await browserToken(context))).toBe(0);

    // The history shows it cancelled.
    await page.getByRole('tab', { name: 'History' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('history');
    const finished = page.locator(BONUS_CARD).first();
    await finished.waitFor();
    expect(await finished.getAttribute('data-status')).toBe('canceled');
    expect(await finished.textContent()).toContain('Cancelled');
    expect(await finished.textContent()).toContain('Welcome package: deposit 1');
    expect(await finished.getByRole('button', { name: 'Cancel bonus' }).count()).toBe(0);
    await settle(page);
    await screenshot(page, 'bonuses-history-desktop');
    await expectNoSeriousViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the picker on a phone, an offer the amount does not fit with its minimum, and deposits 10 USD without a bonus', async () => {
    const token = await usdPlayer('bonus-phone');
    const { context, page, errors } = await signedInPage(browser, token, PHONE);
    const { wallet, picker } = await cardDeposit(page, '25');
    // 25 USD: the welcome step (from 20 USD) fits, the reload bonus (from 30 USD) does not.
    const reload = picker.locator('.bonus-offer:not([data-package]):not(.bonus-offer--none)');
    await expect.poll(() => picker.locator('.bonus-offer[data-package] input').isChecked()).toBe(true);
    await expect.poll(() => reload.count()).toBeGreaterThan(0);
    expect(await reload.first().locator('input').isDisabled()).toBe(true);
    expect(await reload.first().textContent()).toContain('Deposit at least 30.00 USD');
    await settle(page);
    await viewShot(page, 'bonuses-picker-mobile');
    await picker.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await viewShot(page, 'bonuses-picker-mobile-scrolled');
    await expectNoSeriousViolations(page);

    // 10 USD fits no bonus: "No bonus" is chosen, and the deposit declines explicitly.
    await wallet.getByLabel('Amount (USD)').fill('10');
    await expect.poll(() => picker.getByRole('radio', { name: /No bonus/ }).isChecked()).toBe(true);
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/payment/invoices/deposit'));
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      wallet.getByRole('button', { name: /^Deposit 10/ }).click(),
    ]);
    expect((await sent).postDataJSON()).toMatchObject({ bonusId: null, isBonusDecline: true });
    await popup.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a bonus live, and activates it over the active one after the switch confirmation', async () => {
    const { id: playerId, token } = await registerPlayer('bonus-switch');
    const created = await call<Account[]>('POST', '/api/wallet/accounts', { token, body: { currency: 'USD' } });
    const usd = (created.body.data ?? []).find((item) => item.currency === 'USD');
    await call('PUT', `/api/wallet/accounts/${usd?.id}/switch`, { token });
    const offers = await call<Offer[]>('GET', '/api/game/bonuses?currency=USD', { token });
    const welcomeStep = (offers.body.data ?? []).find((item) => item.package !== null);
    const reload = (offers.body.data ?? []).find((item) => item.package === null);
    expect(welcomeStep && reload, JSON.stringify(offers.body)).toBeTruthy();
    await depositWithBonus(token, 50, welcomeStep?.id ?? null);
    await expect.poll(async () => bonusBalance(token), { timeout: 15_000 }).toBe(50);

    const { context, page, errors } = await signedInPage(browser, token);
    const subscriptions = recordSubscriptions(page);
    await page.goto(`${baseUrl}/profile/bonuses`);
    await page.locator(`${BONUS_CARD}[data-status="active"]`).waitFor();
    // The bonus channel is subscribed (the gateway confirmed every subscription) before the event is sent.
    await expect.poll(() => subscriptions.ready(`bonus:player-bonuses#${playerId}`), { timeout: 15_000 }).toBe(true);

    // The operator gives the reload bonus: it appears without a reload of the page, with its alert.
    const issued = await fetch(`${baseUrl}/api/admin/players/${playerId}/bonuses`, {
      method: 'POST',
      headers: { 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ bonusId: reload?.id, currency: 'USD', depositAmount: 200 }),
    });
    expect(issued.status, await issued.clone().text()).toBe(201);
    const fresh = page.locator(`${BONUS_CARD}[data-status="issued"]`);
    await fresh.waitFor({ timeout: 15_000 });
    await page.locator('.toast__item', { hasText: 'New bonus available' }).waitFor();
    expect(await fresh.getByTestId('bonus-amount').textContent()).toBe('50.00 USD');

    // Activating it over the active one asks first; keeping is the default, switching confirms.
    await fresh.getByRole('button', { name: 'Activate' }).click();
    const change = dialog(page, 'change-active-bonus');
    await change.waitFor();
    await expect.poll(() => change.textContent()).toContain('Current bonus');
    expect(await change.textContent()).toContain('Welcome package: deposit 1');
    expect(await change.textContent()).toContain('Reload bonus');
    await settle(page);
    await viewShot(page, 'bonuses-change-confirm-desktop');
    await expectNoSeriousViolations(page);
    await change.getByRole('button', { name: 'Switch bonus' }).click();
    await expect.poll(() => change.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Active and issued');
    await expect.poll(() => page.locator(BONUS_CARD).count()).toBe(1);
    const active = page.locator(`${BONUS_CARD}[data-status="active"]`);
    await expect.poll(() => active.locator('.bonus-card__title').textContent()).toContain('Reload bonus');
    // The reload's 50 USD replaced the welcome step's 50 USD in the bonus balance.
    await expect.poll(() => page.getByTestId('bonus-balance').textContent()).toContain('50.00 USD');
    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => page.locator(`${BONUS_CARD}[data-status="canceled"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
