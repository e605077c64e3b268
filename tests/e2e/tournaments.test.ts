import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { baseUrl, call, signedInPage } from './api';
import { launchBrowser, newPage, recordSubscriptions, screenshot } from './browser';
import { fundedPlayer, openDice } from './dice';

/**
 * Tournaments (docs/tournaments.md): a player opens /tournaments, finds the running
 * "Originals Race" (seeded; opt-in, total wagered on the in-house games), joins it, plays
 * dice in another tab and watches their place and points arrive on the tournament's page
 * live (activity stream → leaderboard → realtime). Desktop and phone screenshots.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Before a screenshot: the start-up preloader gone and its 300 ms fade over. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('#preloader:not([data-state="hidden"])').count()).toBe(0);
  await page.waitForTimeout(350);
}

describe('tournaments', () => {
  it('joins a running tournament, plays dice and sees the place on the live leaderboard', async () => {
    const player = await fundedPlayer('tournaments');
    const { context, page, errors } = await signedInPage(browser, player.token);
    const subscriptions = recordSubscriptions(page);

    await page.goto(`${baseUrl}/tournaments`);
    await page.getByRole('heading', { level: 1, name: 'Tournaments' }).waitFor();
    const running = page.getByRole('tab', { name: 'Running' });
    expect(await running.getAttribute('aria-selected')).toBe('true');
    const card = page.getByTestId('tournament-card').filter({ hasText: 'Originals Race' });
    await card.waitFor();
    await card
      .getByTestId('tournament-countdown')
      .getByText(/^Ends in /)
      .waitFor();
    // The tabs by keyboard: upcoming has the seeded Multiplier Hunt, finished the Autumn Classic.
    await running.focus();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('tournament-card').filter({ hasText: 'Multiplier Hunt' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('tournament-card').filter({ hasText: 'Autumn Classic' }).waitFor();
    await page.keyboard.press('Home');
    await card.waitFor();
    await settled(page);
    await screenshot(page, 'tournaments-list-1440', { fullPage: false });

    await card.getByRole('link', { name: 'Originals Race' }).click();
    await page.getByRole('heading', { level: 1, name: 'Originals Race' }).waitFor();
    await page.getByText('Only these games count: Originals.').waitFor();
    await page.getByRole('button', { name: 'Join tournament' }).click();
    await page
      .getByTestId('tournament-entry')
      .getByText(/Your place: \d+/)
      .waitFor();
    const tournament = await call<{ id: string }>('GET', '/api/retention/tournaments/originals-race');
    const id = tournament.body.data?.id ?? '';
    await expect.poll(() => subscriptions.ready(`tournaments:${id}`)).toBe(true);
    await expect.poll(() => subscriptions.ready(`tournaments:${id}#${player.id}`)).toBe(true);

    // Dice in another tab of the same browser; the tournament's page stays open.
    const game = await context.newPage();
    const frame = await openDice(game);
    await frame.getByLabel(/^Stake/).fill('2');
    await frame.getByLabel(/^Stake/).blur();
    for (let round = 0; round < 3; round += 1) {
      const answered = game.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && /\/api\/game\/originals\/dice\/rounds$/.test(response.url()),
      );
      await frame.getByTestId('play-button').click();
      expect((await answered).status()).toBe(200);
      await expect.poll(() => frame.getByTestId('play-button').isEnabled()).toBe(true);
    }

    // Live, without a reload: the player's row (6.00 points for 3 × 2 USD) and the entry line.
    const mine = page.getByTestId('tournament-my-row');
    await mine.first().waitFor({ timeout: 15_000 });
    await expect.poll(() => mine.first().textContent(), { timeout: 15_000 }).toMatch(/^\d+You6$/);
    await page.getByTestId('tournament-entry').getByText('Your points: 6').waitFor();
    await settled(page);
    await screenshot(page, 'tournament-page-1440', { fullPage: true });
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();

    // The phone layout of the same page.
    const phone = await signedInPage(browser, player.token, { width: 390, height: 844 });
    await phone.page.goto(`${baseUrl}/tournaments/originals-race`);
    await phone.page.getByTestId('tournament-my-row').first().waitFor();
    await settled(phone.page);
    await screenshot(phone.page, 'tournament-page-390', { fullPage: true });
    await phone.context.close();
  });

  it('shows a guest the page with a sign-in button instead of joining', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await context.addInitScript(() => localStorage.setItem('cookies-accepted', 'true'));
    // The running tournaments' rail on the casino lobby leads to the tournament's page.
    await page.goto(`${baseUrl}/casino`);
    const rail = page.getByTestId('tournaments-rail');
    await rail.getByRole('link', { name: 'Show all' }).waitFor();
    await rail.getByRole('link', { name: 'Originals Race' }).click();
    await page.getByRole('heading', { level: 1, name: 'Originals Race' }).waitFor();
    await page.getByRole('button', { name: 'Sign in to join' }).waitFor();
    await page.goto(`${baseUrl}/tournaments/no-such-race`);
    await page.getByText('This tournament does not exist.').waitFor();
    // A completed tournament: its end date and its prizes (the seeded one had no players).
    await page.goto(`${baseUrl}/tournaments/autumn-classic`);
    await page.getByRole('heading', { level: 1, name: 'Autumn Classic' }).waitFor();
    await page.getByText(/^Ended /).waitFor();
    await expect.poll(() => page.getByText('Not awarded').count()).toBe(3);
    await page.getByText('Every game counts except: Live Casino.').waitFor();
    await settled(page);
    await screenshot(page, 'tournament-finished-1440', { fullPage: true });
    await context.close();
  });

  it('shows the tabs in German on a phone', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await context.addInitScript(() => localStorage.setItem('cookies-accepted', 'true'));
    await page.goto(`${baseUrl}/de/tournaments?tab=upcoming`);
    await page.getByRole('tab', { name: 'Demnächst' }).waitFor();
    const card = page.getByTestId('tournament-card').filter({ hasText: 'Multiplier Hunt' });
    await card.getByText(/^Beginnt in /).waitFor();
    await settled(page);
    await screenshot(page, 'tournaments-upcoming-de-390', { fullPage: false });
    await context.close();
  });
});
