import type { LoyaltyLevel } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { loyaltyProgressPercent, pointsToNextLevel } from './logic';

const level = (order: number, points: number): LoyaltyLevel => ({
  id: `l${order}`,
  name: `Level ${order}`,
  order,
  points,
  identity: `level-${order}`,
  perks: [],
  image: '',
});

describe('loyalty progress', () => {
  it('measures from the current threshold to the next', () => {
    const account = { points: 1_250, currentLevel: level(2, 500), nextLevel: level(3, 2_000) };
    expect(loyaltyProgressPercent(account)).toBe(50);
    expect(pointsToNextLevel(account)).toBe(750);
  });

  it('is empty at the threshold and full at the top level', () => {
    expect(loyaltyProgressPercent({ points: 0, currentLevel: level(1, 0), nextLevel: level(2, 500) })).toBe(0);
    const top = { points: 200_000, currentLevel: level(7, 150_000), nextLevel: null };
    expect(loyaltyProgressPercent(top)).toBe(100);
    expect(pointsToNextLevel(top)).toBe(0);
  });
});
