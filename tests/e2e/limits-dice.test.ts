import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, browserToken, call, signedInPage } from './api';
import { dialog, launchBrowser, screenshot } from './browser';
import { fundedPlayer, openDice } from './dice';

/**
 * A loss limit stops play in dice (docs/player-protection.md, "Limits"): a player sets a
 * daily loss limit of 3 USD on /profile/limits, plays dice in the site's game frame at
 * 2 USD a round on a 2 % chance, and the round that could pass the limit is refused: the
 * frame says so in its limit dialog, which leads back to the limits page showing what the
 * day has lost. Nothing is taken for the refused round.
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
  realBalance: number;
}

async function usdBalance(page: Page): Promise<number> {
  const token = await browserToken(page.context());
  const accounts = await call<Account[]>('GET', '/api/wallet/accounts', { token });
  return (accounts.body.data ?? []).find((a) => a.currency === 'USD')?.realBalance ?? Number.NaN;
}

describe('loss limit in dice', () => {
  it('sets a daily loss limit and is stopped in dice by the round that could pass it', async () => {
    const player = await fundedPlayer('limits-loss');
    const { page, context } = await signedInPage(browser, player.token);

    await page.goto(`${baseUrl}/profile/limits`);
    await page.getByRole('button', { name: 'Add limit' }).click();
    const add = dialog(page, 'add-cash-limit');
    await add.waitFor();
    await add.getByLabel('Limit type').selectOption('2');
    await add.getByLabel('Amount (USD)').fill('3');
    await add.getByRole('button', { name: 'Set limit' }).click();
    await expect.poll(() => add.count()).toBe(0);
    const card = page.locator('.limits__period[data-period="daily"] .limits__card', { hasText: 'Loss limit' });
    await card.getByText('Used: 0.00 USD of 3.00 USD').waitFor();

    // Roll under the lowest target (the frame clamps 1 to 2.00, a 2 % chance) at 2 USD: the first round fits (0 + 2 ≤ 3); after a lost
    // one the next could lose 4 in the day, so it is refused. A rare win gives room back.
    const frame = await openDice(page);
    await frame.getByRole('radio', { name: 'Roll under' }).check();
    const target = frame.getByRole('textbox', { name: /^Target \(/ });
    await target.fill('1');
    await target.press('Enter');
    await frame.getByLabel(/^Stake/).fill('2');
    await frame.getByLabel(/^Stake/).blur();

    const refusal = frame.locator('[role="alertdialog"][data-refusal="loss"]');
    let lossMinor = 0;
    let before = 0;
    for (let round = 0; round < 150; round += 1) {
      before = await usdBalance(page);
      const answered = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && /\/api\/game\/originals\/dice\/rounds$/.test(response.url()),
      );
      await frame.getByTestId('play-button').click();
      const response = await answered;
      if (response.status() !== 200) {
        const body = (await response.json()) as { error?: { code: number } };
        expect(body.error?.code).toBe(14101);
        break;
      }
      const { round: played } = ((await response.json()) as { data: { round: { payout: number } } }).data;
      lossMinor += 200 - Math.round(played.payout * 100);
      await expect.poll(() => frame.getByTestId('play-button').isEnabled()).toBe(true);
    }
    // Refused only once the day's loss left less than the stake.
    expect(lossMinor + 200).toBeGreaterThan(300);
    await refusal.waitFor();
    await refusal.getByText('You have reached your loss limit for this period.', { exact: false }).waitFor();
    // Nothing was taken for the refused round.
    expect(await usdBalance(page)).toBe(before);
    await screenshot(page, 'limits-dice-loss-refused', { fullPage: false });

    // 'View my limits' leads to the limits page, which shows the day's loss.
    await refusal.getByRole('link', { name: 'View my limits' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/profile/limits');
    await card.getByText(`Used: ${(Math.max(lossMinor, 0) / 100).toFixed(2)} USD of 3.00 USD`).waitFor();
    await context.close();
  });
});
