import { PLINKO, plinkoPaytable } from '@croupier/games';
import { describe, expect, it } from 'vitest';
import { plinkoModule } from './index';
import {
  ballPoints,
  ballPositionAt,
  bucketCentre,
  bucketHue,
  formatPlinkoMultiplier,
  parsePlinkoOutcome,
  parsePlinkoParams,
  pegPositions,
  plinkoGeometry,
  PLINKO_ROW_CHOICES,
} from './logic';

describe('plinko module', () => {
  it('plays rows and risk with the stake as the amount', () => {
    expect(plinkoModule.body({ rows: 12, risk: 'high' }, 1.5)).toEqual({ amount: 1.5, rows: 12, risk: 'high' });
    expect(plinkoModule.totalStake(plinkoModule.initialParams, 2)).toBe(2);
    expect(plinkoModule.blocked(plinkoModule.initialParams)).toBeNull();
  });

  it('offers every row count the game accepts', () => {
    expect(PLINKO_ROW_CHOICES[0]).toBe(PLINKO.minRows);
    expect(PLINKO_ROW_CHOICES.at(-1)).toBe(PLINKO.maxRows);
  });
});

describe('parsePlinkoOutcome', () => {
  it('accepts a path whose rights add up to the bucket', () => {
    expect(parsePlinkoOutcome({ path: [1, 0, 1, 1, 0, 0, 0, 1], bucket: 4, multiplierBp: 4000 })).toEqual({
      path: [1, 0, 1, 1, 0, 0, 0, 1],
      bucket: 4,
      multiplierBp: 4000,
    });
  });

  it('rejects other shapes', () => {
    expect(parsePlinkoOutcome({ path: [1, 0], bucket: 2, multiplierBp: 1 })).toBeNull();
    expect(parsePlinkoOutcome({ path: [2, 0], bucket: 2, multiplierBp: 1 })).toBeNull();
    expect(parsePlinkoOutcome({ path: 'LR', bucket: 1, multiplierBp: 1 })).toBeNull();
    expect(parsePlinkoOutcome({ path: [1], bucket: 1 })).toBeNull();
  });

  it('reads the played params and falls back on unknown values', () => {
    const fallback = { rows: 8, risk: 'low' } as const;
    expect(parsePlinkoParams({ rows: 14, risk: 'high' }, fallback)).toEqual({ rows: 14, risk: 'high' });
    expect(parsePlinkoParams({ rows: 40, risk: 'wild' }, fallback)).toEqual(fallback);
  });
});

describe('board geometry', () => {
  it('has r + 3 pegs on row r and a bucket between each pair of the last row', () => {
    const geometry = plinkoGeometry(16);
    const pegs = pegPositions(geometry);
    expect(pegs).toHaveLength(Array.from({ length: 16 }, (_, r) => r + 3).reduce((a, b) => a + b));
    const lastRow = pegs.filter((peg) => peg.y === geometry.top + 15 * geometry.rowGap).map((peg) => peg.x);
    expect(lastRow).toHaveLength(16 + 2);
    for (let bucket = 0; bucket <= 16; bucket += 1) {
      const { x } = bucketCentre(geometry, bucket);
      expect(x).toBeCloseTo((lastRow[bucket]! + lastRow[bucket + 1]!) / 2);
    }
    expect(lastRow[0]! - geometry.pegRadius).toBeGreaterThan(0);
    expect(lastRow.at(-1)! + geometry.pegRadius).toBeLessThan(geometry.width);
  });

  it('puts the ball on a peg of every row and then in its bucket', () => {
    const geometry = plinkoGeometry(8);
    const path = [1, 1, 0, 1, 0, 0, 1, 1];
    const points = ballPoints(geometry, path);
    expect(points).toHaveLength(path.length + 2);
    const pegs = pegPositions(geometry);
    path.forEach((_, row) => {
      const point = points[row + 1]!;
      const pegY = geometry.top + row * geometry.rowGap;
      expect(point.y).toBeCloseTo(pegY - geometry.pegRadius - geometry.ballRadius);
      expect(pegs.some((peg) => peg.y === pegY && Math.abs(peg.x - point.x) < 1e-9)).toBe(true);
    });
    // Each row moves the ball half a gap towards its side.
    for (let row = 1; row < path.length; row += 1) {
      expect(points[row + 1]!.x - points[row]!.x).toBeCloseTo((path[row - 1] === 1 ? 1 : -1) * (geometry.gap / 2));
    }
    expect(points.at(-1)).toEqual(bucketCentre(geometry, 5));
  });

  it('moves along the points and ends in the bucket', () => {
    const geometry = plinkoGeometry(8);
    const points = ballPoints(geometry, [0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ballPositionAt(points, 0)).toEqual(points[0]);
    expect(ballPositionAt(points, 1)).toEqual(points.at(-1));
    expect(ballPositionAt(points, 2 / (points.length - 1))).toEqual(points[2]);
    // Half-way through a hop the ball is between its pegs horizontally and above the straight line (the bounce).
    const mid = ballPositionAt(points, 2.5 / (points.length - 1));
    expect(mid.x).toBeCloseTo((points[2]!.x + points[3]!.x) / 2);
    expect(mid.y).toBeLessThan((points[2]!.y + points[3]!.y) / 2);
  });
});

describe('bucket labels and colours', () => {
  it('keeps labels short', () => {
    expect(formatPlinkoMultiplier(10_000_000)).toBe('1000');
    expect(formatPlinkoMultiplier(390_000)).toBe('39');
    expect(formatPlinkoMultiplier(56_000)).toBe('5.6');
    expect(formatPlinkoMultiplier(4_800)).toBe('0.48');
    expect(formatPlinkoMultiplier(4_800, 'de')).toBe('0,48');
  });

  it('colours the biggest multiplier red and the smallest gold', () => {
    const table = plinkoPaytable({ rows: 16, risk: 'high' });
    const hues = table.map((bp) => bucketHue(bp, table));
    expect(hues[0]).toBeLessThan(hues[8]!);
    expect(hues[8]).toBe(48);
    expect(hues[0]).toBe(-8);
  });
});
