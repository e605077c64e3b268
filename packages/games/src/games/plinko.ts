/**
 * Plinko: a ball falls through 8–16 rows of pegs; at each row the next float sends it left
 * (float < 0.5) or right, and the bucket is the number of rights. floor(float · 2) is an
 * exactly fair coin (2³¹ of the 2³² floats each way), so the bucket is exactly
 * Binomial(rows, 1/2) and every paytable's RTP is an exact rational:
 * Σ C(rows, k) · multiplierBp[k] / (2^rows · 10000).
 *
 * The tables were tuned to exactly 99%: a smooth curve from the centre multiplier to the
 * edge one was rounded to readable values, then the last few basis points were settled
 * by adjusting the cheapest buckets (plinko.test.ts checks every table).
 */
import { ratio, ratioToNumber, type Ratio } from '../money';
import { intInRange, mustBeValid, oneOf, ok, type Result } from '../result';
import { type RandomSource } from '../fair/rng';

export const PLINKO = {
  rtp: 0.99,
  minRows: 8,
  maxRows: 16,
} as const;

export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

/** Multipliers in basis points per bucket (0 = far left), by risk and number of rows. */
export const PLINKO_PAYTABLES: Readonly<Record<PlinkoRisk, Readonly<Record<number, readonly number[]>>>> = {
  low: {
    8: [56000, 26800, 14000, 7800, 4800, 7800, 14000, 26800, 56000],
    9: [63900, 31900, 16900, 9900, 5900, 5900, 9900, 16900, 31900, 63900],
    10: [73000, 38900, 21000, 12000, 7400, 5300, 7400, 12000, 21000, 38900, 73000],
    11: [82500, 46000, 25900, 15000, 9000, 5800, 5800, 9000, 15000, 25900, 46000, 82500],
    12: [94500, 54000, 31000, 18000, 11300, 7100, 5000, 7100, 11300, 18000, 31000, 54000, 94500],
    13: [110000, 62900, 37000, 22000, 13000, 8700, 5800, 5800, 8700, 13000, 22000, 37000, 62900, 110000],
    14: [120000, 71400, 43100, 26000, 16000, 9900, 7100, 5500, 7100, 9900, 16000, 26000, 43100, 71400, 120000],
    15: [140000, 83300, 50200, 31000, 19000, 12200, 8300, 5800, 5800, 8300, 12200, 19000, 31000, 50200, 83300, 140000],
    16: [
      160000, 97000, 59100, 37200, 23000, 15000, 9400, 7100, 4800, 7100, 9400, 15000, 23000, 37200, 59100, 97000,
      160000,
    ],
  },
  medium: {
    8: [130000, 36800, 13100, 6000, 4000, 6000, 13100, 36800, 130000],
    9: [170100, 51100, 17900, 7800, 4800, 4800, 7800, 17900, 51100, 170100],
    10: [220000, 70100, 25000, 10700, 6000, 3800, 6000, 10700, 25000, 70100, 220000],
    11: [290400, 94000, 34900, 14900, 7000, 4600, 4600, 7000, 14900, 34900, 94000, 290400],
    12: [380200, 130200, 47000, 20000, 9800, 5100, 4200, 5100, 9800, 20000, 47000, 130200, 380200],
    13: [489600, 170000, 63600, 27000, 13000, 7000, 4000, 4000, 7000, 13000, 27000, 63600, 170000, 489600],
    14: [639600, 220000, 85000, 36000, 17000, 8900, 5000, 3900, 5000, 8900, 17000, 36000, 85000, 220000, 639600],
    15: [
      840000, 300100, 110000, 47900, 21900, 11200, 6200, 4500, 4500, 6200, 11200, 21900, 47900, 110000, 300100, 840000,
    ],
    16: [
      1100000, 390000, 150000, 63200, 29000, 14600, 8300, 4800, 4000, 4800, 8300, 14600, 29000, 63200, 150000, 390000,
      1100000,
    ],
  },
  high: {
    8: [290000, 49000, 11000, 3700, 2000, 3700, 11000, 49000, 290000],
    9: [450000, 78000, 18100, 5100, 2400, 2400, 5100, 18100, 78000, 450000],
    10: [700000, 119900, 28000, 7900, 3200, 2300, 3200, 7900, 28000, 119900, 700000],
    11: [1100000, 200000, 42900, 12100, 4300, 2300, 2300, 4300, 12100, 42900, 200000, 1100000],
    12: [1700000, 309700, 68000, 18100, 6400, 2900, 2000, 2900, 6400, 18100, 68000, 309700, 1700000],
    13: [2699600, 490000, 109900, 28000, 8900, 4100, 1900, 1900, 4100, 8900, 28000, 109900, 490000, 2699600],
    14: [4100000, 750600, 160000, 43200, 14000, 5000, 2800, 2200, 2800, 5000, 14000, 43200, 160000, 750600, 4100000],
    15: [
      6400000, 1200000, 249900, 64900, 19900, 7700, 3900, 1900, 1900, 3900, 7700, 19900, 64900, 249900, 1200000,
      6400000,
    ],
    16: [
      10000000, 1800000, 399900, 100000, 30000, 10300, 5100, 2700, 1600, 2700, 5100, 10300, 30000, 100000, 399900,
      1800000, 10000000,
    ],
  },
};

export interface PlinkoParams {
  rows: number;
  risk: PlinkoRisk;
}

export interface PlinkoOutcome {
  /** One entry per row: 0 = left, 1 = right. */
  path: number[];
  /** Bucket index 0..rows (the number of rights). */
  bucket: number;
  multiplierBp: number;
}

export function validatePlinkoParams(input: { rows?: unknown; risk?: unknown }): Result<PlinkoParams> {
  const rows = intInRange('rows', input.rows, PLINKO.minRows, PLINKO.maxRows);
  if (!rows.ok) return rows;
  const risk = oneOf('risk', input.risk, PLINKO_RISKS);
  if (!risk.ok) return risk;
  return ok({ rows: rows.value, risk: risk.value });
}

export function plinkoPaytable(params: PlinkoParams): readonly number[] {
  const table = PLINKO_PAYTABLES[params.risk][params.rows];
  if (!table) throw new RangeError(`no plinko paytable for ${params.rows} rows`);
  return table;
}

/** Writes the path into `path` (length ≥ rows) and returns the bucket; allocation-free for simulations. */
export function plinkoDropInto(source: RandomSource, rows: number, path?: number[]): number {
  let bucket = 0;
  for (let row = 0; row < rows; row += 1) {
    const right = Math.floor(source.nextFloat() * 2);
    if (path) path[row] = right;
    bucket += right;
  }
  return bucket;
}

export function playPlinko(source: RandomSource, params: PlinkoParams): PlinkoOutcome {
  mustBeValid(validatePlinkoParams(params));
  const path: number[] = new Array<number>(params.rows);
  const bucket = plinkoDropInto(source, params.rows, path);
  return { path, bucket, multiplierBp: plinkoPaytable(params)[bucket]! };
}

function binomial(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 1; i <= k; i += 1) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** Probability of each bucket: C(rows, k) / 2^rows, exact. */
export function plinkoBucketProbabilities(rows: number): Ratio[] {
  return Array.from({ length: rows + 1 }, (_, k) => ratio(binomial(rows, k), 2n ** BigInt(rows)));
}

/** The table's exact RTP as a ratio and as a number. */
export function plinkoRtp(params: PlinkoParams): { exact: Ratio; value: number } {
  const table = plinkoPaytable(params);
  let weighted = 0n;
  table.forEach((multiplierBp, k) => {
    weighted += binomial(params.rows, k) * BigInt(multiplierBp);
  });
  const exact = ratio(weighted, 2n ** BigInt(params.rows) * 10_000n);
  return { exact, value: ratioToNumber(exact) };
}
