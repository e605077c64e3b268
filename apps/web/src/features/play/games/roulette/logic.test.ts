import { validateRouletteBets, type RouletteBetSpot } from '@croupier/games';
import { describe, expect, it } from 'vitest';
import { rouletteModule } from './index';
import {
  clearChips,
  EMPTY_ROULETTE,
  nextCell,
  parseRouletteOutcome,
  parseSpotKey,
  placeChip,
  pocketAngle,
  rememberPlayed,
  removeChip,
  repeatLast,
  rouletteBody,
  spotKey,
  spotTotals,
  spotWins,
  tableCells,
  totalOfChips,
  undoChip,
  verticalPlacement,
  WHEEL_ORDER,
  type Rect,
} from './logic';

describe('spot keys', () => {
  it('round-trips every kind of spot', () => {
    const spots: RouletteBetSpot[] = [
      { type: 'straight', numbers: [17] },
      { type: 'split', numbers: [2, 1] },
      { type: 'corner', numbers: [1, 2, 4, 5] },
      { type: 'dozen', index: 2 },
      { type: 'column', index: 3 },
      { type: 'red' },
      { type: 'high' },
    ];
    for (const spot of spots) {
      const parsed = parseSpotKey(spotKey(spot));
      expect(parsed).not.toBeNull();
      expect(spotKey(parsed!)).toBe(spotKey(spot));
    }
    expect(spotKey({ type: 'split', numbers: [2, 1] })).toBe('split:1-2');
  });

  it('rejects unknown keys', () => {
    for (const key of ['', 'blue', 'straight', 'straight:37', 'dozen:4', 'red:1', 'split:a-b']) {
      expect(parseSpotKey(key)).toBeNull();
    }
  });
});

describe('chips', () => {
  it('places, removes, undoes, clears and repeats', () => {
    let params = placeChip(EMPTY_ROULETTE, 'straight:17', 1);
    params = placeChip(params, 'red', 0.5);
    params = placeChip(params, 'straight:17', 2);
    expect(totalOfChips(params.chips)).toBe(3.5);
    expect(removeChip(params, 'straight:17').chips).toEqual([
      { spot: 'straight:17', amount: 1 },
      { spot: 'red', amount: 0.5 },
    ]);
    expect(undoChip(params).chips).toHaveLength(2);
    expect(undoChip(EMPTY_ROULETTE)).toBe(EMPTY_ROULETTE);
    expect(removeChip(params, 'black')).toBe(params);

    const played = rememberPlayed(params);
    expect(played.last).toEqual(params.chips);
    expect(rememberPlayed(played)).toBe(played);
    const cleared = clearChips(played);
    expect(cleared.chips).toEqual([]);
    expect(repeatLast(cleared).chips).toEqual(params.chips);
  });

  it('ignores chips of no value or on no spot', () => {
    expect(placeChip(EMPTY_ROULETTE, 'red', 0)).toBe(EMPTY_ROULETTE);
    expect(placeChip(EMPTY_ROULETTE, 'red', Number.NaN)).toBe(EMPTY_ROULETTE);
    expect(placeChip(EMPTY_ROULETTE, 'purple', 1)).toBe(EMPTY_ROULETTE);
  });

  it('adds chips on a spot without float dust', () => {
    let params = EMPTY_ROULETTE;
    params = placeChip(params, 'odd', 0.1);
    params = placeChip(params, 'odd', 0.2);
    expect(spotTotals(params.chips).get('odd')).toBe(0.3);
  });
});

describe('play body', () => {
  it('sends one bet per spot in the order first played', () => {
    let params = EMPTY_ROULETTE;
    params = placeChip(params, 'red', 1);
    params = placeChip(params, 'straight:0', 0.5);
    params = placeChip(params, 'dozen:3', 2);
    params = placeChip(params, 'red', 1);
    expect(rouletteModule.body(params, 1)).toEqual({
      bets: [
        { type: 'red', amount: 2 },
        { type: 'straight', numbers: [0], amount: 0.5 },
        { type: 'dozen', index: 3, amount: 2 },
      ],
    });
    expect(rouletteModule.totalStake(params, 1)).toBe(4.5);
    expect(rouletteModule.blocked(params)).toBeNull();
    expect(rouletteModule.blocked(EMPTY_ROULETTE)).toBe('play.roulette.noChips');
  });

  it('builds bets the game accepts from every cell of the table', () => {
    let params = EMPTY_ROULETTE;
    for (const cell of tableCells()) params = placeChip(params, cell.spot, 1);
    const { bets } = rouletteBody(params);
    expect(bets).toHaveLength(49);
    const checked = validateRouletteBets(
      bets.map(({ amount, ...spot }) => ({ ...spot, stakeMinor: BigInt(amount * 100) })),
    );
    expect(checked.ok).toBe(true);
  });
});

describe('table layout', () => {
  const occupancy = (places: { row: number; col: number; rowSpan: number; colSpan: number }[]) => {
    const taken = new Map<string, number>();
    for (const place of places) {
      for (let r = place.row; r < place.row + place.rowSpan; r += 1) {
        for (let c = place.col; c < place.col + place.colSpan; c += 1)
          taken.set(`${r}:${c}`, (taken.get(`${r}:${c}`) ?? 0) + 1);
      }
    }
    return taken;
  };

  it('fills a 5 × 14 grid without overlaps (less the two corners by the zero), and its mirror', () => {
    const cells = tableCells();
    const horizontal = occupancy(cells);
    expect([...horizontal.values()].every((count) => count === 1)).toBe(true);
    expect(horizontal.size).toBe(5 * 14 - 4);
    const vertical = occupancy(cells.map(verticalPlacement));
    expect([...vertical.values()].every((count) => count === 1)).toBe(true);
    expect(vertical.size).toBe(horizontal.size);
  });

  it('puts 3, 6, … on the top row and 1, 2, 3 left to right when upright', () => {
    const cells = tableCells();
    const at = (spot: string) => cells.find((cell) => cell.spot === spot)!;
    expect(at('straight:3')).toMatchObject({ row: 1, col: 2 });
    expect(at('straight:1')).toMatchObject({ row: 3, col: 2 });
    expect(at('straight:36')).toMatchObject({ row: 1, col: 13 });
    expect(verticalPlacement(at('straight:1')).col).toBeLessThan(verticalPlacement(at('straight:2')).col);
    expect(verticalPlacement(at('straight:2')).col).toBeLessThan(verticalPlacement(at('straight:3')).col);
    expect(verticalPlacement(at('straight:0'))).toMatchObject({ row: 1, col: 3, colSpan: 3 });
  });
});

describe('arrow keys', () => {
  // A 2 × 2 grid of 10-pixel cells and one wide cell below them.
  const rects: Rect[] = [
    { left: 0, top: 0, width: 10, height: 10 },
    { left: 10, top: 0, width: 10, height: 10 },
    { left: 0, top: 10, width: 10, height: 10 },
    { left: 10, top: 10, width: 10, height: 10 },
    { left: 0, top: 20, width: 20, height: 10 },
  ];

  it('moves to the neighbour in line', () => {
    expect(nextCell(rects, 0, 'right')).toBe(1);
    expect(nextCell(rects, 0, 'down')).toBe(2);
    expect(nextCell(rects, 3, 'left')).toBe(2);
    expect(nextCell(rects, 3, 'up')).toBe(1);
    expect(nextCell(rects, 3, 'down')).toBe(4);
    expect(nextCell(rects, 4, 'up')).toBe(2);
  });

  it('stays at the edge', () => {
    expect(nextCell(rects, 1, 'right')).toBeNull();
    expect(nextCell(rects, 0, 'up')).toBeNull();
    expect(nextCell(rects, 4, 'down')).toBeNull();
  });
});

describe('wheel and outcome', () => {
  it('has every pocket once, zero at the top', () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    expect(pocketAngle(0)).toBe(0);
    expect(pocketAngle(32)).toBeCloseTo(360 / 37);
    expect(pocketAngle(26)).toBeCloseTo((36 * 360) / 37);
  });

  it('reads the pocket and finds the winning spots', () => {
    expect(parseRouletteOutcome({ pocket: 17, color: 'black', bets: [] })).toEqual({ pocket: 17, color: 'black' });
    expect(parseRouletteOutcome({ pocket: 37 })).toBeNull();
    expect(parseRouletteOutcome({ pocket: '17' })).toBeNull();
    expect(spotWins('straight:17', 17)).toBe(true);
    expect(spotWins('black', 17)).toBe(true);
    expect(spotWins('column:2', 17)).toBe(true);
    expect(spotWins('red', 17)).toBe(false);
    expect(spotWins('low', 0)).toBe(false);
  });
});
