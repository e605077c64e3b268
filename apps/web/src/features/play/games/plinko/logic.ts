import { BP_PER_X, PLINKO, PLINKO_RISKS, type PlinkoRisk } from '@croupier/games';
import { formatMultiplierBp } from '../../../../lib/format';

export interface PlinkoParams {
  rows: number;
  risk: PlinkoRisk;
}

export const PLINKO_ROW_CHOICES: readonly number[] = Array.from(
  { length: PLINKO.maxRows - PLINKO.minRows + 1 },
  (_, i) => PLINKO.minRows + i,
);

export function isPlinkoRisk(value: unknown): value is PlinkoRisk {
  return (PLINKO_RISKS as readonly unknown[]).includes(value);
}

/** The part of a round's outcome the board shows (the server stores packages/games' PlinkoOutcome). */
export interface PlinkoShownOutcome {
  path: number[];
  bucket: number;
  multiplierBp: number;
}

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** Narrows a round's outcome record; null when it is not a plinko outcome. */
export function parsePlinkoOutcome(outcome: Record<string, unknown>): PlinkoShownOutcome | null {
  const { path, bucket, multiplierBp } = outcome;
  if (!Array.isArray(path) || !path.every((step) => step === 0 || step === 1)) return null;
  if (!isInt(bucket) || !isInt(multiplierBp)) return null;
  const steps = path as number[];
  if (steps.reduce((sum, step) => sum + step, 0) !== bucket) return null;
  return { path: steps, bucket, multiplierBp };
}

/** The rows and risk a round was played with (its echoed params), falling back to the current ones. */
export function parsePlinkoParams(params: Record<string, unknown>, fallback: PlinkoParams): PlinkoParams {
  const rows = isInt(params.rows) && PLINKO_ROW_CHOICES.includes(params.rows) ? params.rows : fallback.rows;
  const risk = isPlinkoRisk(params.risk) ? params.risk : fallback.risk;
  return { rows, risk };
}

/** Board geometry in SVG units: pegs `gap` apart horizontally, rows `rowGap` apart. */
export interface PlinkoGeometry {
  rows: number;
  gap: number;
  rowGap: number;
  /** y of the first row of pegs. */
  top: number;
  width: number;
  /** y of the top of the buckets. */
  bucketTop: number;
  bucketHeight: number;
  height: number;
  pegRadius: number;
  ballRadius: number;
}

export function plinkoGeometry(rows: number): PlinkoGeometry {
  const gap = 40;
  const rowGap = 36;
  const top = 44;
  const bucketTop = top + (rows - 1) * rowGap + 30;
  const bucketHeight = 34;
  return {
    rows,
    gap,
    rowGap,
    top,
    // The last row has rows + 2 pegs, (rows + 1) gaps wide: half a gap of margin either side.
    width: (rows + 2) * gap,
    bucketTop,
    bucketHeight,
    height: bucketTop + bucketHeight + 6,
    pegRadius: 5,
    ballRadius: 9,
  };
}

export interface Point {
  x: number;
  y: number;
}

/** Row r (0-based) has r + 3 pegs, centred. */
export function pegPositions(geometry: PlinkoGeometry): Point[] {
  const centre = geometry.width / 2;
  const pegs: Point[] = [];
  for (let row = 0; row < geometry.rows; row += 1) {
    const count = row + 3;
    for (let i = 0; i < count; i += 1) {
      pegs.push({ x: centre + (i - (count - 1) / 2) * geometry.gap, y: geometry.top + row * geometry.rowGap });
    }
  }
  return pegs;
}

/** The centre of bucket k (0 = far left) of rows + 1 buckets. */
export function bucketCentre(geometry: PlinkoGeometry, bucket: number): Point {
  return {
    x: geometry.width / 2 + (bucket - geometry.rows / 2) * geometry.gap,
    y: geometry.bucketTop + geometry.bucketHeight / 2,
  };
}

/**
 * Where the ball is as it falls: above the board, then resting on top of the peg it hits
 * in each row (the peg after `rights so far` steps to the right), then in its bucket.
 */
export function ballPoints(geometry: PlinkoGeometry, path: readonly number[]): Point[] {
  const centre = geometry.width / 2;
  const contact = geometry.pegRadius + geometry.ballRadius;
  const points: Point[] = [{ x: centre, y: geometry.top - geometry.rowGap }];
  let rights = 0;
  path.forEach((step, row) => {
    points.push({ x: centre + (rights - row / 2) * geometry.gap, y: geometry.top + row * geometry.rowGap - contact });
    rights += step;
  });
  points.push(bucketCentre(geometry, rights));
  return points;
}

/** How high (SVG units) the ball bounces off a peg before falling to the next. */
const BOUNCE = 14;

/**
 * The ball's position at progress `t` (0–1) along `points`: each hop moves sideways at an
 * even pace and follows a parabola, up off the peg and down onto the next.
 */
export function ballPositionAt(points: readonly Point[], t: number): Point {
  const first = points[0];
  if (!first) return { x: 0, y: 0 };
  const hops = points.length - 1;
  if (hops <= 0 || t <= 0) return first;
  if (t >= 1) return points[hops]!;
  const scaled = t * hops;
  const hop = Math.floor(scaled);
  const local = scaled - hop;
  const from = points[hop]!;
  const to = points[hop + 1]!;
  // The first hop is a plain drop onto the first peg; the others bounce.
  const lift = hop === 0 ? 0 : BOUNCE * 4 * local * (1 - local);
  return { x: from.x + (to.x - from.x) * local, y: from.y + (to.y - from.y) * local * local - lift };
}

/** A multiplier for a bucket label, short enough for narrow buckets: 1000, 41, 5.6, 0.48. */
export function formatPlinkoMultiplier(multiplierBp: number, locale = 'en'): string {
  const multiplier = multiplierBp / BP_PER_X;
  const digits = multiplier >= 100 ? 0 : multiplier >= 10 ? 1 : 2;
  return formatMultiplierBp(multiplierBp, locale, { minDecimals: 0, maxDecimals: digits, grouping: false, bare: true });
}

/**
 * A bucket's colour on a scale from the table's smallest multiplier (gold) to its largest
 * (deep red), by the logarithm of the multiplier so that the middle of the table spreads out.
 */
export function bucketHue(multiplierBp: number, table: readonly number[]): number {
  const min = Math.log(Math.min(...table));
  const max = Math.log(Math.max(...table));
  const share = max === min ? 0 : (Math.log(multiplierBp) - min) / (max - min);
  return Math.round(48 - share * 56);
}
