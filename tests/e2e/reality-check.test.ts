import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { baseUrl, call, registerPlayer } from './api';
import { launchBrowser, newPage, screenshot } from './browser';

/**
 * Reality checks and session time (docs/player-protection.md, "Reality checks and session
 * time"): a player who chose reality checks plays dice; a due check interrupts the frame
 * with time played and net result, Continue resumes play, a check due during autoplay
 * stops it, and the session-time limit ends play. A third-party game (the sandbox
 * provider's page) shows the casino's REALITY_CHECK and continues through the casino's
 * call. A check is made due now through the dev-only route (never in production)
 * instead of waiting for the shortest interval (15 minutes).
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
}

/** A player with 100 USD, the USD account active, and the given reality-check settings. */
async function playerWithSettings(label: string, settings: { intervalMinutes: number; sessionLimitMinutes: number }) {
  const { token } = await registerPlayer(label);
  const created = await call<Account[]>('POST', '/api/wallet/accounts', { token, body: { currency: 'USD' } });
  const account = (created.body.data ?? []).find((item) => item.currency === 'USD');
  if (!account) throw new Error(`no USD account: ${JSON.stringify(created.body)}`);
  await call('PUT', `/api/wallet/accounts/${account.id}/switch`, { token });
  const funded = await call('POST', `/api/dev/wallet/accounts/${account.id}/fund`, { token, body: { amount: 100 } });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  const saved = await call('PUT', '/api/player/reality-check', { token, body: settings });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return token;
}

async function launch(identity: string, token: string): Promise<{ gameUrl: string; gameToken: string }> {
  const answer = await call<{ gameUrl: string; token: string }>('POST', `/api/game/games/${identity}/play`, {
    body: { demoMode: false },
    token,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const data = answer.body.data ?? { gameUrl: '', token: '' };
  return { gameUrl: new URL(data.gameUrl, baseUrl).toString(), gameToken: data.token };
}

/** The dev-only route: the game session's reality check (or its session end) is due now. */
async function makeDue(gameToken: string, check: 'realityCheck' | 'sessionTime') {
  const response = await fetch(`${baseUrl}/api/dev/game/sessions/reality-check/due`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-game-session': gameToken },
    body: JSON.stringify({ check }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

const results = (page: Page) => page.locator('[data-testid="play-results"] li');

async function expectNoSeriousViolations(page: Page, label: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${label}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

describe('reality checks', () => {
  it('interrupt dice with time played and net result; Continue resumes; autoplay stops; the session limit ends play', async () => {
    const token = await playerWithSettings('reality', { intervalMinutes: 15, sessionLimitMinutes: 60 });
    const { gameUrl, gameToken } = await launch('dice', token);
    const { page, context, errors } = await newPage(browser);
    await page.goto(gameUrl);
    const play = page.getByTestId('play-button');
    await play.waitFor({ timeout: 20_000 });
    await play.click();
    await expect.poll(() => results(page).count(), { timeout: 10_000 }).toBe(1);

    // The check falls due: the next round is refused and the dialog interrupts.
    await makeDue(gameToken, 'realityCheck');
    await play.click();
    const dialog = page.getByTestId('reality-check');
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.getAttribute('data-kind')).toBe('realityCheck');
    expect(await page.getByRole('heading', { name: 'Reality check' }).isVisible()).toBe(true);
    expect(await page.getByTestId('reality-check-time').textContent()).toMatch(/^(\d+ minutes?|Less than a minute)$/);
    // One round of 1.00 played: the net result is the win minus the stake.
    expect(await page.getByTestId('reality-check-net').textContent()).toMatch(/^(-1\.00|\+0\.98) USD$/);
    expect(await results(page).count()).toBe(1);
    // Escape does not dismiss it: the player chooses.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await screenshot(page, 'reality-check-dice-1440');
    await expectNoSeriousViolations(page, 'reality-check dialog');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'reality-check-dice-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByTestId('reality-check-continue').click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await play.click();
    await expect.poll(() => results(page).count(), { timeout: 10_000 }).toBe(2);

    // A check that falls due during autoplay stops it at the refused round.
    await page.getByLabel('Rounds (up to 100)').fill('100');
    await page.getByTestId('autoplay-toggle').click();
    await expect.poll(() => results(page).count(), { timeout: 10_000 }).toBeGreaterThan(2);
    await makeDue(gameToken, 'realityCheck');
    await dialog.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('autoplay-counter').textContent()).toBe('');
    // The dialog says why autoplay stopped: no error toast beside it.
    expect(await page.getByText('Autoplay stopped after an error.').count()).toBe(0);
    const playedBeforeContinue = await results(page).count();
    await page.getByTestId('reality-check-continue').click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    // Autoplay does not restart by itself.
    await page.waitForTimeout(1_000);
    expect(await results(page).count()).toBe(playedBeforeContinue);

    // The session-time limit: play has ended for this session.
    await makeDue(gameToken, 'sessionTime');
    await play.click();
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.getAttribute('data-kind')).toBe('sessionTime');
    expect(await page.getByRole('heading', { name: 'Session time limit reached' }).isVisible()).toBe(true);
    expect(await page.getByTestId('reality-check-continue').count()).toBe(0);
    await screenshot(page, 'reality-check-session-time-1440');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    expect(await play.isDisabled()).toBe(true);
    // The frame says play has ended by the limit (reopening the game would not resume it).
    const banner = page.locator('.play__ended');
    expect(await banner.textContent()).toContain('You have reached the session-time limit you set.');
    expect(await banner.getByRole('link', { name: 'Leave the game' }).getAttribute('href')).toBe('/casino');
    await screenshot(page, 'reality-check-session-ended-1440');
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  });

  it('a third-party game shows the casino’s reality check and continues through its call', async () => {
    const token = await playerWithSettings('reality3p', { intervalMinutes: 30, sessionLimitMinutes: 120 });
    const { gameUrl, gameToken } = await launch('aurora-wilds', token);
    const { page, context } = await newPage(browser);
    await page.goto(gameUrl);
    const spin = page.getByRole('button', { name: 'Spin' });
    await spin.waitFor({ timeout: 20_000 });
    await spin.click();
    await page.getByRole('status').first().waitFor();

    await makeDue(gameToken, 'realityCheck');
    await spin.click();
    await page.getByRole('heading', { name: 'Reality check' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('body').textContent()).toMatch(
      /You have played this session for (\d+ min|less than a minute)\. Net result:/,
    );
    await screenshot(page, 'reality-check-sandbox-provider');

    await page.getByRole('button', { name: 'Continue playing' }).click();
    await spin.waitFor();
    expect(await page.getByRole('heading', { name: 'Reality check' }).count()).toBe(0);
    await spin.click();
    await page.getByRole('status').first().waitFor();
    expect(await page.locator('body').textContent()).not.toContain('Reality check');
    await context.close();
  });
});
