import path from 'node:path';
import type { DepositResponse, PaymentMethod } from '@croupier/contract';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, PASSWORD, registerPlayer, run, signedInPage } from './api';
import { artifactsDir, launchBrowser, newPage } from './browser';

/**
 * Wallet journeys to their outcome: each non-window processing type
 * of the sandbox provider paid or failed by the payer on the provider's own page, the
 * cancel-deposit confirmation, a limited-deposit profile, crypto networks and the XRP
 * destination tag, the deposit-only wallet after sign-up, an asynchronous deposit resumed
 * after the wallet was closed, and the method skeleton while the methods load.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface WalletAccount {
  id: string;
  currency: string;
  status: number;
  balance: number;
}

const dialog = (page: Page, name: string) => page.locator(`[role="dialog"][data-modal-name="${name}"]`);
const toast = (page: Page, title: string) => page.locator('.toast__item', { hasText: title });

/** A new player whose active account is `currency`. */
async function playerIn(label: string, currency: string): Promise<string> {
  const { token } = await registerPlayer(label);
  const opened = await call<WalletAccount[]>('POST', '/api/wallet/accounts', { token, body: { currency } });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const account = opened.body.data?.find((item) => item.currency === currency);
  expect(account).toBeDefined();
  const switched = await call('PUT', `/api/wallet/accounts/${account?.id}/switch`, { token });
  expect(switched.status).toBe(200);
  return token;
}

async function balanceOf(token: string, currency: string): Promise<number | undefined> {
  const answer = await call<WalletAccount[]>('GET', '/api/wallet/accounts', { token });
  expect(answer.status).toBe(200);
  return answer.body.data?.find((item) => item.currency === currency)?.balance;
}

/** The viewport only: the wallet is a fixed modal, a full-page shot would show the page under it. */
async function viewShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(artifactsDir, 'screenshots', `${name}.png`) });
}

/** The wallet on its deposit tab with `methodId` chosen, `amount` typed in and no bonus. */
async function depositForm(page: Page, methodId: string, amount: string) {
  await page.goto(`${baseUrl}/?wallet=deposit`);
  const wallet = dialog(page, 'wallet');
  await wallet.waitFor();
  await wallet.locator(`[data-method="${methodId}"]`).click();
  await expect.poll(() => wallet.locator(`[data-method="${methodId}"]`).getAttribute('aria-pressed')).toBe('true');
  await wallet.getByLabel('Amount (USD)').fill(amount);
  // Payments alone here: the deposit declines the bonus the form would choose (bonuses.test.ts has them).
  await wallet.getByRole('radio', { name: /No bonus/ }).check();
  return wallet;
}

/**
 * The payer's own phone (another browser context, not signed in to the casino) opening the
 * provider's payment page, as scanning the QR code does, and choosing there.
 */
async function payOnPhone(url: string, choice: 'Pay' | 'Fail the payment' | 'Simulate the transfer arriving') {
  const phone = await newPage(browser, { width: 390, height: 844 });
  await phone.page.goto(url);
  // The choice is made once the provider has answered the form's post (before the redirect).
  const posted = phone.page.waitForEvent(
    'requestfinished',
    (request) => request.method() === 'POST' && request.url().startsWith(`${url}/`),
  );
  await phone.page.getByRole('button', { name: choice, exact: true }).click();
  await posted;
  await phone.context.close();
}

const DEPOSIT_METHODS = /\/api\/payment\/methods\/deposit(\?|$)/;
const PAYMENT_PAGE = /^http:\/\/[^/]+\/api\/dev\/psp\/payments\/[0-9a-f-]{36}$/;

describe('sandbox deposits to their outcome', () => {
  it('scan to pay: paid on the phone, deposit-success and the new balance without a reload', async () => {
    const token = await playerIn('flows-qr-paid', 'USD');
    const { context, page, errors } = await signedInPage(browser, token);
    const wallet = await depositForm(page, 'sandbox.scan_pay', '25');
    await wallet.getByRole('button', { name: /^Deposit 25/ }).click();
    const qr = wallet.getByTestId('wallet-qr');
    await qr.waitFor();
    const payload = (await qr.getAttribute('data-payload')) ?? '';
    expect(payload).toMatch(PAYMENT_PAGE);
    expect(await balanceOf(token, 'USD')).toBe(0);

    await payOnPhone(payload, 'Pay');
    await dialog(page, 'deposit-success').waitFor({ timeout: 20_000 });
    await expect.poll(() => wallet.count()).toBe(0);
    await toast(page, 'Deposit successful').waitFor();
    await expect.poll(() => page.locator('.wallet-header__button').textContent()).toContain('25.00');
    expect(await balanceOf(token, 'USD')).toBe(25);
    await viewShot(page, 'wallet-flows-qr-success');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('scan to pay: failed by the payer, deposit-error and no money', async () => {
    const token = await playerIn('flows-qr-failed', 'USD');
    const { context, page, errors } = await signedInPage(browser, token);
    const wallet = await depositForm(page, 'sandbox.scan_pay', '30');
    await wallet.getByRole('button', { name: /^Deposit 30/ }).click();
    const qr = wallet.getByTestId('wallet-qr');
    await qr.waitFor();

    await payOnPhone((await qr.getAttribute('data-payload')) ?? '', 'Fail the payment');
    const failed = dialog(page, 'deposit-error');
    await failed.waitFor({ timeout: 20_000 });
    await expect.poll(() => wallet.count()).toBe(0);
    await viewShot(page, 'wallet-flows-qr-error');
    // "Try again" goes back to the deposit tab.
    await failed.getByRole('button', { name: 'Try again' }).click();
    await wallet.waitFor();
    await expect.poll(() => wallet.getByRole('heading', { level: 2 }).textContent()).toBe('Deposit');
    expect(await balanceOf(token, 'USD')).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('e-wallet (asyncRedirect): the QR arrives over the invoice socket event, then the payment succeeds', async () => {
    const token = await playerIn('flows-async', 'USD');
    const { context, page, errors } = await signedInPage(browser, token);
    // What the invoice channel pushed to this page.
    const pushed: string[] = [];
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString('utf8');
        if (text.includes('invoice.deposit.updated')) pushed.push(text);
      }),
    );
    const wallet = await depositForm(page, 'sandbox.ewallet', '25');
    await wallet.getByLabel('Phone number').fill('+4915112345678');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/payment/invoices/deposit'));
    await wallet.getByRole('button', { name: /^Deposit 25/ }).click();
    const { data } = (await (await answered).json()) as { data: DepositResponse };
    expect(data.processingType).toBe('asyncRedirect');
    // The answer carries no QR: the player waits for the provider.
    expect(data.qr ?? '').toBe('');
    await wallet.getByText('Waiting for your payment').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('asyncInvoiceId'))).toBe(data.invoiceId);

    const qr = wallet.getByTestId('wallet-qr');
    await qr.waitFor({ timeout: 20_000 });
    const payload = (await qr.getAttribute('data-payload')) ?? '';
    expect(payload).toMatch(PAYMENT_PAGE);
    // Delivered by the socket event of this invoice (status 1 with the QR in its public data).
    expect(pushed.some((text) => text.includes(data.invoiceId) && text.includes(payload))).toBe(true);
    expect(await wallet.getByText('Waiting for your payment').count()).toBe(0);

    await payOnPhone(payload, 'Pay');
    await dialog(page, 'deposit-success').waitFor({ timeout: 20_000 });
    await expect.poll(() => balanceOf(token, 'USD')).toBe(25);
    // The finished deposit is no longer resumed.
    expect(await page.evaluate(() => sessionStorage.getItem('asyncInvoiceId'))).toBe(null);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('bank transfer (message): deposit-pending, then the transfer arrives and the balance updates', async () => {
    const token = await playerIn('flows-transfer', 'USD');
    const { context, page, errors } = await signedInPage(browser, token);
    const wallet = await depositForm(page, 'sandbox.bank_transfer', '100');
    await wallet.getByLabel('Account holder').fill('Jane Doe');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/payment/invoices/deposit'));
    await wallet.getByRole('button', { name: /^Deposit 100/ }).click();
    const { data } = (await (await answered).json()) as { data: DepositResponse };
    const pending = dialog(page, 'deposit-pending');
    await pending.waitFor();
    await expect.poll(() => wallet.count()).toBe(0);
    expect(await balanceOf(token, 'USD')).toBe(0);
    await pending.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => pending.count()).toBe(0);

    // The bank's side, days later in real life: the transfer arrives.
    expect(data.fields.sandboxUrl).toMatch(PAYMENT_PAGE);
    await payOnPhone(data.fields.sandboxUrl ?? '', 'Simulate the transfer arriving');
    await toast(page, 'Deposit successful').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('.wallet-header__button').textContent()).toContain('100.00');
    expect(await balanceOf(token, 'USD')).toBe(100);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('wallet modal', () => {
  it('closes the wallet when leaving a deposit is confirmed', async () => {
    const token = await playerIn('flows-cancel', 'USD');
    const { context, page, errors } = await signedInPage(browser, token);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    const wallet = dialog(page, 'wallet');
    await wallet.waitFor();
    await wallet.locator('.wallet-methods__item[aria-pressed="true"]').waitFor();

    await page.keyboard.press('Escape');
    const cancel = dialog(page, 'cancel-deposit');
    await cancel.waitFor();
    await viewShot(page, 'wallet-flows-cancel-deposit');
    await cancel.getByRole('button', { name: 'Yes, leave' }).click();
    await expect.poll(() => cancel.count()).toBe(0);
    await expect.poll(() => wallet.count()).toBe(0);
    expect(new URL(page.url()).searchParams.has('wallet')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a deposit of a profile with limited deposits (status 2) with the limitedDeposit alert', async () => {
    const token = await playerIn('flows-limited', 'USD');
    const { context, page } = await signedInPage(browser, token);
    // No API or dev path sets a player's status, so the profile the page reads says 2.
    await page.route('**/api/player/profile', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { data: { status: number } };
      return route.fulfill({ response, json: { ...body, data: { ...body.data, status: 2 } } });
    });
    const deposits: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/payment/invoices/deposit')) deposits.push(request.method());
    });

    const wallet = await depositForm(page, 'sandbox.scan_pay', '25');
    await wallet.getByRole('button', { name: /^Deposit 25/ }).click();
    const alert = toast(page, 'Deposits are limited');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Deposits are currently restricted on your account.');
    // Once it has slid in, the alert is above the wallet, not hidden under it.
    await alert.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
    const onTop = await alert.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && element.contains(top);
    });
    expect(onTop).toBe(true);
    await viewShot(page, 'wallet-flows-limited-deposit');
    // Refused before asking the server: no request, no QR, the form stays.
    expect(deposits).toEqual([]);
    expect(await wallet.getByTestId('wallet-qr').count()).toBe(0);
    expect(await wallet.locator('.wallet-form').count()).toBe(1);
    expect(await dialog(page, 'deposit-error').count()).toBe(0);
    await context.close();
  });

  it('shows the limitedDeposit alert, not deposit-error, when the server refuses a deposit with 13202', async () => {
    const token = await playerIn('flows-limited-late', 'USD');
    const { context, page } = await signedInPage(browser, token);
    // The profile became limited after the page loaded it: only the server knows.
    await page.route('**/api/payment/invoices/deposit', (route) =>
      route.fulfill({
        status: 400,
        json: { error: { code: 13202, message: 'Deposits are not available for this account.' } },
      }),
    );
    const wallet = await depositForm(page, 'sandbox.scan_pay', '25');
    await wallet.getByRole('button', { name: /^Deposit 25/ }).click();
    await toast(page, 'Deposits are limited').waitFor();
    expect(await dialog(page, 'deposit-error').count()).toBe(0);
    expect(await wallet.locator('.wallet-form').count()).toBe(1);
    await context.close();
  });

  it('answers a withdrawal the server fails (not a 422) with somethingWrong; nothing leaves the balance', async () => {
    const token = await playerIn('flows-withdraw-fails', 'USD');
    const accounts = await call<WalletAccount[]>('GET', '/api/wallet/accounts', { token });
    const account = accounts.body.data?.find((item) => item.currency === 'USD');
    const funded = await call('POST', `/api/dev/wallet/accounts/${account?.id}/fund`, { token, body: { amount: 100 } });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    const { context, page } = await signedInPage(browser, token);
    // The payment service is down: the request never reaches the wallet.
    await page.route('**/api/payment/invoices/withdrawal', (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 1503, message: 'The service is temporarily unavailable.' } },
      }),
    );
    await page.goto(`${baseUrl}/?wallet=withdraw`);
    const wallet = dialog(page, 'wallet');
    await wallet.waitFor();
    await wallet.locator('[data-method="sandbox.card_payout"]').click();
    await wallet.getByLabel('Amount (USD)').fill('30');
    await wallet.getByLabel('Card number').fill('4111111111111111');
    await wallet.getByRole('button', { name: /^Withdraw 30/ }).click();
    await toast(page, 'Something went wrong').waitFor();
    expect(await toast(page, 'Withdrawal requested').count()).toBe(0);
    expect(await balanceOf(token, 'USD')).toBe(100);
    await context.close();
  });

  it('shows 2 skeleton items while the deposit methods load', async () => {
    const token = await playerIn('flows-skeleton', 'USD');
    const { context, page, errors } = await signedInPage(browser, token);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(DEPOSIT_METHODS, async (route: Route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${baseUrl}/?wallet=deposit`);
    const wallet = dialog(page, 'wallet');
    await wallet.waitFor();
    const skeleton = wallet.getByTestId('wallet-method-skeleton');
    await expect.poll(() => skeleton.count()).toBe(2);
    expect(await wallet.locator('.wallet-methods').getAttribute('aria-busy')).toBe('true');
    expect(await wallet.locator('.wallet-methods__item[data-method]').count()).toBe(0);
    expect(await wallet.locator('.wallet-methods__empty').count()).toBe(0);
    await viewShot(page, 'wallet-flows-methods-skeleton');

    release();
    await expect.poll(() => wallet.locator('.wallet-methods__item[data-method]').count()).toBeGreaterThan(0);
    expect(await skeleton.count()).toBe(0);
    expect(await wallet.locator('.wallet-methods').getAttribute('aria-busy')).toBe(null);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the wallet deposit-only (no tabs) after signing up in the sign-up modal', async () => {
    const { context, page } = await newPage(browser);
    await context.addInitScript(() => localStorage.setItem('cookies-accepted', 'true'));
    await page.goto(`${baseUrl}/?sign-up=true`);
    const signUp = dialog(page, 'sign-up');
    await signUp.waitFor();
    await signUp.getByRole('tab', { name: 'E-mail', exact: true }).click();
    await signUp.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`flows-signup.${run}@example.com`);
    await signUp.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signUp.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await signUp.getByRole('checkbox', { name: /at least 18 years old/ }).check();
    const submit = signUp.getByRole('button', { name: 'Sign up', exact: true });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();

    const wallet = dialog(page, 'wallet');
    await wallet.waitFor({ timeout: 15_000 });
    await expect.poll(() => signUp.count()).toBe(0);
    await expect.poll(() => wallet.locator('.wallet-methods__item[data-method]').count()).toBeGreaterThan(0);
    await expect.poll(() => wallet.getByRole('heading', { level: 2 }).textContent()).toBe('Deposit');
    expect(await wallet.getByRole('tablist').count()).toBe(0);
    expect(await wallet.getByRole('tab').count()).toBe(0);
    // The deposit form is there, and leaving still asks first.
    await wallet.locator('.wallet-form').waitFor();
    await viewShot(page, 'wallet-flows-deposit-only');
    await page.keyboard.press('Escape');
    await dialog(page, 'cancel-deposit').waitFor();
    await context.close();
  });

  it('resumes a waiting e-wallet deposit when the wallet is opened again, and completes it', async () => {
    const token = await playerIn('flows-resume', 'USD');
    const { context, page, errors } = await signedInPage(browser, token);
    const wallet = await depositForm(page, 'sandbox.ewallet', '25');
    await wallet.getByLabel('Phone number').fill('+4915112345678');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/payment/invoices/deposit'));
    await wallet.getByRole('button', { name: /^Deposit 25/ }).click();
    const { data } = (await (await answered).json()) as { data: DepositResponse };
    await wallet.getByText('Waiting for your payment').waitFor();

    // Left before the provider answered.
    await page.keyboard.press('Escape');
    await dialog(page, 'cancel-deposit').getByRole('button', { name: 'Yes, leave' }).click();
    await expect.poll(() => wallet.count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('asyncInvoiceId'))).toBe(data.invoiceId);
    // The provider's QR reaches the invoice while the wallet is closed.
    await expect
      .poll(async () => {
        const answer = await call<{ publicData: { qr?: string } | null }>(
          'GET',
          `/api/payment/invoices/${data.invoiceId}`,
          { token },
        );
        return answer.body.data?.publicData?.qr ?? '';
      })
      .toMatch(PAYMENT_PAGE);

    // Opened again: the waiting deposit, with the QR it got meanwhile, instead of the method list.
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await wallet.waitFor();
    const qr = wallet.getByTestId('wallet-qr');
    await qr.waitFor();
    expect(await wallet.locator('.wallet-methods').count()).toBe(0);
    expect(await wallet.getByRole('button', { name: /Back/ }).count()).toBe(1);
    // The preselected method is not the resumed deposit's: its logo is not shown.
    expect(await wallet.locator('.wallet__logo').count()).toBe(0);
    await viewShot(page, 'wallet-flows-async-resumed');

    // After a reload too (read from the invoice, no socket news yet).
    await page.goto(`${baseUrl}/?wallet=deposit`);
    await qr.waitFor();
    expect(await wallet.locator('.wallet-methods').count()).toBe(0);

    // The provider's success event completes the resumed deposit.
    await payOnPhone((await qr.getAttribute('data-payload')) ?? '', 'Pay');
    await dialog(page, 'deposit-success').waitFor({ timeout: 20_000 });
    await expect.poll(() => wallet.count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('asyncInvoiceId'))).toBe(null);
    expect(await balanceOf(token, 'USD')).toBe(25);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('crypto deposit', () => {
  /** A second network for USDT (Tron), which the seeded data does not have. */
  const TRON = { id: 'trx', name: 'Tron (TRC-20)', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };

  it('switches the address with the network and never shows one network’s address under another’s warning', async () => {
    const token = await playerIn('flows-usdt', 'USDT');
    const { context, page, errors } = await signedInPage(browser, token);
    await page.route(DEPOSIT_METHODS, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: PaymentMethod[] };
      const methods = body.data.map((method) => ({
        ...method,
        fields: method.fields.map((field) => {
          const first = field.options?.[0];
          if (method.method !== 'crypto.usdt' || field.key !== 'crypto_network' || !first) return field;
          return {
            ...field,
            options: [first, { ...first, id: TRON.id, name: TRON.name, regex: '^T[1-9A-Za-z]{33}$' }],
          };
        }),
      }));
      await route.fulfill({ response, json: { ...body, data: methods } });
    });
    // Tron addresses come from the stub, slowly, so that the loading state can be seen.
    await page.route('**/api/payment/invoices/deposit', async (route) => {
      const request = JSON.parse(route.request().postData() ?? '{}') as { fields?: Record<string, string> };
      if (request.fields?.crypto_network !== TRON.id) return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const answer: DepositResponse = {
        invoiceId: '',
        action: '',
        fields: {},
        qr: `tron:${TRON.address}`,
        address: TRON.address,
        method: 'crypto.usdt',
        type: 'address',
        processingType: 'qr',
      };
      return route.fulfill({ json: { data: answer } });
    });

    await page.goto(`${baseUrl}/?wallet=deposit`);
    const wallet = dialog(page, 'wallet');
    await wallet.waitFor();
    await wallet.locator('[data-method="crypto.usdt"]').click();
    const address = wallet.getByRole('textbox', { name: 'Your USDT deposit address' });
    const warning = wallet.locator('.wallet-warning');
    await address.waitFor({ timeout: 15_000 });
    const ethereumAddress = await address.inputValue();
    expect(ethereumAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await warning.textContent()).toContain('over the Ethereum (ERC-20) network');

    // Every state the wallet shows from now on: the network chosen, the address, the warning.
    await page.evaluate(() => {
      const states: string[] = [];
      (window as unknown as { walletStates: string[] }).walletStates = states;
      const record = () => {
        const root = document.querySelector('[role="dialog"][data-modal-name="wallet"]');
        const network = root?.querySelector<HTMLSelectElement>('select[name="crypto_network"]')?.value ?? '';
        const shown = root?.querySelector<HTMLInputElement>('.wallet-copy input')?.value ?? '';
        const note = root?.querySelector('.wallet-warning')?.textContent ?? '';
        states.push(JSON.stringify({ network, shown, note }));
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    });
    const network = wallet.getByLabel('Network', { exact: true });
    await network.selectOption(TRON.id);
    // At once: the loading state, neither the old address nor the old warning.
    expect(await address.count()).toBe(0);
    expect(await warning.count()).toBe(0);
    expect(await wallet.getByTestId('wallet-address-loading').count()).toBe(1);
    await expect.poll(() => address.inputValue(), { timeout: 15_000 }).toBe(TRON.address);
    expect(await warning.textContent()).toContain('over the Tron (TRC-20) network');
    await viewShot(page, 'wallet-flows-crypto-network');

    await network.selectOption('eth');
    expect(await address.count()).toBe(0);
    await expect.poll(() => address.inputValue(), { timeout: 15_000 }).toBe(ethereumAddress);
    expect(await warning.textContent()).toContain('over the Ethereum (ERC-20) network');

    const states = (await page.evaluate(() => (window as unknown as { walletStates: string[] }).walletStates)).map(
      (text) => JSON.parse(text) as { network: string; shown: string; note: string },
    );
    const mismatched = states.filter(
      ({ network: chosen, shown, note }) =>
        (chosen === TRON.id && (shown.startsWith('0x') || note.includes('Ethereum'))) ||
        (chosen === 'eth' && (shown.startsWith('T') || note.includes('Tron'))) ||
        (note.includes('Tron') && shown.startsWith('0x')) ||
        (note.includes('Ethereum') && shown.startsWith('T')),
    );
    expect(mismatched).toEqual([]);
    // The loading state was really shown in between, under both networks.
    expect(states.some((state) => state.network === TRON.id && state.shown === '')).toBe(true);
    expect(states.some((state) => state.network === 'eth' && state.shown === '')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the XRP deposit address with its destination tag and hint', async () => {
    const token = await playerIn('flows-xrp-in', 'XRP');
    const { context, page, errors } = await signedInPage(browser, token);
    await page.goto(`${baseUrl}/?wallet=deposit`);
    const wallet = dialog(page, 'wallet');
    await wallet.waitFor();
    await wallet.locator('[data-method="crypto.xrp"]').click();
    const address = wallet.getByRole('textbox', { name: 'Your XRP deposit address' });
    await address.waitFor({ timeout: 15_000 });
    expect(await address.inputValue()).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
    const tag = wallet.getByRole('textbox', { name: 'Destination tag', exact: true });
    // Tags are allocated from 100000 on (short tags are what players mistype).
    expect(Number(await tag.inputValue())).toBeGreaterThanOrEqual(100_000);
    await wallet.getByText('Always include this tag, otherwise your deposit cannot be credited.').waitFor();
    expect(await wallet.locator('.wallet-warning').textContent()).toContain(
      'Send only XRP over the XRP Ledger network',
    );
    await wallet.getByRole('button', { name: 'Copy', exact: true }).click();
    await wallet.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    await viewShot(page, 'wallet-flows-xrp-tag');
    expect(errors).toEqual([]);
    await context.close();
  });
});
