import { describe, expect, it } from 'vitest';
import { combineOddsMilli } from './index';
import { checkOddsChanges, checkStake, type QuotedLeg, type StakeLimitMinor } from './slip';

describe('stake limits per currency', () => {
  const limits = new Map<string, StakeLimitMinor>([
    ['EUR', { minStakeMinor: 10n, maxStakeMinor: 100_000n }],
    ['BTC', { minStakeMinor: 1_000n, maxStakeMinor: 10_000_000n }],
  ]);

  it.each([
    [10n, 'EUR', { ok: true }],
    [100_000n, 'EUR', { ok: true }],
    [9n, 'EUR', { ok: false, code: 'STAKE_TOO_LOW', minStakeMinor: 10n }],
    [100_001n, 'EUR', { ok: false, code: 'STAKE_TOO_HIGH', maxStakeMinor: 100_000n }],
    [999n, 'BTC', { ok: false, code: 'STAKE_TOO_LOW', minStakeMinor: 1_000n }],
    [50n, 'USD', { ok: false, code: 'CURRENCY_NOT_OFFERED' }],
  ])('%s %s', (stakeMinor, currency, expected) => {
    expect(checkStake(stakeMinor, currency, limits)).toEqual(expected);
  });
});

describe('odds-change policy', () => {
  const legs: QuotedLeg[] = [
    { seenOddsMilli: 2000n, currentOddsMilli: 2000n },
    { seenOddsMilli: 1500n, currentOddsMilli: 1600n }, // drifted up
    { seenOddsMilli: 3000n, currentOddsMilli: 2800n }, // shortened
  ];
  const unchanged: QuotedLeg[] = [{ seenOddsMilli: 2000n, currentOddsMilli: 2000n }];
  const risen: QuotedLeg[] = [legs[0]!, legs[1]!];

  it('any: accepts every change at the current odds', () => {
    expect(checkOddsChanges('any', legs)).toEqual({
      accepted: true,
      oddsMilli: [2000n, 1600n, 2800n],
      changedLegIndexes: [1, 2],
    });
  });

  it('higher: accepts rises, refuses naming the shortened legs', () => {
    expect(checkOddsChanges('higher', risen)).toEqual({
      accepted: true,
      oddsMilli: [2000n, 1600n],
      changedLegIndexes: [1],
    });
    expect(checkOddsChanges('higher', legs)).toEqual({ accepted: false, changedLegIndexes: [2] });
  });

  it('none (ask): refuses any change, naming every changed leg', () => {
    expect(checkOddsChanges('none', legs)).toEqual({ accepted: false, changedLegIndexes: [1, 2] });
    expect(checkOddsChanges('none', risen)).toEqual({ accepted: false, changedLegIndexes: [1] });
    expect(checkOddsChanges('none', unchanged)).toEqual({ accepted: true, oddsMilli: [2000n], changedLegIndexes: [] });
  });

  it('every policy accepts unchanged odds', () => {
    for (const policy of ['any', 'higher', 'none'] as const) {
      expect(checkOddsChanges(policy, unchanged).accepted).toBe(true);
    }
  });
});

describe('combined odds on the slip', () => {
  it('is the product rounded down to a thousandth', () => {
    expect(combineOddsMilli([2000n, 1500n, 3000n])).toBe(9000n);
    expect(combineOddsMilli([1333n, 1333n, 1333n])).toBe(2368n);
  });
});
