import type { FrameLocator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, call, registerPlayer, type Player } from './api';

interface Account {
  id: string;
  currency: string;
}

/**
 * A new player whose active account is in `currency` (opened and switched to) and holds
 * `amount` from the development sandbox.
 */
export async function fundedPlayer(label: string, currency = 'USD', amount = 500): Promise<Player> {
  const player = await registerPlayer(label);
  const created = await call<Account[]>('POST', '/api/wallet/accounts', { token: player.token, body: { currency } });
  const account = (created.body.data ?? []).find((item) => item.currency === currency);
  if (!account) throw new Error(`no ${currency} account: ${JSON.stringify(created.body)}`);
  await call('PUT', `/api/wallet/accounts/${account.id}/switch`, { token: player.token });
  const funded = await call('POST', `/api/dev/wallet/accounts/${account.id}/fund`, {
    token: player.token,
    body: { amount },
  });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  return player;
}

/** Opens dice for real money on the game page; answers its frame once it can play. */
export async function openDice(page: Page): Promise<FrameLocator> {
  await page.goto(`${baseUrl}/games/dice`);
  await page.getByTestId('game-play').click({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId('game-stage').getAttribute('data-mode')).toBe('real');
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId('play-button').waitFor({ timeout: 20_000 });
  return frame;
}
