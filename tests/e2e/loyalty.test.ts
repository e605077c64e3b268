import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { ADMIN_KEY, baseUrl, signedInPage } from './api';
import { dialog, launchBrowser, newPage, recordSubscriptions, screenshot } from './browser';
import { fundedPlayer, openDice } from './dice';

/**
 * Loyalty (docs/loyalty.md): a player with real money in NZD (a currency the other browser
 * tests leave alone, whose rate this test raises to 200 points per unit so that three 1 NZD
 * dice rounds pass Silver's 500 points) watches /loyalty in one tab and plays dice in
 * another; the points come through the activity stream and the level-up opens the
 * loyalty-level modal on the loyalty tab. Desktop and phone screenshots, keyboard, a guest.
 */

const CURRENCY = 'NZD';
let browser: Browser;
let seededRate = 0;

async function operator<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'x-admin-key': ADMIN_KEY,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return (JSON.parse(text) as { data: T }).data;
}

interface Settings {
  rates: { currency: string; pointsPerUnit: number }[];
}

beforeAll(async () => {
  browser = await launchBrowser();
  const settings = await operator<Settings>('GET', '/api/admin/retention/loyalty');
  seededRate = settings.rates.find((rate) => rate.currency === CURRENCY)?.pointsPerUnit ?? 0;
  await operator('PUT', `/api/admin/retention/loyalty/rates/${CURRENCY}`, { pointsPerUnit: 200 });
});
afterAll(async () => {
  await operator('PUT', `/api/admin/retention/loyalty/rates/${CURRENCY}`, { pointsPerUnit: seededRate });
  await browser.close();
});

describe('loyalty', () => {
  it('plays dice up to a new level and sees the loyalty-level modal', async () => {
    const player = await fundedPlayer('loyalty', CURRENCY);
    const { context, page, errors } = await signedInPage(browser, player.token);
    const subscriptions = recordSubscriptions(page);

    await page.goto(`${baseUrl}/loyalty`);
    await page.getByRole('heading', { level: 1, name: 'Loyalty programme' }).waitFor();
    const panel = page.getByTestId('loyalty-account');
    await panel.waitFor();
    expect(await page.getByTestId('loyalty-current-level').textContent()).toBe('Bronze');
    expect(await page.getByTestId('loyalty-points').textContent()).toBe('0');
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    await panel.getByText('500 points to Silver').waitFor();
    expect(await page.locator('[aria-current="step"]').getByRole('heading').textContent()).toMatch(/^Bronze/);
    await expect.poll(() => subscriptions.ready(`retention:accounts#${player.id}`)).toBe(true);

    // How points are earned: the loyalty-earn modal, opened and closed by keyboard.
    await page.getByRole('button', { name: 'How to earn points' }).focus();
    await page.keyboard.press('Enter');
    const earn = dialog(page, 'loyalty-earn');
    await earn.getByText('How to earn points').waitFor();
    await page.keyboard.press('Escape');
    await earn.waitFor({ state: 'detached' });
    await screenshot(page, 'loyalty-1440', { fullPage: true });

    // Dice in another tab of the same browser; the loyalty page stays open.
    const game = await context.newPage();
    const frame = await openDice(game);
    await frame.getByLabel(/^Stake/).fill('1');
    await frame.getByLabel(/^Stake/).blur();
    const modal = dialog(page, 'loyalty-level');
    for (let round = 0; round < 6 && !(await modal.isVisible()); round += 1) {
      const answered = game.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && /\/api\/game\/originals\/dice\/rounds$/.test(response.url()),
      );
      await frame.getByTestId('play-button').click();
      expect((await answered).status()).toBe(200);
      await expect.poll(() => frame.getByTestId('play-button').isEnabled()).toBe(true);
      if (round >= 2) await modal.waitFor({ timeout: 10_000 }).catch(() => undefined);
    }

    // The level-up, live: the modal on the loyalty tab, the account panel on Silver.
    await modal.getByText('New level reached!').waitFor({ timeout: 15_000 });
    await modal.getByText(/you are now Silver/).waitFor();
    await expect.poll(() => page.getByTestId('loyalty-current-level').textContent()).toBe('Silver');
    expect(Number((await page.getByTestId('loyalty-points').textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(
      500,
    );
    await screenshot(page, 'loyalty-level-modal-1440', { fullPage: false });
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    // The modal's action goes to the loyalty page (this one): the ladder marks Silver.
    await modal.getByRole('button', { name: 'See my rewards' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await page.locator('[aria-current="step"]').getByRole('heading').textContent()).toMatch(/^Silver/);
    // The game tab got no modal over the game.
    expect(await dialog(game, 'loyalty-level').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();

    // The phone layout of the same page.
    const phone = await signedInPage(browser, player.token, { width: 390, height: 844 });
    await phone.page.goto(`${baseUrl}/loyalty`);
    await phone.page.getByTestId('loyalty-account').waitFor();
    await expect.poll(() => phone.page.getByTestId('loyalty-current-level').textContent()).toBe('Silver');
    await screenshot(phone.page, 'loyalty-390', { fullPage: true });
    await phone.context.close();
  });

  it('shows a guest the ladder and a sign-in prompt', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await page.goto(`${baseUrl}/loyalty`);
    await page.getByRole('heading', { level: 1, name: 'Loyalty programme' }).waitFor();
    await page.getByTestId('loyalty-level').first().waitFor();
    expect(await page.getByTestId('loyalty-level').count()).toBe(7);
    await page.getByRole('button', { name: 'Sign in' }).first().click();
    await dialog(page, 'sign-in').waitFor();
    await context.close();
  });
});
