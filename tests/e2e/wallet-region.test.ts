import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, registerPlayer, signedInPage as signedInPageOf } from './api';
import { launchBrowser, screenshot } from './browser';

/**
 * The wallet's payment region, the equivalent currency across reloads, the analytics
 * funnel of the wallet, and a crypto withdrawal (XRP with a destination tag) from request
 * to payout on the sandbox chain (issue 6).
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
  balance: number;
}

const ADMIN_KEY = 'e2e-operator-key-0123456789abcdefghijklmnop';
const dialog = (page: Page, name: string) => page.locator(`[role="dialog"][data-modal-name="${name}"]`);
const signedInPage = (token: string, size?: { width: number; height: number }) => signedInPageOf(browser, token, size);

/** A player whose active account is `currency`, funded with sandbox money (major units) when asked. */
async function playerWith(label: string, currency: string, fund = 0): Promise<{ token: string; account: Account }> {
  const { token } = await registerPlayer(label);
  const created = await call('POST', '/api/wallet/accounts', { token, body: { currency } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const account = (created.body.data as Account[]).find((item) => item.currency === currency);
  if (!account) throw new Error(`no ${currency} account`);
  expect((await call('PUT', `/api/wallet/accounts/${account.id}/switch`, { token })).status).toBe(200);
  if (fund > 0) {
    const funded = await call('POST', `/api/dev/wallet/accounts/${account.id}/fund`, { token, body: { amount: fund } });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  }
  return { token, account };
}

/** The wallet events the page pushed to the tag manager's queue. */
async function walletFunnel(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: { event?: string; funnelStep?: string }[] }).dataLayer ?? [])
      .filter((entry) => entry.event === 'wallet')
      .map((entry) => entry.funnelStep ?? ''),
  );
}

describe('wallet region, equivalent currency and analytics', () => {
  it('lists the methods of the chosen payment region and keeps the choice; the funnel is tracked', async () => {
    const { token } = await playerWith('wallet-region', 'BRL');
    const { context, page, errors } = await signedInPage(token);
    await page.goto(`${baseUrl}/?wallet=deposit`);
    const wallet = dialog(page, 'wallet');
    await wallet.waitFor();
    // BRL has the sandbox methods offered everywhere: a list, never the empty state.
    await expect.poll(() => wallet.locator('.wallet-methods__item[data-method]').count()).toBeGreaterThan(0);
    expect(await wallet.locator('.wallet-methods__empty').count()).toBe(0);
    // Pix is offered in Brazil only: not listed for a player without that region.
    expect(await wallet.locator('[data-method="sandbox.pix"]').count()).toBe(0);

    await wallet.getByRole('button', { name: 'Change' }).click();
    const region = dialog(page, 'wallet-region');
    await region.waitFor();
    await region.getByLabel('Search country').selectOption('BR');
    await screenshot(page, 'wallet-region-modal');
    await region.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('paymentGeo'))).toContain('BR');

    // Back in the wallet (reopened if the region modal replaced it), Pix is there.
    if ((await wallet.count()) === 0) await page.goto(`${baseUrl}/?wallet=deposit`);
    await wallet.waitFor();
    await wallet.locator('[data-method="sandbox.pix"]').waitFor({ timeout: 15_000 });
    await wallet.locator('[data-method="sandbox.pix"]').click();
    await wallet.getByRole('tab', { name: 'Withdraw' }).click();

    // The choice survives a reload.
    await page.reload();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('paymentGeo'))).toContain('BR');
    await page.goto(`${baseUrl}/?wallet=deposit`);
    await wallet.waitFor();
    await wallet.locator('[data-method="sandbox.pix"]').waitFor({ timeout: 15_000 });
    await wallet.locator('[data-method="sandbox.pix"]').click();
    await wallet.getByRole('tab', { name: 'Withdraw' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => wallet.count()).toBe(0);
    const steps = await walletFunnel(page);
    expect(steps[0]).toBe('open');
    expect(steps).toContain('method');
    expect(steps).toContain('operationType');
    expect(steps.at(-1)).toBe('close');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows balances also in USD after a reload until switched off', async () => {
    const { token } = await playerWith('wallet-equivalent', 'EUR', 100);
    const { context, page } = await signedInPage(token);
    await page.goto(`${baseUrl}/`);
    const balance = page.locator('.wallet-header__button');
    await expect.poll(() => balance.textContent()).toContain('EUR');
    await balance.click();
    await page.getByRole('switch', { name: 'Show balances in USD' }).click();
    await dialog(page, 'equivalent-currency').getByRole('button', { name: 'Show in USD' }).click();
    await page.reload();
    // 100 EUR at the configured rate, to two decimals.
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toMatch(/≈\s*[\d.,]+\.\d{2}\s*USD/);
    await balance.click();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Show balances in USD' }).getAttribute('aria-checked'))
      .toBe('true');
    await page.getByRole('switch', { name: 'Show balances in USD' }).click();
    await dialog(page, 'equivalent-currency').getByRole('button', { name: 'Show original currencies' }).click();
    await page.reload();
    await expect.poll(() => balance.textContent()).toContain('EUR');
    expect(await balance.textContent()).not.toContain('≈');
    await context.close();
  });
});

describe('crypto withdrawal', () => {
  it('refuses a mistyped XRP address, then pays out with a destination tag once the operator approves and the chain confirms', async () => {
    const { token } = await playerWith('wallet-xrp-out', 'XRP', 400);
    const { context, page, errors } = await signedInPage(token);
    await page.goto(`${baseUrl}/?wallet=withdraw`);
    const wallet = dialog(page, 'wallet');
    await wallet.waitFor();
    await wallet.locator('[data-method="crypto.xrp_payout"]').click();
    await wallet.getByLabel('Amount (XRP)').fill('150');
    // The pattern matches but the checksum does not (last character changed).
    await wallet.getByLabel('Wallet address').fill('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi');
    await wallet.getByLabel('Destination tag').fill('424242');
    await wallet.getByRole('button', { name: /^Withdraw 150/ }).click();
    await wallet.locator('.field__error', { hasText: 'checksum' }).waitFor();
    await screenshot(page, 'wallet-crypto-withdraw-error');

    await wallet.getByLabel('Wallet address').fill('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh');
    await wallet.getByRole('button', { name: /^Withdraw 150/ }).click();
    await page.locator('.toast__item', { hasText: 'Withdrawal requested' }).waitFor();

    const invoices = await call('GET', '/api/payment/invoices?type=2', { token });
    expect(invoices.status).toBe(200);
    const invoice = (invoices.body as { data: { id: string }[] }).data[0];
    expect(invoice).toBeDefined();
    const approved = await fetch(`${baseUrl}/api/admin/payments/withdrawals/${invoice?.id}/approve`, {
      method: 'POST',
      headers: { 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(approved.status, await approved.text()).toBe(200);

    // The sandbox chain's page, as an operator would use it: the payout is listed with its tag.
    const chain = await context.newPage();
    await chain.goto(`${baseUrl}/api/dev/crypto`);
    const row = chain.locator('tr', { hasText: 'tag 424242' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Confirm' }).click();
    await chain.locator('tr', { hasText: 'tag 424242' }).locator('.confirmed').waitFor();

    await page.goto(`${baseUrl}/profile/history`);
    await expect
      .poll(async () => {
        const answer = await call('GET', `/api/payment/invoices/${invoice?.id}`, { token });
        return (answer.body as { data: { status: number } }).data.status;
      })
      .toBe(2);
    // The refused request is the only console message: the browser logs the 422 it answered.
    expect(errors.filter((message) => !message.includes('422'))).toEqual([]);
    await context.close();
  });
});
