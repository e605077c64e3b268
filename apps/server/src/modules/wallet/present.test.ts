import { describe, expect, it } from 'vitest';
import { toWalletAccount, withdrawalBalanceMinor, type PlayerAccountView } from './present';

const base: PlayerAccountView = {
  id: 'a1',
  playerId: 'p1',
  currency: 'USD',
  subunitToUnit: 100n,
  balanceMinor: 12_345n,
  bonusBalanceMinor: 500n,
  lockedBalanceMinor: 1_000n,
  restrictedMinor: 0n,
  isHidden: false,
  limitsApply: false,
  isActive: true,
  createdAt: new Date(0),
};

describe('toWalletAccount', () => {
  it('gives every balance in major units; the total includes locked and bonus money', () => {
    expect(toWalletAccount(base)).toEqual({
      id: 'a1',
      currency: 'USD',
      status: 1,
      balance: 138.45,
      realBalance: 123.45,
      bonusBalance: 5,
      lockedBalance: 10,
      withdrawalBalance: 123.45,
    });
  });

  it('marks an inactive account with status 2 and converts crypto precision', () => {
    const btc = { ...base, currency: 'BTC', subunitToUnit: 100_000_000n, balanceMinor: 150_000n, isActive: false };
    expect(toWalletAccount({ ...btc, bonusBalanceMinor: 0n, lockedBalanceMinor: 0n })).toMatchObject({
      status: 2,
      balance: 0.0015,
      realBalance: 0.0015,
    });
  });
});

describe('withdrawalBalanceMinor', () => {
  it('is the real balance minus what may not be withdrawn yet, never below zero', () => {
    expect(withdrawalBalanceMinor({ ...base, restrictedMinor: 345n })).toBe(12_000n);
    expect(withdrawalBalanceMinor({ ...base, restrictedMinor: 50_000n })).toBe(0n);
  });
});
