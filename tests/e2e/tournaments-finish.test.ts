import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { ADMIN_KEY, baseUrl, call, run, signedInPage } from './api';
import { dialog, launchBrowser, recordSubscriptions, screenshot } from './browser';
import { fundedPlayer, openDice } from './dice';

/**
 * A tournament to its prize (docs/tournaments.md): the operator creates a short opt-in
 * tournament on the Originals (dice counts) with a bonus for place 1; a rival joins first
 * (place 1 on 0 points), the player joins on the tournament's page (place 2) and plays dice,
 * where the game frame's widget shows them climb to place 1 live. After the end (the e2e
 * server finishes 1 s after it): the prize alert, the widget gone, the finished page with
 * the player as the winner of place 1, and the "you won" message in the messenger. Then the
 * widget on a phone on the seeded Originals Race: joining from the frame, folding it away
 * by keyboard. Screenshots of the widget on desktop and phone.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Long enough for the player to join and open dice on a loaded machine, short enough to wait for. */
const TOURNAMENT_LENGTH_MS = 40_000;

/** Before a screenshot: the start-up preloader gone and its 300 ms fade over. */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('#preloader:not([data-state="hidden"])').count()).toBe(0);
  await page.waitForTimeout(350);
}

/** Plays `rounds` rounds of dice at `stake` USD in the open dice frame. */
async function playDice(page: Page, rounds: number, stake: string): Promise<void> {
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await frame.getByLabel(/^Stake/).fill(stake);
  await frame.getByLabel(/^Stake/).blur();
  for (let round = 0; round < rounds; round += 1) {
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /\/api\/game\/originals\/dice\/rounds$/.test(response.url()),
    );
    await frame.getByTestId('play-button').click();
    expect((await answered).status()).toBe(200);
    await expect.poll(() => frame.getByTestId('play-button').isEnabled()).toBe(true);
  }
}

/** Dice for real money on a phone: the mobile-game modal first. */
async function openDiceOnPhone(page: Page): Promise<void> {
  await page.getByTestId('game-play').click({ timeout: 30_000 });
  await dialog(page, 'mobile-game').getByRole('button', { name: 'Play for real' }).click();
  await page.frameLocator('[data-testid="game-frame"]').getByTestId('play-button').waitFor({ timeout: 20_000 });
}

/** `POST /api/admin/tournaments`: a running opt-in total-wagered tournament on the Originals, ending soon. */
async function createTournament(
  identity: string,
  title: string,
  bonusId: string,
): Promise<{ id: string; endAt: string }> {
  const now = Date.now();
  const response = await fetch(`${baseUrl}/api/admin/tournaments`, {
    method: 'POST',
    headers: { 'x-admin-key': ADMIN_KEY, accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({
      identity,
      title,
      description: 'A short race on dice for the browser tests.',
      type: 1,
      startAt: new Date(now - 60_000).toISOString(),
      endAt: new Date(now + TOURNAMENT_LENGTH_MS).toISOString(),
      confirmationRequired: true,
      baseCurrency: 'USD',
      gameCollections: ['originals'],
      currencies: [{ isoCode: 'USD', rate: 1, minAmount: 0.1 }],
      prizes: [{ place: 1, title: '5 USD bonus', bonusId }],
    }),
  });
  const body = (await response.json()) as { data?: { id: string; endAt: string } };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.data as { id: string; endAt: string };
}

describe('a tournament to its prize', () => {
  it('joins, climbs to place 1 in the game frame and gets the prize, the winner’s place and the message', async () => {
    const player = await fundedPlayer('tournament-winner');
    const rival = await fundedPlayer('tournament-rival');
    // The seeded tournaments' bonus prize ("5 USD bonus").
    const seeded = await call<{ prizes: { title: string; bonusId?: string }[] }>(
      'GET',
      '/api/retention/tournaments/originals-race',
    );
    const bonusId = seeded.body.data?.prizes.find((prize) => prize.title === '5 USD bonus')?.bonusId ?? '';
    expect(bonusId).not.toBe('');

    const { page, errors, context } = await signedInPage(browser, player.token);
    const subscriptions = recordSubscriptions(page);
    const identity = `dice-sprint-${run}`;
    const title = `Dice Sprint ${run}`;
    const tournament = await createTournament(identity, title, bonusId);
    // The rival joins first: on equal (zero) points the earlier one ranks higher.
    const joined = await call('POST', `/api/retention/tournaments/${identity}/participate`, { token: rival.token });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);

    // The player joins on the tournament's page: place 2.
    await page.goto(`${baseUrl}/tournaments/${identity}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('button', { name: 'Join tournament' }).click();
    await page.getByTestId('tournament-entry').getByText('Your place: 2').waitFor();

    // Dice for real money: the frame's widget names the tournament, its countdown and the place.
    await openDice(page);
    const toggle = page.getByTestId('tournament-widget-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const widget = page.getByRole('region', { name: 'Tournaments with this game' });
    const row = widget.getByTestId('tournament-widget-row').filter({ hasText: title });
    await row.getByRole('link', { name: title }).waitFor();
    await row.getByText(/^Ends in 0 h 00 min \d\d s$/).waitFor();
    const entry = row.getByTestId('tournament-widget-entry');
    await expect.poll(() => entry.textContent()).toBe('Place 2 · 0 points');
    await expect.poll(() => subscriptions.ready(`tournaments:${tournament.id}#${player.id}`)).toBe(true);
    await expect.poll(() => subscriptions.ready('tournaments')).toBe(true);

    // Three rounds of 2 USD: place 1 on 6 points, live.
    await playDice(page, 3, '2');
    await expect.poll(() => entry.textContent(), { timeout: 15_000 }).toBe('Place 1 · 6 points');
    await settled(page);
    await screenshot(page, 'tournament-widget-1440', { fullPage: false });
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    expect(Date.now(), 'the rounds were played before the end').toBeLessThan(Date.parse(tournament.endAt));

    // The end, then the finish (1 s later on this server): the prize alert on the game page,
    // and the tournament's row leaves the widget (the seeded running ones stay).
    const alert = page.locator('.toast__item', { hasText: 'Tournament prize' });
    await alert.waitFor({ timeout: TOURNAMENT_LENGTH_MS + 30_000 });
    expect(await alert.textContent()).toContain(`You finished in place 1 in the tournament “${title}”`);
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);

    // The finished page: the player is the winner of place 1.
    await page.goto(`${baseUrl}/tournaments/${identity}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText(/^Ended /).waitFor();
    const prize = page.locator('.tournament-prize').filter({ hasText: '5 USD bonus' });
    await expect.poll(() => prize.locator('.tournament-prize__winner').textContent()).toBe('You · 6');
    await page.getByTestId('tournament-my-row').getByText('You').waitFor();
    await settled(page);
    await screenshot(page, 'tournament-won-1440', { fullPage: true });

    // The messenger's "you won" message.
    await page.goto(`${baseUrl}/profile/notifications`);
    const messages = page.getByRole('region', { name: 'Messages' });
    const message = messages.getByTestId('messenger-item').filter({ hasText: `Tournament prize: ${title}` });
    await message.waitFor();
    await message.getByRole('button', { name: new RegExp(`Tournament prize: ${title}`) }).click();
    await message.getByText(`You finished ${title} in place 1.`, { exact: false }).waitFor();
    await screenshot(page, 'tournament-won-message-1440', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('joins from the widget on a phone and folds it away by keyboard', async () => {
    const player = await fundedPlayer('tournament-widget');
    const { page, errors, context } = await signedInPage(browser, player.token, { width: 390, height: 844 });
    await page.goto(`${baseUrl}/games/dice`);
    await openDiceOnPhone(page);
    const row = page.getByTestId('tournament-widget-row').filter({ hasText: 'Originals Race' });
    await row.getByRole('button', { name: 'Join tournament' }).click();
    const entry = row.getByTestId('tournament-widget-entry');
    await expect.poll(() => entry.textContent()).toMatch(/^Place \d+ · 0 points$/);
    // Nothing wider than the phone, and the frame keeps most of the stage.
    const sizes = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      frame: document.querySelector('[data-testid="game-frame"]')?.getBoundingClientRect().height ?? 0,
      stage: document.querySelector('[data-testid="game-stage"]')?.getBoundingClientRect().height ?? 0,
    }));
    expect(sizes.page).toBeLessThanOrEqual(sizes.viewport);
    expect(sizes.frame).toBeGreaterThan(sizes.stage * 0.7);
    await page.getByTestId('game-frame').scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'tournament-widget-390', { fullPage: false });

    // Folded by keyboard: the panel goes, the toggle keeps the place; unfolded again.
    const toggle = page.getByTestId('tournament-widget-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('tournament-widget').isHidden()).toBe(true);
    await toggle.getByText(/^#\d+$/).waitFor();
    await screenshot(page, 'tournament-widget-folded-390', { fullPage: false });
    // The choice lasts: a reload keeps it folded.
    await page.reload();
    await openDiceOnPhone(page);
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await row.waitFor();
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
