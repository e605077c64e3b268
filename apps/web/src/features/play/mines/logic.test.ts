import { describe, expect, it } from 'vitest';
import { cashOutAmount, minesViewOf, tileAfterKey, tileState } from './logic';

describe('mines board', () => {
  const lost = minesViewOf({
    mineCount: 2,
    mines: [3, 7],
    revealed: [0, 7],
    status: 'lost',
    hitTile: 7,
    multiplierBp: 0,
  });

  it('reads the outcome and refuses other shapes', () => {
    expect(lost?.status).toBe('lost');
    expect(minesViewOf({ revealed: 'x', status: 'playing' })).toBeNull();
    expect(minesViewOf({ revealed: [], status: 'won' })).toBeNull();
  });

  it('shows revealed tiles, then the whole board once the round is over', () => {
    expect(tileState(lost, 0)).toBe('gem');
    expect(tileState(lost, 7)).toBe('hit');
    expect(tileState(lost, 3)).toBe('missedMine');
    expect(tileState(lost, 4)).toBe('missedGem');
    const playing = minesViewOf({ mineCount: 2, mines: null, revealed: [1], status: 'playing', multiplierBp: 10_400 });
    expect(tileState(playing, 1)).toBe('gem');
    expect(tileState(playing, 3)).toBe('hidden');
  });

  it('moves focus on the grid and stops at the edges', () => {
    expect(tileAfterKey(0, 'ArrowLeft')).toBe(0);
    expect(tileAfterKey(0, 'ArrowRight')).toBe(1);
    expect(tileAfterKey(4, 'ArrowRight')).toBe(4);
    expect(tileAfterKey(2, 'ArrowDown')).toBe(7);
    expect(tileAfterKey(22, 'ArrowDown')).toBe(22);
    expect(tileAfterKey(7, 'Home')).toBe(5);
    expect(tileAfterKey(7, 'Enter')).toBeNull();
  });

  it('pays the cash-out rounded down to the currency', () => {
    expect(cashOutAmount(1, 10_312, 2)).toBe(1.03);
    expect(cashOutAmount(0.1, 24_750, 2)).toBe(0.24);
    expect(cashOutAmount(3, 15_000, 0)).toBe(4);
  });
});
