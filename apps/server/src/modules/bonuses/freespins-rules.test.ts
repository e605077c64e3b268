import { bonusBodySchema, type Currency } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import type { PlayerFreespinRow } from './freespins-repository';
import { betValueMinor, spinsDeadline, spinsProgress, toPlayerFreespin, winningsBonusOf } from './freespins-rules';
import { termsOf } from './terms';

const currency = (code: string, subunitToUnit: number): Currency =>
  ({ code, subunitToUnit, type: 'fiat', isEnabled: true, rate: { rate: subunitToUnit } }) as unknown as Currency;
const USD = currency('USD', 100);
const JPY = currency('JPY', 1);

const terms = (overrides: Record<string, unknown> = {}) =>
  termsOf(
    bonusBodySchema.parse({
      name: 'Spins',
      type: 3,
      trigger: 'code',
      freespins: {
        gameId: 'fruit-fiesta',
        count: 20,
        betValues: [
          { currency: 'USD', amount: 0.2 },
          { currency: 'JPY', amount: 30 },
        ],
      },
      wagerCasino: 35,
      ...overrides,
    }),
  );

const row = (overrides: Partial<PlayerFreespinRow> = {}): PlayerFreespinRow => ({
  id: '8d0c2f4e-0000-4000-8000-000000000001',
  player_id: 'p',
  bonus_id: 'b',
  account_id: 'a',
  currency: 'USD',
  name: 'Spins',
  game_id: 'g',
  game_identity: 'fruit-fiesta',
  provider: 'croupier',
  count: 20,
  used_count: 6,
  bet_value_minor: 20n,
  won_minor: 140n,
  status: 2,
  result: 1,
  terms: terms(),
  package_id: null,
  package_priority: 0,
  issue_session_id: null,
  source: 'code:x',
  activation_expires_at: null,
  expires_at: new Date('2030-01-08T00:00:00Z'),
  created_at: new Date('2030-01-01T00:00:00Z'),
  activated_at: new Date('2030-01-01T00:00:00Z'),
  finished_at: null,
  winnings_bonus_id: null,
  ...overrides,
});

describe('free spins rules', () => {
  it('takes the bet value of the currency, in its minor units; none where the terms name none', () => {
    expect(betValueMinor(terms(), USD)).toBe(20n);
    expect(betValueMinor(terms(), JPY)).toBe(30n);
    expect(betValueMinor(terms(), currency('EUR', 100))).toBeUndefined();
  });

  it('gives active spins their duration, else the days to wager, else no deadline', () => {
    const at = new Date('2030-01-01T00:00:00Z');
    const withMinutes = terms({
      freespins: { gameId: 'x', count: 1, betValues: [{ currency: 'USD', amount: 1 }], durationMinutes: 90 },
    });
    expect(spinsDeadline(withMinutes, at)?.toISOString()).toBe('2030-01-01T01:30:00.000Z');
    expect(spinsDeadline(terms({ wageringDays: 7 }), at)?.toISOString()).toBe('2030-01-08T00:00:00.000Z');
    expect(spinsDeadline(terms({ wageringDays: null }), at)).toBeNull();
  });

  it('counts progress in percent, rounded down, 100 only when all are used', () => {
    expect(spinsProgress(0, 20)).toBe(0);
    expect(spinsProgress(6, 20)).toBe(30);
    expect(spinsProgress(1, 3)).toBe(33.33);
    expect(spinsProgress(2, 3)).toBe(66.66);
    expect(spinsProgress(3, 3)).toBe(100);
  });

  it('turns winnings into a cash bonus of the grant, with the terms it was given', () => {
    const bonus = winningsBonusOf(row({ package_id: 'pkg', package_priority: 2 }));
    expect(bonus).toMatchObject({ id: 'b', name: 'Spins', type: 1, packageId: 'pkg', packagePriority: 2 });
    expect(bonus.terms.wagerCasino).toBe(35);
  });

  it('answers a grant in the API shape, in major units, with the game identity as gameId', () => {
    expect(toPlayerFreespin(row(), USD)).toMatchObject({
      id: '8d0c2f4e-0000-4000-8000-000000000001',
      status: 2,
      result: 1,
      count: 20,
      usedCount: 6,
      progress: 30,
      gameId: 'fruit-fiesta',
      providerId: 'croupier',
      currency: 'USD',
      betAmount: 0.2,
      wonAmount: 1.4,
      expiredAt: '2030-01-08T00:00:00.000Z',
      wageringExpiredAt: '2030-01-08T00:00:00.000Z',
      activationExpiredAt: null,
      issuedAt: '2030-01-01T00:00:00.000Z',
      winningsBonusId: null,
    });
  });
});
