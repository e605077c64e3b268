import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, registerPlayer, signedInPage } from './api';
import { launchBrowser, newPage, screenshot } from './browser';

/**
 * Free spins in the slot's frame (docs/bonuses.md, "Free spins"): a player enters the code
 * FRUIT20 and activates the 20 spins (through the API), opens Fruit Fiesta for real money,
 * switches to free spins by keyboard, plays all of them in the frame, and sees the cash
 * balance unchanged and what the winnings became; at 1440 and 390 px, with axe. Before and
 * after, /profile/bonuses lists the grant: active with 0 of 20 spins, then in History as played.
 * With a second grant from the operator, the frame offers both: the player chooses the second
 * by keyboard, plays from it (the choice outlives a reload), and once it is used up the first
 * is offered. Eleven finished grants page the History's free spins ten at a time.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const ADMIN_KEY = 'e2e-operator-key-0123456789abcdefghijklmnop';

const SIZES = [
  { label: '1440', width: 1440, height: 900 },
  { label: '390', width: 390, height: 844 },
] as const;

interface Grant {
  id: string;
  status: number;
  result: number;
  count: number;
  usedCount: number;
  wonAmount: number;
  winningsBonusId: string | null;
}

/** A funded USD player holding FRUIT20's spins, activated. */
async function playerWithFreeSpins(label: string) {
  const player = await registerPlayer(label);
  const { token } = player;
  const created = await call<{ id: string; currency: string }[]>('POST', '/api/wallet/accounts', {
    token,
    body: { currency: 'USD' },
  });
  const account = (created.body.data ?? []).find((item) => item.currency === 'USD');
  if (!account) throw new Error(`no USD account: ${JSON.stringify(created.body)}`);
  await call('PUT', `/api/wallet/accounts/${account.id}/switch`, { token });
  const funded = await call('POST', `/api/dev/wallet/accounts/${account.id}/fund`, { token, body: { amount: 50 } });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  const code = await call<{ status: number }>('POST', '/api/game/bonuses/bonuscodes', {
    token,
    body: { bonusCode: 'FRUIT20', trigger: 1 },
  });
  expect(code.body.data?.status, JSON.stringify(code.body)).toBe(2);
  const [grant] = (await call<Grant[]>('GET', '/api/game/player-freespins', { token })).body.data ?? [];
  if (!grant) throw new Error('FRUIT20 gave no free spins');
  const activated = await call('PUT', `/api/game/player-freespins/${grant.id}/activate`, { token });
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  return { token, playerId: player.id, accountId: account.id, grantId: grant.id };
}

/** The operator's API (docs/bonuses.md, "Operator API"). */
async function operator<T>(method: string, path: string, body: unknown): Promise<{ status: number; data: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return { status: response.status, data: (JSON.parse(text) as { data: T }).data };
}

/** A catalogue free-spins bonus on Fruit Fiesta that the operator gives by hand, any number of times. */
async function manualFreespinsBonus(name: string, count: number, betUsd: number): Promise<string> {
  const created = await operator<{ id: string }>('POST', '/api/admin/bonuses', {
    name,
    type: 3,
    trigger: 'manual',
    freespins: {
      gameId: 'fruit-fiesta',
      count,
      betValues: [{ currency: 'USD', amount: betUsd }],
      durationMinutes: 120,
    },
    wagerCasino: 35,
    perPlayerLimit: null,
  });
  return created.data.id;
}

/** The operator gives the player a grant of `bonusId` (issued); its id. */
async function giveGrant(playerId: string, bonusId: string): Promise<string> {
  const given = await operator<{ id: string }>('POST', `/api/admin/players/${playerId}/bonuses`, {
    bonusId,
    currency: 'USD',
  });
  return given.data.id;
}

async function openSlot(token: string, accountId: string, size: { width: number; height: number }) {
  const started = await call<{ gameUrl: string }>('POST', '/api/game/games/fruit-fiesta/play', {
    token,
    body: { accountId, demoMode: false, platform: 2, locale: 'en' },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const opened = await newPage(browser, size);
  // Reels stop at once: twenty spins in a test's time.
  await opened.page.emulateMedia({ reducedMotion: 'reduce' });
  await opened.page.goto(new URL(started.body.data?.gameUrl ?? '', baseUrl).toString());
  await opened.page.getByTestId('play-button').waitFor({ timeout: 20_000 });
  return opened;
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe findings (WCAG 2.0–2.2 A/AA) in the given parts of the frame. */
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

/** The free-spin card on /profile/bonuses (the tab in `?tab=`), checked for width and axe. */
async function bonusesPageCard(token: string, size: { label: string; width: number; height: number }, tab: string) {
  const opened = await signedInPage(browser, token, size);
  const { page } = opened;
  await page.goto(`${baseUrl}/profile/bonuses${tab === 'history' ? '?tab=history' : ''}`);
  const card = page.getByTestId('freespin-card');
  await card.waitFor({ timeout: 20_000 });
  expect(await page.getByTestId('freespins-section').getByRole('heading', { level: 3 }).innerText()).toBe('Free spins');
  expect(await card.count()).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(size.width);
  await screenshot(page, `freespins-bonuses-${tab}-${size.label}`);
  await expectAccessible(page, `bonuses page, ${tab}`, ['[data-testid="freespins-section"]']);
  return { ...opened, card };
}

describe.each(SIZES)('free spins in the slot at $label px', (size) => {
  it('plays all twenty free spins in the frame; the cash balance stays; the winnings become a bonus', async () => {
    const { token, accountId, grantId } = await playerWithFreeSpins(`freespins${size.label}`);

    // The bonuses page lists the grant: active, none of its 20 spins used, a Play link to the game.
    const listed = await bonusesPageCard(token, size, 'active');
    expect(await listed.card.getAttribute('data-freespin-id')).toBe(grantId);
    expect(await listed.card.getAttribute('data-status')).toBe('active');
    expect(await listed.card.getByTestId('freespin-status').innerText()).toBe('Active');
    expect(await listed.card.getByTestId('freespin-used').innerText()).toBe('0 of 20 spins');
    expect(await listed.card.locator('[data-fact="bet"] dd').innerText()).toBe('0.20 USD');
    expect(await listed.card.getByTestId('freespin-won').innerText()).toBe('0.00 USD');
    expect(await listed.card.getByTestId('freespin-play').getAttribute('href')).toBe('/games/fruit-fiesta');
    expect(listed.errors).toEqual([]);
    await listed.context.close();

    const { page, context, errors } = await openSlot(token, accountId, size);
    const panel = page.getByTestId('freespins');
    const status = page.getByTestId('freespins-status');
    const toggle = page.getByTestId('freespins-toggle');
    const play = page.getByTestId('play-button');
    const stake = page.getByLabel(/^Stake/);
    const balance = page.getByTestId('play-balance');

    await panel.waitFor();
    expect(await panel.getByRole('heading').innerText()).toBe('20 free spins on Fruit Fiesta');
    expect(await status.innerText()).toBe('Free spins: 20 of 20 left · won 0.00 USD');
    expect(await balance.innerText()).toBe('50.00 USD');

    // By keyboard: the switch to free spins locks the stake to their bet value.
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await stake.inputValue()).toBe('0.20');
    expect(await stake.isDisabled()).toBe(true);
    await page.getByTestId('stake-locked').waitFor();
    expect(await play.innerText()).toBe('Free spin (20 left)');
    await screenshot(page, `freespins-ready-${size.label}`);
    await expectAccessible(page, 'free spins', ['[data-testid="freespins"]', '.play-field']);

    for (let left = 19; left >= 0; left -= 1) {
      await play.click();
      if (left > 0) {
        await expect.poll(() => status.innerText()).toMatch(new RegExp(`^Free spins: ${left} of 20 left · won `));
        await expect.poll(() => play.isEnabled()).toBe(true);
        if (left === 14) await screenshot(page, `freespins-playing-${size.label}`);
      }
    }
    const notice = page.getByTestId('freespins-notice');
    await notice.waitFor();
    expect(await toggle.count()).toBe(0);
    expect(await stake.isDisabled()).toBe(false);

    const [grant] = (await call<Grant[]>('GET', '/api/game/player-freespins', { token })).body.data ?? [];
    expect(grant).toMatchObject({ id: grantId, status: 3, result: 2, usedCount: 20 });
    const accounts = await call<{ currency: string; realBalance: number; bonusBalance: number }[]>(
      'GET',
      '/api/wallet/accounts',
      { token },
    );
    const usd = (accounts.body.data ?? []).find((a) => a.currency === 'USD');
    // The cash balance never moved; the frame's balance (real plus bonus money, what can be
    // staked) gains the winnings once they are an active bonus.
    expect(usd?.realBalance).toBe(50);
    await expect.poll(() => balance.innerText()).toBe(`${(50 + (grant?.wonAmount ?? 0)).toFixed(2)} USD`);
    const text = await notice.innerText();
    if ((grant?.wonAmount ?? 0) > 0) {
      const won = (grant?.wonAmount ?? 0).toFixed(2);
      expect(text).toBe(
        `Your free spins are over: their winnings of ${won} USD are now a bonus to wager before they become real money.`,
      );
      const bonuses = await call<{ id: string; amount: number; status: number }[]>('GET', '/api/game/player-bonuses', {
        token,
      });
      expect(bonuses.body.data).toEqual([
        expect.objectContaining({ id: grant?.winningsBonusId, amount: grant?.wonAmount, status: 2 }),
      ]);
      expect(usd?.bonusBalance).toBe(grant?.wonAmount);
    } else {
      expect(text).toBe('Your free spins are over. They won nothing this time.');
    }
    // Twenty results overflow the strip, which scrolls: the page itself stays as wide as the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(size.width);
    await screenshot(page, `freespins-ended-${size.label}`);
    await expectAccessible(page, 'free spins ended', ['[data-testid="freespins"]']);
    expect(errors).toEqual([]);
    await context.close();

    // The games history marks them as free spins (ten a page, all of them free).
    const history = await signedInPage(browser, token, size);
    await history.page.goto(`${baseUrl}/profile/history`);
    await history.page.getByTestId('history-tab-games').click();
    const tags = history.page.locator('.history-free-spin');
    await expect.poll(() => tags.count()).toBe(10);
    expect(await tags.first().innerText()).toBe('Free spin');
    await screenshot(history.page, `freespins-history-${size.label}`);
    expect(history.errors).toEqual([]);
    await history.context.close();

    // On the bonuses page the grant has left the open list for History, as played.
    const after = await bonusesPageCard(token, size, 'history');
    expect(await after.card.getAttribute('data-status')).toBe('played');
    expect(await after.card.getByTestId('freespin-status').innerText()).toBe('All spins played');
    expect(await after.card.getByTestId('freespin-used').innerText()).toBe('20 of 20 spins');
    expect(await after.card.getByTestId('freespin-won').innerText()).toBe(`${(grant?.wonAmount ?? 0).toFixed(2)} USD`);
    expect(await after.card.getByRole('button').count()).toBe(0);
    expect(after.errors).toEqual([]);
    await after.context.close();
  }, 150_000);
});

describe.each(SIZES)('several grants in the slot at $label px', (size) => {
  it('chooses the second grant by keyboard, plays from it, remembers it, then offers the first', async () => {
    const { token, playerId, accountId, grantId: firstId } = await playerWithFreeSpins(`freespins-choice${size.label}`);
    const bonusId = await manualFreespinsBonus(`3 free spins on Fruit Fiesta (${size.label})`, 3, 0.5);
    const secondId = await giveGrant(playerId, bonusId);
    const activated = await call('PUT', `/api/game/player-freespins/${secondId}/activate`, { token });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const grants = async () =>
      new Map(
        ((await call<Grant[]>('GET', '/api/game/player-freespins', { token })).body.data ?? []).map((grant) => [
          grant.id,
          grant,
        ]),
      );

    const { page, context, errors } = await openSlot(token, accountId, size);
    const panel = page.getByTestId('freespins');
    const choices = page.getByTestId('freespins-choice');
    const status = page.getByTestId('freespins-status');
    const toggle = page.getByTestId('freespins-toggle');
    const play = page.getByTestId('play-button');
    const stake = page.getByLabel(/^Stake/);
    const radio = (id: string) => page.locator(`[data-testid="freespins-choice"][data-freespin-id="${id}"] input`);

    // Both grants, in the order they were activated, each with spins left, bet value and deadline.
    await panel.waitFor();
    expect(await panel.getByRole('heading').innerText()).toBe('Free spins');
    expect(await page.getByRole('group', { name: 'Choose which free spins to play' }).count()).toBe(1);
    expect(await choices.count()).toBe(2);
    expect(await choices.nth(0).getAttribute('data-freespin-id')).toBe(firstId);
    expect(await choices.nth(1).getAttribute('data-freespin-id')).toBe(secondId);
    expect(await choices.nth(0).innerText()).toMatch(
      /^20 free spins on Fruit Fiesta\s+20 of 20 left · 0\.20 USD a spin · Play by .+\d/,
    );
    expect(await choices.nth(1).innerText()).toMatch(
      new RegExp(
        `^3 free spins on Fruit Fiesta \\(${size.label}\\)\\s+3 of 3 left · 0\\.50 USD a spin · Play by .+\\d`,
      ),
    );
    expect(await radio(firstId).isChecked()).toBe(true);

    // By keyboard: the arrow moves the choice to the second grant; the switch locks the stake to its bet value.
    await radio(firstId).focus();
    await page.keyboard.press('ArrowDown');
    expect(await radio(secondId).isChecked()).toBe(true);
    expect(await status.innerText()).toBe('Free spins: 3 of 3 left · won 0.00 USD');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await stake.inputValue()).toBe('0.50');
    expect(await stake.isDisabled()).toBe(true);
    expect(await play.innerText()).toBe('Free spin (3 left)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(size.width);
    await screenshot(page, `freespins-choice-${size.label}`);
    await expectAccessible(page, 'free spins choice', ['[data-testid="freespins"]', '.play-field']);

    await play.click();
    await expect.poll(() => status.innerText()).toMatch(/^Free spins: 2 of 3 left · won /);
    let now = await grants();
    expect(now.get(secondId)).toMatchObject({ status: 2, usedCount: 1 });
    expect(now.get(firstId)).toMatchObject({ status: 2, usedCount: 0 });

    // The choice outlives a reload of the frame.
    await page.reload();
    await play.waitFor({ timeout: 20_000 });
    await expect.poll(() => radio(secondId).isChecked()).toBe(true);
    expect(await status.innerText()).toMatch(/^Free spins: 2 of 3 left · won /);

    // Used up: the first grant is offered, and Play goes on with its spins at its bet value.
    await toggle.click();
    expect(await stake.inputValue()).toBe('0.50');
    for (let left = 1; left >= 0; left -= 1) {
      await expect.poll(() => play.isEnabled()).toBe(true);
      await play.click();
      if (left > 0) await expect.poll(() => status.innerText()).toMatch(new RegExp(`^Free spins: ${left} of 3 left`));
    }
    await page.getByTestId('freespins-notice').waitFor();
    await expect.poll(() => status.innerText()).toBe('Free spins: 20 of 20 left · won 0.00 USD');
    expect(await choices.count()).toBe(0);
    expect(await panel.getByRole('heading').innerText()).toBe('20 free spins on Fruit Fiesta');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await stake.inputValue()).toBe('0.20');
    expect(await play.innerText()).toBe('Free spin (20 left)');
    now = await grants();
    expect(now.get(secondId)).toMatchObject({ status: 3, result: 2, usedCount: 3 });
    expect(now.get(firstId)).toMatchObject({ status: 2, usedCount: 0 });
    await screenshot(page, `freespins-choice-next-${size.label}`);
    await expectAccessible(page, 'free spins, the next grant', ['[data-testid="freespins"]']);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe.each(SIZES)('the free spins history at $label px', (size) => {
  it('pages eleven finished grants ten at a time, apart from the bonuses', async () => {
    const player = await registerPlayer(`freespins-pages${size.label}`);
    const { token } = player;
    const created = await call<{ id: string; currency: string }[]>('POST', '/api/wallet/accounts', {
      token,
      body: { currency: 'USD' },
    });
    const usd = (created.body.data ?? []).find((item) => item.currency === 'USD');
    await call('PUT', `/api/wallet/accounts/${usd?.id}/switch`, { token });
    const bonusId = await manualFreespinsBonus(`5 free spins on Fruit Fiesta (${size.label})`, 5, 0.2);
    for (let i = 0; i < 11; i += 1) {
      const id = await giveGrant(player.id, bonusId);
      const cancelled = await call('PUT', `/api/game/player-freespins/${id}/cancel`, { token });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    }

    const { page, context, errors } = await signedInPage(browser, token, size);
    await page.goto(`${baseUrl}/profile/bonuses?tab=history`);
    const section = page.getByTestId('freespins-section');
    const cards = section.getByTestId('freespin-card');
    const pager = page.getByRole('navigation', { name: 'Free spins history pages' });
    await pager.waitFor({ timeout: 20_000 });
    expect(await cards.count()).toBe(10);
    expect(await pager.innerText()).toContain('Page 1 of 2');
    expect(await page.getByTestId('bonuses-pager').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(size.width);
    await screenshot(page, `freespins-history-pages-${size.label}`);
    await expectAccessible(page, 'free spins history', ['[data-testid="freespins-section"]']);

    // By keyboard: focus stays on the pager while the page turns (its buttons are never disabled outright).
    const next = pager.getByRole('button', { name: 'Next' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => pager.innerText()).toContain('Page 2 of 2');
    await expect.poll(() => cards.count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Next');
    expect(await next.getAttribute('aria-disabled')).toBe('true');
    expect(await pager.getByRole('button', { name: 'Previous' }).getAttribute('aria-disabled')).toBeNull();
    expect(await cards.first().getAttribute('data-status')).toBe('canceled');
    expect(new URL(page.url()).searchParams.get('freespinsPage')).toBe('2');
    // Next on the last page does nothing.
    await page.keyboard.press('Enter');
    expect(new URL(page.url()).searchParams.get('freespinsPage')).toBe('2');
    await screenshot(page, `freespins-history-page2-${size.label}`);

    // A page past the last says so and leads back to the first, focus going to the list's heading.
    await page.goto(`${baseUrl}/profile/bonuses?tab=history&freespinsPage=7`);
    await section.getByText('No free spins on this page.').waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(size.width);
    await screenshot(page, `freespins-history-empty-page-${size.label}`);
    await expectAccessible(page, 'free spins history, empty page', ['[data-testid="freespins-section"]']);
    await section.getByRole('button', { name: 'Go to the first page' }).click();
    await expect.poll(() => cards.count()).toBe(10);
    expect(new URL(page.url()).searchParams.get('freespinsPage')).toBeNull();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Free spins');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
