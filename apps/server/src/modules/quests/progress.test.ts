import { describe, expect, it } from 'vitest';
import type { ActivityRecord } from '../activity';
import { openTasks, progressAfter, type TaskRule } from './progress';

const subunitOf = (currency: string) => (currency === 'BTC' ? 100_000_000n : currency === 'XXX' ? undefined : 100n);
const at = new Date('2026-01-01T00:00:00Z');

const game = (kind: 'bet' | 'win', amountMinor: bigint, extra: Partial<ActivityRecord> = {}): ActivityRecord =>
  ({
    id: `g:${amountMinor}`,
    playerId: 'p',
    occurredAt: at,
    kind,
    accountId: 'a',
    currency: 'USD',
    amountMinor,
    bonusMinor: 0n,
    gameId: 'game-1',
    gameIdentity: 'dice',
    provider: 'originals',
    roundId: 'r',
    freeRound: false,
    roundStakeMinor: kind === 'win' ? 100n : 0n,
    undid: null,
    ...extra,
  }) as ActivityRecord;

const bet = (conditions: Partial<Extract<TaskRule, { type: 4 }>['conditions']> = {}): TaskRule => ({
  type: 4,
  quantity: 3,
  conditions: { games: [], spinAmount: null, maxSpinAmount: null, currencies: [], ...conditions },
});

describe('progressAfter', () => {
  it('counts a bet within its bounds, in the named games, not free rounds', () => {
    expect(progressAfter(bet({ spinAmount: 1, maxSpinAmount: 5 }), 0, game('bet', 100n), subunitOf)).toBe(1);
    expect(progressAfter(bet({ spinAmount: 1 }), 0, game('bet', 99n), subunitOf)).toBe(0);
    expect(progressAfter(bet({ maxSpinAmount: 5 }), 0, game('bet', 501n), subunitOf)).toBe(0);
    expect(progressAfter(bet({ games: ['limbo'] }), 0, game('bet', 100n), subunitOf)).toBe(0);
    expect(progressAfter(bet({ games: ['dice'] }), 0, game('bet', 100n), subunitOf)).toBe(1);
    expect(progressAfter(bet(), 0, game('bet', 100n, { freeRound: true }), subunitOf)).toBe(0);
    expect(progressAfter(bet(), 0, game('bet', 100n, { currency: 'XXX' }), subunitOf)).toBe(0);
    // Never past the quantity.
    expect(progressAfter(bet(), 3, game('bet', 100n), subunitOf)).toBe(3);
  });

  it('applies a currency override instead of the base bounds', () => {
    const task = bet({ spinAmount: 1, currencies: [{ isoCode: 'BTC', spinAmount: 0.0001, maxSpinAmount: null }] });
    expect(progressAfter(task, 0, game('bet', 10_000n, { currency: 'BTC' }), subunitOf)).toBe(1);
    expect(progressAfter(task, 0, game('bet', 9_999n, { currency: 'BTC' }), subunitOf)).toBe(0);
  });

  it('counts a win by its multiplier and payout', () => {
    const win: TaskRule = {
      type: 3,
      quantity: 2,
      conditions: { games: [], multiplier: 2, maxMultiplier: 10, minPayout: 1, maxPayout: null, currencies: [] },
    };
    expect(progressAfter(win, 0, game('win', 200n), subunitOf)).toBe(1);
    expect(progressAfter(win, 0, game('win', 150n), subunitOf)).toBe(0);
    expect(progressAfter(win, 0, game('win', 1_100n), subunitOf)).toBe(0);
    expect(progressAfter(win, 0, game('win', 200n, { roundStakeMinor: 0n }), subunitOf)).toBe(0);
  });

  it('counts deposits within bounds and sets profile progress to the fields filled', () => {
    const deposit: TaskRule = {
      type: 6,
      quantity: 1,
      conditions: { minAmount: 10, maxAmount: null, currencies: [] },
    };
    const record = (amountMinor: bigint): ActivityRecord => ({
      id: 'a:1',
      playerId: 'p',
      occurredAt: at,
      kind: 'deposit',
      accountId: 'a',
      currency: 'USD',
      amountMinor,
      invoiceId: 'i',
    });
    expect(progressAfter(deposit, 0, record(10_00n), subunitOf)).toBe(1);
    expect(progressAfter(deposit, 0, record(9_99n), subunitOf)).toBe(0);
    const profile: TaskRule = { type: 2, quantity: 2, conditions: { fields: ['city', 'address'] } };
    const change = (filledFields: string[]): ActivityRecord => ({
      id: 'a:2',
      playerId: 'p',
      occurredAt: at,
      kind: 'profile',
      filledFields,
    });
    expect(progressAfter(profile, 0, change(['city', 'email']), subunitOf)).toBe(1);
    expect(progressAfter(profile, 1, change(['city', 'address']), subunitOf)).toBe(2);
    expect(progressAfter(profile, 1, change([]), subunitOf)).toBe(1);
  });
});

describe('openTasks', () => {
  const tasks = [
    { id: 'b', executionOrder: 2, progress: 0, quantity: 1 },
    { id: 'a', executionOrder: 1, progress: 1, quantity: 1 },
    { id: 'c', executionOrder: 3, progress: 0, quantity: 2 },
  ];
  it('opens every unfinished task in any order, only the first in a sequential quest', () => {
    expect(openTasks(tasks, false).map((t) => t.id)).toEqual(['b', 'c']);
    expect(openTasks(tasks, true).map((t) => t.id)).toEqual(['b']);
  });
});
