import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, PASSWORD, registerPlayer, signIn } from './api';
import { artifactsDir, launchBrowser, newPage } from './browser';

/**
 * Plinko, European roulette and the video slot in the play frame (W2): a funded player
 * opens each game through the launch API, plays a round for real money (roulette: a chip
 * on red, placed by keyboard), and the balance shown follows the round; at desktop size
 * and at 375 px, with axe.
 */

let browser: Browser;
let token: string;
let email: string;
let accountId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const player = await registerPlayer('w2games');
  token = player.token;
  email = player.email;
  const created = await call<{ id: string; currency: string }[]>('POST', '/api/wallet/accounts', {
    token,
    body: { currency: 'USD' },
  });
  const account = (created.body.data ?? []).find((item) => item.currency === 'USD');
  if (!account) throw new Error(`no USD account: ${JSON.stringify(created.body)}`);
  accountId = account.id;
  await call('PUT', `/api/wallet/accounts/${accountId}/switch`, { token });
  const funded = await call('POST', `/api/dev/wallet/accounts/${accountId}/fund`, { token, body: { amount: 500 } });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
});
afterAll(async () => {
  await browser.close();
});

const SIZES = [
  { label: '1440', width: 1440, height: 900 },
  { label: '375', width: 375, height: 812 },
] as const;

async function shot(page: Page, name: string) {
  const file = path.join(artifactsDir, 'screenshots', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  fs.mkdirSync('/tmp/shots-w2', { recursive: true });
  fs.copyFileSync(file, `/tmp/shots-w2/${name}.png`);
}

/** Opens the game's frame page as the launch API gives it, for real money. */
async function openGame(identity: string, size: { width: number; height: number }) {
  // Access tokens are short-lived: each game starts on a fresh sign-in.
  const signedIn = await signIn(email, PASSWORD);
  token = signedIn.body.data?.accessToken ?? token;
  const started = await call<{ gameUrl: string }>('POST', `/api/game/games/${identity}/play`, {
    token,
    body: { accountId, demoMode: false, platform: 2, locale: 'en' },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const gameUrl = started.body.data?.gameUrl ?? '';
  const opened = await newPage(browser, size);
  await opened.page.goto(new URL(gameUrl, baseUrl).toString());
  await opened.page.getByTestId('play-button').waitFor({ timeout: 20_000 });
  return opened;
}

const balanceText = (page: Page) => page.getByTestId('play-balance').innerText();

/** The newest real round of a game, from the spins history. */
async function latestSpin(identity: string) {
  const spins = await call<{ gameIdentity: string; amount: number; payout: number }[]>(
    'GET',
    '/api/game/spins?page=1&perPage=20',
    { token },
  );
  return (spins.body.data ?? []).find((spin) => spin.gameIdentity === identity);
}

/** The board's live summary once the round is shown. */
async function summaryOf(page: Page, board: string): Promise<string> {
  const live = page.locator(`${board} [aria-live="polite"]`);
  await expect.poll(async () => (await live.innerText()).trim(), { timeout: 20_000 }).not.toBe('');
  return (await live.innerText()).trim();
}

async function expectBalanceFollows(page: Page, identity: string, before: string) {
  const spin = await latestSpin(identity);
  expect(spin, `${identity} round in the history`).toBeDefined();
  if (spin && spin.payout !== spin.amount) {
    await expect.poll(() => balanceText(page)).not.toBe(before);
  }
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical axe findings (WCAG 2.0–2.2 A/AA) inside this game's board and
 * controls; the frame around them is W1's and has its own checks.
 */
async function expectAccessible(page: Page, label: string, selectors: string[]) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (include) => {
    interface Result {
      violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<Result> } }).axe;
    const result = await axe.run(
      { include: include.map((selector) => [selector]) },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } },
    );
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => JSON.stringify(n.target)) }));
  }, selectors);
  expect(violations, `${label}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

describe.each(SIZES)('in-house games at $label px', (size) => {
  it('plinko: a ball drops into a bucket and the balance follows', async () => {
    const { page, context, errors } = await openGame('plinko', size);
    await page.locator('.plinko-board__peg').first().waitFor();
    await page.getByLabel('Rows', { exact: true }).selectOption('12');
    await page.getByRole('radio', { name: 'High' }).check();
    await expect.poll(() => page.locator('.plinko-board__bucket').count()).toBe(13);
    await shot(page, `w2-plinko-idle-${size.label}`);
    const before = await balanceText(page);
    await page.getByTestId('play-button').click();
    expect(await summaryOf(page, '.plinko-board')).toMatch(/^Ball landed in [\d.]+×$/);
    await expect.poll(() => page.locator('.plinko-board__bucket.is-hit').count()).toBe(1);
    await expectBalanceFollows(page, 'plinko', before);
    await shot(page, `w2-plinko-landed-${size.label}`);
    await expectAccessible(page, 'plinko', ['.plinko-board', '.plinko-controls']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('roulette: a chip on red by keyboard, the wheel stops on a pocket', async () => {
    const { page, context, errors } = await openGame('roulette', size);
    const play = page.getByTestId('play-button');
    // No chips: the frame says why it cannot spin.
    expect(await play.isDisabled()).toBe(true);
    await page.getByText('Place at least one chip on the table to spin.').waitFor();
    // Tab reaches the table at one cell; arrows move, Enter places a chip.
    const red = page.getByRole('button', { name: 'Red', exact: true });
    const black = page.getByRole('button', { name: 'Black', exact: true });
    await black.focus();
    // Red is left of black on the wide table and above it on the upright (narrow) one.
    const [redBox, blackBox] = await Promise.all([red.boundingBox(), black.boundingBox()]);
    await page.keyboard.press(redBox && blackBox && redBox.y < blackBox.y - 4 ? 'ArrowUp' : 'ArrowLeft');
    await expect.poll(() => red.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /^Red, .+ placed$/ }).waitFor();
    // Two more on 17 and one taken off again with a right-click.
    const seventeen = page.getByRole('button', { name: '17 black', exact: true });
    await seventeen.click();
    await page.getByRole('button', { name: /^17 black, .+ placed$/ }).click();
    await page.getByRole('button', { name: /^17 black, .+ placed$/ }).click({ button: 'right' });
    await page.getByRole('button', { name: /^17 black, .+ placed$/ }).click({ button: 'right' });
    await seventeen.waitFor();
    await shot(page, `w2-roulette-chips-${size.label}`);
    expect(await play.isDisabled()).toBe(false);
    const before = await balanceText(page);
    await play.click();
    const summary = await summaryOf(page, '.roulette-board');
    expect(summary).toMatch(/^Pocket \d{1,2} (red|black|green)(\. Win .+)?$/);
    const pocket = Number(/Pocket (\d+)/.exec(summary)?.[1]);
    // The winning spots light up, among them the pocket's number.
    await page.locator(`.roulette-table__cell.is-winning[aria-label^="${pocket} "]`).waitFor();
    await expectBalanceFollows(page, 'roulette', before);
    await shot(page, `w2-roulette-spun-${size.label}`);
    await expectAccessible(page, 'roulette', ['.roulette-board', '.roulette-controls']);
    // Clear, then repeat last puts the chip back.
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => play.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Repeat last', exact: true }).click();
    await page.getByRole('button', { name: /^Red, .+ placed$/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('slot: the reels stop on a window, the paytable opens from the keyboard', async () => {
    const { page, context, errors } = await openGame('fruit-fiesta', size);
    await page.locator('.slot-cell').first().waitFor();
    expect(await page.locator('.slot-cell').count()).toBe(15);
    const paytable = page.getByRole('button', { name: 'Paytable' });
    await paytable.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Paytable' });
    await dialog.waitFor();
    expect(await dialog.locator('.slot-paytable__line').count()).toBe(20);
    await shot(page, `w2-slot-paytable-${size.label}`);
    await expectAccessible(page, 'paytable', ['.slot-paytable']);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const before = await balanceText(page);
    await page.getByTestId('play-button').click();
    // Mid-spin: some reels still turning.
    await page.locator('.slot-reel.is-spinning').first().waitFor();
    const summary = await summaryOf(page, '.slot-board');
    expect(summary).toMatch(/^(No win|Win .+|Total win .+ with \d+ free spins?)$/);
    expect(await page.locator('.slot-reel.is-spinning').count()).toBe(0);
    await expectBalanceFollows(page, 'fruit-fiesta', before);
    await shot(page, `w2-slot-spun-${size.label}`);
    await expectAccessible(page, 'slot', ['.slot-board', '.slot-controls']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
