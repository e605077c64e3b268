import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { baseUrl, call, registerPlayer } from './api';
import { artifactsDir, launchBrowser, newPage } from './browser';

/**
 * The in-house game frame (/play/{identity}): a guest plays demo dice (button and Space),
 * a funded player plays real dice, limbo and mines (start, reveal by keyboard, reload
 * resumes the open round, cash out) with the balance following; autoplay stops at its
 * count; the seeds panel rotates and its revealed-seed link opens the verifier, which
 * recomputes the same roll in the browser; axe on the frame, the dialog and the verifier;
 * screenshots at 1440 and 375 px.
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

interface Round {
  id: string;
  outcome: Record<string, unknown>;
  seeds: { serverSeedHash: string; clientSeed: string; nonce: number; serverSeed: string | null };
}

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  const file = path.join(artifactsDir, 'screenshots', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage });
}

async function expectNoSeriousViolations(page: Page, label: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${label}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

async function launch(identity: string, demoMode: boolean, token?: string): Promise<string> {
  const answer = await call<{ gameUrl: string }>('POST', `/api/game/games/${identity}/play`, {
    body: { demoMode },
    token,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const gameUrl = answer.body.data?.gameUrl ?? '';
  // Absolute on the site's address (another front end frames it as it is).
  expect(gameUrl).toMatch(new RegExp(`^${baseUrl}/play/${identity}\\?mode=${demoMode ? 'demo' : 'real'}#token=`));
  return gameUrl;
}

/** A player with 100 USD, the USD account active. */
async function fundedPlayer(label: string): Promise<string> {
  const { token } = await registerPlayer(label);
  const created = await call<Account[]>('POST', '/api/wallet/accounts', { token, body: { currency: 'USD' } });
  const account = (created.body.data ?? []).find((item) => item.currency === 'USD');
  if (!account) throw new Error(`no USD account: ${JSON.stringify(created.body)}`);
  await call('PUT', `/api/wallet/accounts/${account.id}/switch`, { token });
  const funded = await call('POST', `/api/dev/wallet/accounts/${account.id}/fund`, { token, body: { amount: 100 } });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  return token;
}

const balanceText = (page: Page) => page.getByTestId('play-balance').textContent();
const results = (page: Page) => page.locator('[data-testid="play-results"] li');

/** The player's latest in-house round with its seeds (game recall). */
async function latestRound(token: string, identity: string): Promise<Round> {
  const spins = await call<{ id: string; gameIdentity: string }[]>('GET', '/api/game/spins?page=1&perPage=20', {
    token,
  });
  const spin = (spins.body.data ?? []).find((item) => item.gameIdentity === identity);
  if (!spin) throw new Error(`no ${identity} round: ${JSON.stringify(spins.body)}`);
  const round = await call<Round>('GET', `/api/game/originals/rounds/${spin.id}`, { token });
  expect(round.status, JSON.stringify(round.body)).toBe(200);
  return round.body.data as Round;
}

describe('in-house game frame', () => {
  it('a guest plays demo dice with the button and with Space', async () => {
    const url = await launch('dice', true);
    const { page, context, errors } = await newPage(browser);
    await page.goto(url);
    const play = page.getByTestId('play-button');
    await play.waitFor({ timeout: 20_000 });
    expect(await page.locator('.play__demo').textContent()).toBe('Demo');
    expect(await balanceText(page)).toBe('1,000.00 USD');
    expect(await page.title()).toBeTruthy();

    await play.click();
    await expect.poll(() => results(page).count(), { timeout: 10_000 }).toBe(1);
    // Stake 1.00: a loss takes it, a win (1.98×) adds 0.98; either way the balance moves.
    await expect.poll(() => balanceText(page)).not.toBe('1,000.00 USD');
    expect(await page.getByTestId('dice-roll').textContent()).toMatch(/^\d{1,3}\.\d{2}$/);

    // Space plays from anywhere that is not a control.
    await page.locator('.play__stage').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Space');
    await expect.poll(() => results(page).count(), { timeout: 10_000 }).toBe(2);

    // The stake field says why Play is off: above the balance.
    const stake = page.getByLabel('Stake (USD)');
    await stake.fill('5000');
    await page.getByText('The stake is above your balance.').waitFor();
    expect(await play.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Halve the stake' }).click();
    expect(await stake.inputValue()).toBe('2500.00');
    await stake.fill('1');

    // Sound: off by default, the choice is kept.
    const sound = page.getByRole('button', { name: 'Sound', exact: true });
    expect(await sound.getAttribute('aria-pressed')).toBe('false');
    await sound.click();
    expect(await page.evaluate(() => localStorage.getItem('croupier.play.sound'))).toBe('on');

    await shot(page, 'w1-play-dice-demo-1440');
    await expectNoSeriousViolations(page, 'demo dice frame');

    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'w1-play-dice-demo-375');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a player plays real dice, autoplay stops at its count, and the seeds panel leads to the verifier', async () => {
    const token = await fundedPlayer('w1dice');
    const { page, context, errors } = await newPage(browser);
    await page.goto(await launch('dice', false, token));
    const play = page.getByTestId('play-button');
    await play.waitFor({ timeout: 20_000 });
    expect(await balanceText(page)).toBe('100.00 USD');
    expect(await page.locator('.play__demo').count()).toBe(0);

    await play.click();
    await expect.poll(() => results(page).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => balanceText(page)).not.toBe('100.00 USD');

    // Autoplay: 3 rounds, then it stops by itself with a counter on the way.
    await page.getByLabel('Rounds (up to 100)').fill('3');
    await page.getByTestId('autoplay-toggle').click();
    await expect
      .poll(() => page.getByTestId('autoplay-counter').textContent(), { timeout: 5_000 })
      .toMatch(/Round \d of 3/);
    await page.getByText('Autoplay finished: 3 rounds played.').waitFor({ timeout: 30_000 });
    expect(await results(page).count()).toBe(4);
    expect(await page.getByTestId('autoplay-toggle').textContent()).toBe('Start autoplay');
    const spins = await call<unknown[]>('GET', '/api/game/spins?page=1&perPage=20', { token });
    expect(spins.body.data).toHaveLength(4);

    // Seeds: the commitment, then rotate reveals the server seed.
    const played = await latestRound(token, 'dice');
    await page.getByRole('button', { name: 'Fairness' }).click();
    const dialog = page.getByRole('dialog', { name: 'Provably fair seeds' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('seeds-hash').textContent()).toBe(played.seeds.serverSeedHash);
    expect(await dialog.getByTestId('seeds-nonce').textContent()).toBe('4');
    await shot(page, 'w1-play-seeds-1440', false);
    await expectNoSeriousViolations(page, 'seeds dialog');
    await dialog.getByRole('button', { name: 'Rotate seeds' }).click();
    const revealed = dialog.getByTestId('seeds-revealed');
    await revealed.waitFor();
    const serverSeed = (await revealed.textContent()) ?? '';
    expect(serverSeed).toMatch(/^[0-9a-f]{64}$/);
    await expect.poll(() => dialog.getByTestId('seeds-hash').textContent()).not.toBe(played.seeds.serverSeedHash);
    expect(await dialog.getByTestId('seeds-nonce').textContent()).toBe('0');
    await shot(page, 'w1-play-seeds-rotated-1440', false);

    // The revealed seed's link opens the verifier on the last round: same roll, same commitment.
    const [verifier] = await Promise.all([context.waitForEvent('page'), dialog.getByTestId('seeds-verify').click()]);
    await verifier.waitForLoadState();
    const outcome = verifier.getByTestId('verifier-outcome');
    await outcome.waitFor({ timeout: 20_000 });
    const roll = Number(played.outcome.rollHundredths);
    expect(await outcome.textContent()).toBe((roll / 100).toFixed(2));
    expect(await verifier.getByTestId('verifier-hash').textContent()).toBe(played.seeds.serverSeedHash);
    expect(new URL(verifier.url()).searchParams.get('nonce')).toBe(String(played.seeds.nonce));
    await verifier.getByRole('button', { name: /Show the next 10 rounds/ }).click();
    expect(await verifier.locator('.verifier-pair__table tbody tr').count()).toBe(10);
    await shot(verifier, 'w1-verifier-1440');
    await expectNoSeriousViolations(verifier, 'verifier page');
    await verifier.setViewportSize({ width: 375, height: 812 });
    await shot(verifier, 'w1-verifier-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a player plays real limbo', async () => {
    const token = await fundedPlayer('w1limbo');
    const { page, context, errors } = await newPage(browser);
    await page.goto(await launch('limbo', false, token));
    const play = page.getByTestId('play-button');
    await play.waitFor({ timeout: 20_000 });
    const target = page.getByLabel(/Target multiplier/);
    await target.fill('3');
    await target.press('Tab');
    expect(await target.inputValue()).toBe('3.00');
    await play.click();
    await expect.poll(() => page.getByTestId('limbo-result').textContent(), { timeout: 10_000 }).toMatch(/^Result /);
    await expect.poll(() => balanceText(page)).not.toBe('100.00 USD');
    const round = await latestRound(token, 'limbo');
    expect(round.outcome.resultHundredths).toEqual(expect.any(Number));
    await shot(page, 'w1-play-limbo-1440');
    await expectNoSeriousViolations(page, 'limbo frame');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a player plays real mines: start, reveal by keyboard, resume after reload, cash out', async () => {
    const token = await fundedPlayer('w1mines');
    const { page, context, errors } = await newPage(browser);
    const url = await launch('mines', false, token);
    await page.goto(url);
    const start = page.getByTestId('play-button');
    await start.waitFor({ timeout: 20_000 });
    await page.getByLabel('Mines', { exact: true }).selectOption('1');
    const status = page.getByTestId('mines-status');

    // One mine of 25: a few tries at most to reveal a safe tile (a hit ends the round).
    let safe = false;
    for (let attempt = 0; attempt < 6 && !safe; attempt += 1) {
      await start.click();
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/cash out now/);
      // Keyboard: the first tile has focus in the grid; Right moves, Enter reveals.
      await page.locator('[data-tile="0"]').focus();
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-tile'))).toBe('1');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.locator('[data-tile="1"]').getAttribute('class'), { timeout: 10_000 })
        .toMatch(/mines-tile--(gem|hit)/);
      safe = (await page.locator('[data-tile="1"]').getAttribute('class'))?.includes('gem') ?? false;
    }
    expect(safe).toBe(true);
    expect(await page.getByTestId('mines-cashout').textContent()).toMatch(/^Cash out \d+\.\d{2} USD$/);

    // A reload resumes the open round where it was.
    await page.reload();
    await page.getByText('Your open round is back on the board.').waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-tile="1"]').getAttribute('class')).toContain('mines-tile--gem');
    const before = await balanceText(page);
    await shot(page, 'w1-play-mines-open-1440');
    await expectNoSeriousViolations(page, 'mines frame');

    await page.getByTestId('mines-cashout').click();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/^Cashed out /);
    await expect.poll(() => balanceText(page)).not.toBe(before);
    // The board is revealed at the end: the one mine shows.
    expect(await page.locator('.mines-tile--missedMine').count()).toBe(1);
    const round = await latestRound(token, 'mines');
    expect(round.outcome.status).toBe('cashedOut');
    await shot(page, 'w1-play-mines-cashed-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'w1-play-mines-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unknown token asks the player to reopen the game', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${baseUrl}/play/dice?mode=real#token=not-a-token`);
    await page.getByText('This game session has ended. Reopen the game to keep playing.').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('link', { name: 'Reopen the game' }).getAttribute('href')).toBe('/games/dice');
    await context.close();
  });
});
