import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { baseUrl, call, registerPlayer, signedInPage as signedInPageOf } from './api';
import { artifactsDir, launchBrowser, screenshot } from './browser';

/**
 * The transactions history and the wallet page (issue 6 point 7): a sandbox card deposit
 * and a withdrawal show in /profile/history with their status, the type filter lives in
 * the URL, the pending withdrawal is cancelled from its row, /profile/wallet shows the
 * accounts and payment totals; desktop and 375 px.
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
  withdrawalBalance: number;
}

async function register(label: string): Promise<string> {
  return (await registerPlayer(label)).token;
}

const signedInPage = (token: string, size?: { width: number; height: number }) => signedInPageOf(browser, token, size);

async function expectNoSeriousViolations(page: Page) {
  const violations = await seriousViolations(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

/** Nothing of the page wider than the phone; the message names what sticks out. */
async function expectNoHorizontalOverflow(page: Page, widthPx: number, scope = '.header, .profile-page') {
  const wide = await page.evaluate(
    ({ limit, selector }) =>
      Array.from(
        document.querySelectorAll(
          selector
            .split(',')
            .map((part) => `${part.trim()} *`)
            .join(', '),
        ),
      )
        .filter((element) => {
          const right = element.getBoundingClientRect().right;
          const card = element.closest('.profile-card')?.getBoundingClientRect().right ?? limit;
          return right > Math.min(limit, card) + 0.5;
        })
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${String(element.className)} ${element.getBoundingClientRect().right}`,
        )
        .slice(0, 8),
    { limit: widthPx, selector: scope },
  );
  expect(wide).toEqual([]);
}

async function invoiceStatus(token: string, invoiceId: string): Promise<number | undefined> {
  const answer = await call('GET', `/api/payment/invoices/${invoiceId}`, { token });
  return (answer.body.data as { status?: number } | undefined)?.status;
}

/** A USD player with one successful sandbox card deposit and one pending card withdrawal. */
async function playerWithPayments(page: Page, token: string) {
  const created = await call('POST', '/api/wallet/accounts', { token, body: { currency: 'USD' } });
  const usd = (created.body.data as Account[]).find((item) => item.currency === 'USD');
  expect(usd).toBeDefined();
  await call('PUT', `/api/wallet/accounts/${usd?.id}/switch`, { token });

  // Deposit through the sandbox provider's hosted page: the payer presses Pay.
  const deposit = await call('POST', '/api/payment/invoices/deposit', {
    token,
    body: { method: 'sandbox.card', currency: 'USD', amount: 50, accountId: usd?.id },
  });
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
  const started = deposit.body.data as { invoiceId: string; action: string; fields: Record<string, string> };
  const payment = new URL(started.action, baseUrl);
  for (const [key, value] of Object.entries(started.fields)) payment.searchParams.set(key, value);
  await page.goto(payment.toString());
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect.poll(() => invoiceStatus(token, started.invoiceId), { timeout: 15_000 }).toBe(2);

  // A withdrawal waits for the operator (no auto-approval in the test server).
  await call('POST', `/api/dev/wallet/accounts/${usd?.id}/fund`, { token, body: { amount: 100 } });
  const withdrawal = await call('POST', '/api/payment/invoices/withdrawal', {
    token,
    body: {
      method: 'sandbox.card_payout',
      currency: 'USD',
      amount: 30,
      accountId: usd?.id,
      fields: { wallet_id: '4111111111111111' },
    },
  });
  expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
  const requested = withdrawal.body.data as { invoiceId: string; status: number };
  expect(requested.status).toBe(1);
  return { depositId: started.invoiceId, withdrawalId: requested.invoiceId };
}

/** Before a screenshot: the start-up preloader gone and its 300 ms fade over. */
async function shot(page: Page, name: string) {
  await expect.poll(() => page.locator('#preloader:not([data-state="hidden"])').count()).toBe(0);
  await page.waitForTimeout(350);
  await screenshot(page, name);
}

const row = (page: Page, invoiceId: string) => page.locator(`[data-invoice="${invoiceId}"]`);

describe('transactions history and wallet page', () => {
  it('lists, filters and cancels transactions; shows the wallet page (desktop)', async () => {
    const token = await register('history');
    const { context, page, errors } = await signedInPage(token);
    const { depositId, withdrawalId } = await playerWithPayments(page, token);

    await page.goto(`${baseUrl}/profile/history`);
    const table = page.locator('table.history-table');
    await table.waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    await expect.poll(() => row(page, depositId).textContent()).toContain('Successful');
    expect(await row(page, depositId).textContent()).toContain('+50.00 USD');
    // The method's name arrives with the methods list (its id until then).
    await expect.poll(() => row(page, depositId).textContent()).toContain('Card');
    expect(await row(page, withdrawalId).textContent()).toContain('Pending');
    expect(await row(page, withdrawalId).textContent()).toContain('−30.00 USD');
    await shot(page, 'history-desktop');
    await expectNoSeriousViolations(page);

    // The type filter goes into the URL and narrows the list.
    await page.getByLabel('Type', { exact: true }).selectOption('withdrawal');
    await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('withdrawal');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await row(page, withdrawalId).count()).toBe(1);

    // Cancel the pending withdrawal, after confirming; the row and the balance update.
    await row(page, withdrawalId).getByRole('button', { name: 'Cancel request' }).click();
    await expect.poll(() => row(page, withdrawalId).textContent()).toContain('Cancel this withdrawal?');
    // The viewport only: a full-page shot resizes the window, and the layout re-mounts the page on that.
    await page.screenshot({ path: path.join(artifactsDir, 'screenshots', 'history-cancel-confirm.png') });
    await row(page, withdrawalId).getByRole('button', { name: 'Cancel request' }).click();
    await expect.poll(() => row(page, withdrawalId).textContent()).toContain('Cancelled');
    expect(await row(page, withdrawalId).getByRole('button').count()).toBe(0);
    expect(await invoiceStatus(token, withdrawalId)).toBe(3);

    // A URL with filters opens filtered; an empty result says so.
    await page.goto(`${baseUrl}/profile/history?type=deposit&status=pending`);
    await page.locator('.state--empty').waitFor();
    expect(await page.getByLabel('Type', { exact: true }).inputValue()).toBe('deposit');
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    expect(new URL(page.url()).search).toBe('');

    // The wallet page: the account with its balances, the totals, the wallet modal on the right tab.
    await page.goto(`${baseUrl}/profile/wallet`);
    const account = page.locator('.wallet-page__account[data-currency="USD"]');
    await account.waitFor();
    expect(await account.getAttribute('data-active')).toBe('true');
    await expect.poll(() => account.textContent()).toContain('150.00 USD');
    const stats = page.locator('.wallet-page__stat[data-currency="USD"]');
    await stats.waitFor();
    expect(await stats.textContent()).toContain('Deposits (1)');
    expect(await stats.textContent()).toContain('50.00 USD');
    await shot(page, 'profile-wallet-desktop');
    await expectNoSeriousViolations(page);
    await account.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const wallet = page.locator('[role="dialog"][data-modal-name="wallet"]');
    await wallet.waitFor();
    await expect.poll(() => wallet.getByRole('heading', { level: 2 }).textContent()).toBe('Withdraw');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a declined withdrawal is requested again and approved by the operator; the list follows live', async () => {
    const token = await register('history-approve');
    const { context, page } = await signedInPage(token);
    const { withdrawalId } = await playerWithPayments(page, token);
    await page.goto(`${baseUrl}/profile/history`);
    await row(page, withdrawalId).getByRole('button', { name: 'Cancel request' }).click();
    await row(page, withdrawalId).getByRole('button', { name: 'Cancel request' }).click();
    await expect.poll(() => row(page, withdrawalId).textContent()).toContain('Cancelled');

    // Requested again (the declined money came back), then approved through the operator API.
    const accounts = await call('GET', '/api/wallet/accounts', { token });
    const usd = (accounts.body.data as Account[]).find((item) => item.currency === 'USD');
    const again = await call('POST', '/api/payment/invoices/withdrawal', {
      token,
      body: {
        method: 'sandbox.card_payout',
        currency: 'USD',
        amount: 30,
        accountId: usd?.id,
        fields: { wallet_id: '4111111111111111' },
      },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const secondId = (again.body.data as { invoiceId: string }).invoiceId;
    await expect.poll(() => row(page, secondId).textContent()).toContain('Pending');
    const approved = await fetch(`${baseUrl}/api/admin/payments/withdrawals/${secondId}/approve`, {
      method: 'POST',
      headers: { 'x-admin-key': 'e2e-operator-key-0123456789abcdefghijklmnop' },
    });
    expect(approved.status, await approved.text()).toBe(200);
    // The sandbox pays out and its webhook settles the invoice; the socket event updates the row.
    await expect.poll(() => invoiceStatus(token, secondId), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => row(page, secondId).textContent(), { timeout: 15_000 }).toContain('Successful');
    expect(await row(page, secondId).getByRole('button').count()).toBe(0);
    await context.close();
  });

  it('shows cards at 375 px', async () => {
    const token = await register('history-mobile');
    const { context, page } = await signedInPage(token, { width: 375, height: 812 });
    const { withdrawalId } = await playerWithPayments(page, token);

    await page.goto(`${baseUrl}/profile/history`);
    const cards = page.locator('.history-card');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await page.locator('table.history-table').count()).toBe(0);
    await expectNoHorizontalOverflow(page, 375);
    await shot(page, 'history-mobile');
    await expectNoSeriousViolations(page);
    await row(page, withdrawalId).getByRole('button', { name: 'Cancel request' }).click();
    await row(page, withdrawalId).getByRole('button', { name: 'Cancel request' }).click();
    await expect.poll(() => row(page, withdrawalId).textContent()).toContain('Cancelled');

    await page.goto(`${baseUrl}/profile/wallet`);
    await page.locator('.wallet-page__account[data-currency="USD"]').waitFor();
    await page.locator('.wallet-page__stat[data-currency="USD"]').waitFor();
    await expectNoHorizontalOverflow(page, 375);
    await shot(page, 'profile-wallet-mobile');
    await context.close();
  });
});
