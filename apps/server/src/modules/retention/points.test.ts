import { describe, expect, it } from 'vitest';
import { addAttopoints, ATTOPOINTS_PER_POINT, levelFor, micropointsOf, stakeAttopoints } from './points';

describe('loyalty points', () => {
  it('earns points per major unit at the rate and contribution, exactly', () => {
    // 0.37 USD at 1 point per USD and 100 %: 0.37 points
    expect(stakeAttopoints({ stakeMinor: 37n, subunit: 100n, micropointsPerUnit: 1_000_000n, percent: 100 })).toBe(
      370_000_000_000_000_000n,
    );
    // 1 satoshi at 95,000 points per BTC and 20 %
    expect(
      stakeAttopoints({
        stakeMinor: 1n,
        subunit: 100_000_000n,
        micropointsPerUnit: micropointsOf(95_000),
        percent: 20,
      }),
    ).toBe(190_000_000_000_000n);
    expect(stakeAttopoints({ stakeMinor: 500n, subunit: 100n, micropointsPerUnit: 1_000_000n, percent: 0 })).toBe(0n);
  });

  it('carries the remainder so that small stakes add up', () => {
    let balance = { points: 0n, remainderAttopoints: 0n };
    const third = stakeAttopoints({
      stakeMinor: 1n,
      subunit: 100n,
      micropointsPerUnit: micropointsOf(33.333334),
      percent: 100,
    });
    for (let i = 0; i < 3; i += 1) balance = addAttopoints(balance, third);
    expect(balance.points).toBe(1n);
    expect(balance.points * ATTOPOINTS_PER_POINT + balance.remainderAttopoints).toBe(3n * third);
    expect(addAttopoints(balance, -10n * ATTOPOINTS_PER_POINT)).toEqual({ points: 0n, remainderAttopoints: 0n });
  });

  it('finds the highest level reached', () => {
    const levels = [
      { order: 2, points: 500n },
      { order: 1, points: 0n },
      { order: 3, points: 2_000n },
    ];
    expect(levelFor(levels, 0n)?.order).toBe(1);
    expect(levelFor(levels, 499n)?.order).toBe(1);
    expect(levelFor(levels, 500n)?.order).toBe(2);
    expect(levelFor(levels, 10_000n)?.order).toBe(3);
  });
});
