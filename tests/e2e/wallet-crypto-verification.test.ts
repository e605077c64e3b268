import type { WalletAccount } from '@croupier/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, registerPlayer, signedInPage } from './api';
import { launchBrowser, screenshot } from './browser';

/**
 * A crypto deposit that needs a verified identity first (docs/player-protection.md,
 * "Identity verification"): the address request is refused with
 * IDENTITY_VERIFICATION_REQUIRED (13220, as a server with VERIFICATION_DEPOSITS_THRESHOLD
 * would answer), and the wallet says why and leads to /profile/verification, as the fiat
 * form does.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const dialog = (page: Page, name: string) => page.locator(`[role="dialog"][data-modal-name="${name}"]`);

describe('crypto deposit needing verification', () => {
  it('shows the verification notice instead of an address and leads to verification', async () => {
    const { token } = await registerPlayer('crypto-verification');
    const opened = await call<WalletAccount[]>('POST', '/api/wallet/accounts', { token, body: { currency: 'XRP' } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const account = opened.body.data?.find((item) => item.currency === 'XRP');
    expect((await call('PUT', `/api/wallet/accounts/${account?.id ?? ''}/switch`, { token })).status).toBe(200);

    const { context, page, errors } = await signedInPage(browser, token);
    await page.route('**/api/payment/invoices/deposit', (route) =>
      route.fulfill({
        status: 400,
        json: {
          error: { code: 13220, message: 'Verify your identity to continue: this amount needs a verified identity.' },
        },
      }),
    );
    await page.goto(`${baseUrl}/?wallet=deposit`);
    const wallet = dialog(page, 'wallet');
    await wallet.waitFor();
    await wallet.locator('[data-method="crypto.xrp"]').click();

    const notice = wallet.getByRole('alert').filter({ hasText: 'Verify your identity' });
    await notice.waitFor({ timeout: 15_000 });
    await notice.getByText('Your deposits would pass the amount we can accept without a verified identity').waitFor();
    expect(await wallet.getByRole('textbox', { name: 'Your XRP deposit address' }).count()).toBe(0);
    expect(await dialog(page, 'deposit-error').count()).toBe(0);
    await screenshot(page, 'wallet-crypto-verification-1440', { fullPage: false });

    await notice.getByRole('button', { name: 'Go to verification' }).click();
    await page.waitForURL(/\/profile\/verification$/);
    await expect.poll(() => wallet.count()).toBe(0);
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  });
});
