import { describe, expect, it } from 'vitest';
import { floorTo } from '../../lib/wallet-display';
import {
  autoplayStopBefore,
  clampRounds,
  clampStake,
  doubleStake,
  halveStake,
  parseStake,
  stakeProblem,
} from './logic';

const limits = { minStake: 0.01, maxStake: 10_000, decimals: 2 };

describe('stake field', () => {
  it('rounds down to the currency decimals', () => {
    expect(floorTo(0.29, 2)).toBe(0.29);
    expect(floorTo(1.239, 2)).toBe(1.23);
    expect(floorTo(7.9, 0)).toBe(7);
  });

  it('halves and doubles within the limits', () => {
    expect(halveStake(1, limits)).toBe(0.5);
    expect(halveStake(0.01, limits)).toBe(0.01);
    expect(halveStake(0.05, limits)).toBe(0.02);
    expect(doubleStake(6000, limits)).toBe(10_000);
    expect(clampStake(Number.NaN, limits)).toBe(0.01);
  });

  it('parses comma and dot decimals and refuses the rest', () => {
    expect(parseStake('1,5')).toBe(1.5);
    expect(parseStake(' 2.25 ')).toBe(2.25);
    expect(parseStake('.5')).toBe(0.5);
    expect(parseStake('1e3')).toBeNaN();
    expect(parseStake('-1')).toBeNaN();
    expect(parseStake('')).toBeNaN();
  });

  it('names the problem of a stake', () => {
    expect(stakeProblem(1, 1, 10, limits)).toBeNull();
    expect(stakeProblem(Number.NaN, 0, 10, limits)).toBe('invalid');
    expect(stakeProblem(0, 0, 10, limits)).toBe('invalid');
    expect(stakeProblem(1.234, 1.234, 10, limits)).toBe('precision');
    expect(stakeProblem(20_000, 20_000, 50_000, limits)).toBe('aboveMax');
    expect(stakeProblem(5, 11, 10, limits)).toBe('aboveBalance');
    expect(stakeProblem(0.5, 0.5, 10, { ...limits, minStake: 1 })).toBe('belowMin');
  });
});

describe('autoplay', () => {
  const balance = { cost: 1, balance: 100 };

  it('stops at the count, never above 100', () => {
    expect(autoplayStopBefore({ rounds: 3, lossLimit: null }, { played: 2, net: 0 }, balance)).toBeNull();
    expect(autoplayStopBefore({ rounds: 3, lossLimit: null }, { played: 3, net: 0 }, balance)).toBe('count');
    expect(autoplayStopBefore({ rounds: 500, lossLimit: null }, { played: 100, net: 0 }, balance)).toBe('count');
  });

  it('stops before a round that could pass the loss limit', () => {
    const plan = { rounds: 50, lossLimit: 5 };
    expect(autoplayStopBefore(plan, { played: 3, net: -3 }, balance)).toBeNull();
    expect(autoplayStopBefore(plan, { played: 4, net: -4 }, balance)).toBeNull();
    expect(autoplayStopBefore(plan, { played: 5, net: -5 }, balance)).toBe('lossLimit');
    expect(autoplayStopBefore(plan, { played: 5, net: -4.5 }, balance)).toBe('lossLimit');
    expect(autoplayStopBefore(plan, { played: 5, net: 10 }, balance)).toBeNull();
  });

  it('stops when the balance cannot pay the next round', () => {
    expect(autoplayStopBefore({ rounds: 10, lossLimit: null }, { played: 1, net: 0 }, { cost: 2, balance: 1 })).toBe(
      'balance',
    );
  });

  it('keeps the rounds field within 1–100', () => {
    expect(clampRounds(0)).toBe(1);
    expect(clampRounds(250)).toBe(100);
    expect(clampRounds(12.7)).toBe(12);
  });
});
