import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { baseUrl, call, PASSWORD, registerPlayer, signedInPage as signedInPageOf } from './api';
import { artifactsDir, launchBrowser, newPage, screenshot } from './browser';

/**
 * The game page in play (W3): a guest starts Dice in demo mode through the demo-game
 * modal and the frame loads in the stage; a funded player plays Dice for real inside the
 * embedded frame, then finds the round in the history games tab with its details, and the
 * verifier recomputes it; favourites and recently played; the phone layout with the
 * mobile-game modal; axe.
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
  balance: number;
}

/** What the game recall answers for a Dice round (the fields this test reads). */
interface DiceRound {
  outcome: { rollHundredths: number; win: boolean };
  seeds: { serverSeedHash: string; serverSeed: string | null };
}

async function contentGroup<T>(group: string, locale: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/content/groups/${group}?locale=${locale}`);
  return ((await response.json()) as { data: T }).data;
}

/** The launch token of a game frame's URL: it rides in the fragment. */
const frameToken = (src: string) =>
  new URLSearchParams(new URL(src, 'http://frame.invalid').hash.slice(1)).get('token') ?? '';
const dialog = (page: Page, name: string) => page.locator(`[role="dialog"][data-modal-name="${name}"]`);
const signedInPage = (token: string, size?: { width: number; height: number }) => signedInPageOf(browser, token, size);

async function acceptCookies(page: Page) {
  const accept = page.locator('.cookie-popup button').first();
  if (await accept.count()) await accept.click();
}

async function expectNoSeriousViolations(page: Page, label: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${label}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** A player with a funded USD account, active. */
async function fundedPlayer(label: string): Promise<{ token: string; account: Account }> {
  const { token } = await registerPlayer(label);
  const created = await call<Account[]>('POST', '/api/wallet/accounts', { token, body: { currency: 'USD' } });
  const account = (created.body.data ?? []).find((item) => item.currency === 'USD');
  expect(account, JSON.stringify(created.body)).toBeDefined();
  if (!account) throw new Error('no USD account');
  await call('PUT', `/api/wallet/accounts/${account.id}/switch`, { token });
  const funded = await call('POST', `/api/dev/wallet/accounts/${account.id}/fund`, { token, body: { amount: 100 } });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  return { token, account };
}

/**
 * A player whose USD account is paid in through the sandbox payment provider, as a player
 * would: a card deposit, and the payer's "Pay" on the provider's page (its webhook credits).
 */
async function depositedPlayer(label: string, amount: number): Promise<{ token: string; account: Account }> {
  const { token } = await registerPlayer(label);
  const created = await call<Account[]>('POST', '/api/wallet/accounts', { token, body: { currency: 'USD' } });
  const account = (created.body.data ?? []).find((item) => item.currency === 'USD');
  if (!account) throw new Error('no USD account');
  await call('PUT', `/api/wallet/accounts/${account.id}/switch`, { token });
  const deposit = await call<{ action?: string }>('POST', '/api/payment/invoices/deposit', {
    token,
    body: { currency: 'USD', accountId: account.id, method: 'sandbox.card', amount, isBonusDecline: true },
  });
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
  const paymentId = /\/api\/dev\/psp\/payments\/([0-9a-f-]{36})/.exec(deposit.body.data?.action ?? '')?.[1];
  expect(paymentId).toBeDefined();
  const paid = await fetch(`${baseUrl}/api/dev/psp/payments/${paymentId ?? ''}/succeed?view=window`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(paid.status).toBeLessThan(400);
  await expect
    .poll(async () => {
      const list = await call<Account[]>('GET', '/api/wallet/accounts', { token });
      return (list.body.data ?? []).find((item) => item.id === account.id)?.balance;
    })
    .toBe(amount);
  return { token, account };
}

/** Plays Dice for real through the API with a launch token until a round wins (98 % a roll). */
async function winDiceRound(token: string): Promise<void> {
  const started = await call<{ token: string }>('POST', '/api/game/games/dice/play', {
    token,
    body: { demoMode: false, platform: 2 },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const session = started.body.data?.token ?? '';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const response = await fetch(`${baseUrl}/api/game/originals/dice/rounds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-game-session': session },
      body: JSON.stringify({ amount: 1, direction: 'under', targetHundredths: 9800 }),
    });
    const body = (await response.json()) as { data?: { round: { payout: number; amount: number } } };
    expect(response.status, JSON.stringify(body)).toBe(200);
    if ((body.data?.round.payout ?? 0) > (body.data?.round.amount ?? 0)) return;
  }
  throw new Error('no winning round in 5 tries');
}

describe('game page in play', () => {
  it('a guest plays the demo: demo modal, then the frame loads in the stage', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${baseUrl}/games/dice`);
    await acceptCookies(page);
    await page.getByTestId('game-demo').click();
    const demo = dialog(page, 'demo-game');
    await demo.waitFor();
    await screenshot(page, 'w3-demo-modal-1440');
    await demo.getByRole('button', { name: 'Continue in demo' }).click();

    const frame = page.getByTestId('game-frame');
    await frame.waitFor();
    // The game's URL is absolute on the site's address (the same origin here).
    expect(((await frame.getAttribute('src')) ?? '').startsWith(`${baseUrl}/play/dice?mode=demo&lang=en#token=`)).toBe(
      true,
    );
    expect(await frame.getAttribute('title')).toBe('Dice game');
    await expect.poll(() => page.getByTestId('game-stage').getAttribute('data-mode')).toBe('demo');
    // The frame's own page has loaded inside the stage.
    await page.frameLocator('[data-testid="game-frame"]').getByTestId('play-button').waitFor({ timeout: 20_000 });
    await screenshot(page, 'w3-demo-playing-1440');

    // Close goes back to the shell with its Play button.
    await page.getByTestId('game-close').click();
    await page.getByTestId('game-play').waitFor();
    expect(await page.getByTestId('game-frame').count()).toBe(0);

    // Real money asks a guest to sign in, and remembers the game to come back to.
    await page.getByTestId('game-play').click();
    await dialog(page, 'sign-in').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('returnGame'))).toBe('dice');

    // Signing in elsewhere in this tab (a fresh page load keeps the entry, as after a social
    // sign-in) brings the player back to the game, once.
    const player = await registerPlayer('w3return');
    await page.goto(`${baseUrl}/casino`);
    expect(await page.evaluate(() => sessionStorage.getItem('returnGame'))).toBe('dice');
    await page.locator('.header').getByRole('button', { name: 'Sign in' }).click();
    const signIn = dialog(page, 'sign-in');
    await signIn.getByRole('textbox', { name: 'E-mail', exact: true }).fill(player.email);
    await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/games/dice');
    expect(await page.evaluate(() => sessionStorage.getItem('returnGame'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a player deposits, plays Dice for real in the frame with the header balance following live; the round is in the history games tab', async () => {
    const { token } = await depositedPlayer('w3play', 100);
    const { page, context } = await signedInPage(token);
    await page.goto(`${baseUrl}/games/dice`);
    const headerBalance = page.locator('.wallet-header__button');
    await expect.poll(() => headerBalance.textContent()).toMatch(/100(\.00)?\s*USD/);
    await page.getByTestId('game-play').click();
    const frameElement = page.getByTestId('game-frame');
    await frameElement.waitFor();
    const frameSrc = (await frameElement.getAttribute('src')) ?? '';
    expect(frameSrc.startsWith(`${baseUrl}/play/dice?mode=real&lang=en#token=`)).toBe(true);
    await expect.poll(() => page.getByTestId('game-stage').getAttribute('data-mode')).toBe('real');

    const frame = page.frameLocator('[data-testid="game-frame"]');
    const play = frame.getByTestId('play-button');
    await play.waitFor({ timeout: 20_000 });
    await play.click();
    // The round settles: the spins history has it (the frame plays through the API with its token).
    await expect
      .poll(
        async () => {
          const spins = await call<{ gameIdentity: string }[]>('GET', '/api/game/spins?page=1&perPage=10', { token });
          return (spins.body.data ?? []).filter((spin) => spin.gameIdentity === 'dice').length;
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    // The stake (and any win) reach the site's header over the websocket, without a reload.
    await expect.poll(() => headerBalance.textContent(), { timeout: 15_000 }).not.toMatch(/^\D*100(\.00)?\s*USD/);
    await screenshot(page, 'w3-real-playing-1440');
    await expectNoSeriousViolations(page, 'game page playing');

    // The header's currency switch while playing: the game restarts on the EUR account.
    await call('POST', '/api/wallet/accounts', { token, body: { currency: 'EUR' } });
    await page.reload();
    await page.getByTestId('game-play').click();
    await expect.poll(() => page.getByTestId('game-stage').getAttribute('data-mode')).toBe('real');
    const usdSrc = (await page.getByTestId('game-frame').getAttribute('src')) ?? '';
    await page.locator('.wallet-header__button').click();
    await page.locator('.wallet-currencies__row[data-currency="EUR"] button').first().click();
    await expect.poll(() => page.getByTestId('game-frame').getAttribute('src')).not.toBe(usdSrc);
    const eurSrc = (await page.getByTestId('game-frame').getAttribute('src')) ?? '';
    expect(eurSrc).toMatch(/mode=real/);
    const eurSession = await fetch(`${baseUrl}/api/game/originals/session`, {
      headers: {
        accept: 'application/json',
        'x-game-session': frameToken(eurSrc),
      },
    });
    expect(((await eurSession.json()) as { data?: { currency: string } }).data?.currency).toBe('EUR');

    // History → Games tab → the round → its details.
    await page.goto(`${baseUrl}/profile/history`);
    await page.getByTestId('history-tab-games').click();
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=games');
    const row = page.locator('[data-spin]').first();
    await row.waitFor();
    expect(await row.getByRole('link', { name: 'Dice' }).getAttribute('href')).toBe('/games/dice');
    await row.getByRole('button', { name: 'Details' }).click();
    const details = page.getByTestId('round-details');
    await details.waitFor();
    expect(await details.textContent()).toContain('Client seed');
    // Not rotated yet: the server seed is hidden and the page says to rotate first.
    await page.getByTestId('round-rotate-note').waitFor();
    await screenshot(page, 'w3-history-games-1440');
    await expectNoSeriousViolations(page, 'history games tab');

    // Rotating the seed pair reveals the server seed: the round links to the verifier, prefilled.
    const launchToken = frameToken(frameSrc);
    const rotated = await fetch(`${baseUrl}/api/game/originals/seeds/rotate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-game-session': launchToken },
      body: '{}',
    });
    expect(rotated.status).toBe(200);
    await page.reload();
    const spin = page.locator('[data-spin]').first();
    const roundId = (await spin.getAttribute('data-spin')) ?? '';
    await spin.getByRole('button', { name: 'Details' }).click();
    const verify = page.getByTestId('round-verify');
    await verify.waitFor();
    const verifyHref = (await verify.getAttribute('href')) ?? '';
    expect(verifyHref).toMatch(/^\/fairness\?game=dice&serverSeed=[0-9a-f]+&clientSeed=/);
    // The round as the server settled it, now with its server seed revealed.
    const recalled = await call<DiceRound>('GET', `/api/game/originals/rounds/${encodeURIComponent(roundId)}`, {
      token,
    });
    expect(recalled.status, JSON.stringify(recalled.body)).toBe(200);
    const round = recalled.body.data;
    if (!round?.seeds.serverSeed) throw new Error(`round ${roundId} has no revealed server seed`);
    const roll = (round.outcome.rollHundredths / 100).toFixed(2);
    expect(await page.getByTestId('round-details').textContent()).toContain(roll);
    await verify.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/fairness');

    // The verifier recomputes the round in the browser: the revealed seed is the one committed
    // to (its hash), and the roll and the result are the round's.
    const texts = await contentGroup<{ play: { verifier: { result: string; win: string; loss: string } } }>(
      'global-components',
      'en',
    );
    await expect.poll(() => page.getByTestId('verifier-hash').textContent()).toBe(round.seeds.serverSeedHash);
    await expect.poll(() => page.getByTestId('verifier-outcome').textContent()).toBe(roll);
    const result = page
      .locator('.verifier-facts > div')
      .filter({ has: page.getByText(texts.play.verifier.result, { exact: true }) })
      .locator('dd');
    expect(await result.textContent()).toBe(round.outcome.win ? texts.play.verifier.win : texts.play.verifier.loss);
    await screenshot(page, 'w3-verifier-round-1440');

    // Transactions stay the default tab.
    await page.goto(`${baseUrl}/profile/history?tab=games`);
    await page.getByRole('link', { name: 'Transactions' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('favourites toggle from the game page, /favorites lists them, /recently-played shows the game', async () => {
    const { token } = await fundedPlayer('w3fav');
    // A real round of Dice makes it recently played.
    const started = await call<{ token: string }>('POST', '/api/game/games/dice/play', {
      token,
      body: { demoMode: false, platform: 2 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { page, context } = await signedInPage(token);

    await page.goto(`${baseUrl}/games/dice`);
    const heart = page.locator('.games-game__head').getByTestId('favorite-toggle');
    await expect.poll(() => heart.isEnabled()).toBe(true);
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => {
        const favorites = await call<{ identity: string }[]>('GET', '/api/game/games/favorites', { token });
        return (favorites.body.data ?? []).map((game) => game.identity);
      })
      .toEqual(['dice']);

    await page.goto(`${baseUrl}/favorites`);
    const grid = page.getByTestId('favorites-page');
    await grid.locator('.tile__link', { hasText: 'Dice' }).waitFor();
    // The tile's own heart is pressed too, and takes it out again.
    const tileHeart = grid.getByRole('button', { name: 'Remove from favourites: Dice' });
    expect(await tileHeart.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'w3-favorites-1440');
    await expectNoSeriousViolations(page, 'favorites');
    await tileHeart.click();
    await grid.locator('.state--empty').waitFor();
    await expect
      .poll(async () => (await call<unknown[]>('GET', '/api/game/games/favorites', { token })).body.data?.length)
      .toBe(0);

    await page.goto(`${baseUrl}/recently-played`);
    await page.getByTestId('recently-played-page').locator('.tile__link', { hasText: 'Dice' }).waitFor();
    await screenshot(page, 'w3-recently-played-1440');
    await expectNoSeriousViolations(page, 'recently played');
    await context.close();
  });

  it('the winners feed on the home page prepends a live win and links to its game', async () => {
    const { page, context, errors } = await newPage(browser);
    await context.addInitScript(() => localStorage.setItem('cookies-accepted', 'true'));
    // The feed's channel is subscribed once the realtime connection is up (after the first paint).
    let subscribed = false;
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"subscribe"')) subscribed = true;
      });
    });
    await page.goto(baseUrl);
    const feed = page.getByTestId('winners-feed');
    await feed.waitFor();
    await expect.poll(() => feed.getAttribute('aria-busy')).not.toBe('true');
    await expect.poll(() => subscribed, { timeout: 15_000 }).toBe(true);
    const { token } = await fundedPlayer('w3win');
    const dice = await call<{ id: string }>('GET', '/api/game/games/dice');
    const diceId = dice.body.data?.id ?? '';
    await winDiceRound(token);
    // Marked new: it arrived after the page showed the list (the live event, not the first load).
    const card = feed.locator(`a.games-winner--new[href="/games/${diceId}"]`).first();
    await card.waitFor({ timeout: 15_000 });
    expect(await card.textContent()).toContain('Dice');
    await screenshot(page, 'w3-home-winners-1440');
    await expectNoSeriousViolations(page, 'home with winners');
    await card.click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Dice');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 375 px: mobile-game modal first, the frame fills the screen height; axe', async () => {
    const { token } = await fundedPlayer('w3phone');
    const { page, context } = await signedInPage(token, { width: 375, height: 812 });
    await page.goto(`${baseUrl}/games/dice`);
    await page.getByTestId('game-play').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'w3-game-375');
    await expectNoSeriousViolations(page, 'game page 375');

    await page.getByTestId('game-play').click();
    const mobile = dialog(page, 'mobile-game');
    await mobile.waitFor();
    await screenshot(page, 'w3-mobile-modal-375');
    await mobile.getByRole('button', { name: 'Play for real' }).click();
    const frame = page.getByTestId('game-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/mode=real/);
    await page.frameLocator('[data-testid="game-frame"]').getByTestId('play-button').waitFor({ timeout: 20_000 });
    const box = await page.getByTestId('game-stage').boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(600);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(artifactsDir, 'screenshots', 'w3-playing-375.png') });
    await expectNoSeriousViolations(page, 'playing 375');

    // The games history as cards, with a round's details open.
    await winDiceRound(token);
    await page.goto(`${baseUrl}/profile/history?tab=games`);
    const card = page.locator('li[data-spin]').first();
    await card.getByRole('button', { name: 'Details' }).click();
    await page.getByTestId('round-details').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'w3-history-games-375');
    await expectNoSeriousViolations(page, 'history games 375');
    await context.close();
  });
});
