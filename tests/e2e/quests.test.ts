import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y';
import { baseUrl, call, registerPlayer, signedInPage } from './api';
import { dialog, launchBrowser, recordSubscriptions, screenshot } from './browser';
import { openDice } from './dice';

/**
 * Quests (docs/quests.md): a player opens the quests hub from the user menu, starts the
 * sequential demo quest "First steps", fills in the city (task 1), plays three Dice rounds
 * (task 2, unlocked only then) while the tasks modal follows live, and finds the quest
 * completed with its bonus given.
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
  status: number;
}

async function fundedPlayer(label: string) {
  const player = await registerPlayer(label);
  const accounts = await call<Account[]>('GET', '/api/wallet/accounts', { token: player.token });
  let account = (accounts.body.data ?? []).find((item) => item.status === 1);
  if (!account) {
    const created = await call<Account[]>('POST', '/api/wallet/accounts', {
      token: player.token,
      body: { currency: 'USD' },
    });
    account = (created.body.data ?? []).find((item) => item.currency === 'USD');
    if (!account) throw new Error(`no account: ${JSON.stringify(created.body)}`);
    await call('PUT', `/api/wallet/accounts/${account.id}/switch`, { token: player.token });
  }
  const funded = await call('POST', `/api/dev/wallet/accounts/${account.id}/fund`, {
    token: player.token,
    body: { amount: 100 },
  });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  return player;
}

async function openHub(page: Page) {
  await page.locator('.auth-user__button').click();
  await page.getByRole('button', { name: 'Quests', exact: true }).click();
  const hub = dialog(page, 'quests-hub');
  await hub.waitFor();
  return hub;
}

describe('quests', () => {
  it('starts a sequential quest, completes its tasks live and receives the reward', async () => {
    const player = await fundedPlayer('quests');
    const { context, page, errors } = await signedInPage(browser, player.token);
    const subscriptions = recordSubscriptions(page);
    await page.goto(`${baseUrl}/casino`);
    await expect.poll(() => subscriptions.ready(`retention:quests#${player.id}`)).toBe(true);

    // The hub: nothing running yet; the offer has the demo quest.
    const hub = await openHub(page);
    await hub.getByText('You have no quests in progress.').waitFor();
    await hub.getByRole('tab', { name: 'Available' }).click();
    const card = hub.locator('[data-quest="first-steps"]');
    await card.waitFor();
    await card.getByText('Tasks in order').waitFor();
    await screenshot(page, 'quests-hub-1440', { fullPage: false });

    // Its rewards, then start it.
    await card.getByRole('button', { name: 'Rewards' }).click();
    const rewards = dialog(page, 'quest-rewards');
    await rewards.getByText('Bonus: 5 USD').waitFor();
    await rewards.getByText('100 loyalty points').waitFor();
    await rewards.locator('.dialog-button').getByText('Close').click();
    await rewards.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Start quest' }).click();
    await page.getByText('The quest “First steps” is now active.', { exact: false }).waitFor();
    await hub.getByRole('tab', { name: 'Active' }).click();
    const active = hub.locator('[data-quest="first-steps"]');
    await active.getByText('0 of 2 tasks', { exact: false }).waitFor();

    // The tasks: step 2 waits for step 1.
    await active.getByRole('button', { name: 'Tasks' }).click();
    const tasks = dialog(page, 'quest-tasks');
    const items = tasks.locator('.quest-task');
    await expect.poll(() => items.count()).toBe(2);
    await items.nth(1).getByText('Complete the previous task to unlock this one.').waitFor();
    await screenshot(page, 'quest-tasks-1440', { fullPage: false });
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);

    // Task 1: the city, saved in the profile; the modal follows live.
    const saved = await call('PUT', '/api/player/profile', { token: player.token, body: { city: 'Porto' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await items.nth(0).getByText('Completed').waitFor({ timeout: 15_000 });
    await page.getByText('You have completed a task of the quest “First steps”.', { exact: false }).waitFor();
    await expect.poll(() => items.nth(1).locator('.quest-task__locked').count()).toBe(0);

    // Task 2: three Dice rounds in another tab.
    const game = await context.newPage();
    const frame = await openDice(game);
    await frame.getByLabel(/^Stake/).fill('1');
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
    await game.close();

    // Completed: in the completed tab, and the bonus reward is the player's.
    await page.keyboard.press('Escape');
    await tasks.waitFor({ state: 'detached' });
    await hub.getByRole('tab', { name: 'Completed' }).click();
    await hub
      .locator('[data-quest="first-steps"]')
      .getByText('2 of 2 tasks', { exact: false })
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'quests-completed-1440', { fullPage: false });
    const bonuses = await call<{ bonusName?: string; name?: string }[]>('GET', '/api/game/player-bonuses', {
      token: player.token,
    });
    expect(bonuses.status).toBe(200);
    expect(JSON.stringify(bonuses.body)).toContain('WELCOME50');
    expect(errors).toEqual([]);
    await context.close();
  });
});
