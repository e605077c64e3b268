/**
 * Prize wheels: a sector drawn with probability weight / total weight, exactly.
 *
 * The draw is one unbiased integer u in [0, total) by rejection sampling (`nextIndex`, no
 * modulo bias), then the sector whose cumulative weight range holds u: sector i owns
 * [w₀ + … + wᵢ₋₁, w₀ + … + wᵢ), so it is chosen by exactly wᵢ of the `total` equally
 * likely values of u. Weights are positive integers (drop rates as integer weights), their
 * total at most 2³², so every step is exact integer arithmetic.
 */
import { FairRng, type RandomSource } from '../fair/rng';
import { validateClientSeed } from '../fair/seeds';
import { fail, mustBeValid, ok, type Result } from '../result';

export const WHEEL = {
  minSectors: 2,
  maxSectors: 64,
  /** Each weight and their sum stay within what `nextIndex` draws exactly. */
  maxTotalWeight: 4_294_967_296,
} as const;

/** Sector weights in drawing order: 2–64 positive integers whose sum is at most 2³². */
export function validateWheelWeights(weights: unknown): Result<number[]> {
  if (!Array.isArray(weights)) return fail('weights', 'required', 'weights must be a list');
  if (weights.length < WHEEL.minSectors || weights.length > WHEEL.maxSectors) {
    return fail('weights', 'range', `a wheel has ${WHEEL.minSectors} to ${WHEEL.maxSectors} sectors`);
  }
  let total = 0;
  for (const [index, weight] of weights.entries()) {
    if (typeof weight !== 'number' || !Number.isSafeInteger(weight)) {
      return fail(`weights[${index}]`, 'integer', 'a weight must be an integer');
    }
    if (weight < 1) return fail(`weights[${index}]`, 'range', 'a weight must be at least 1');
    total += weight;
    if (total > WHEEL.maxTotalWeight) return fail('weights', 'range', 'the weights add up to more than 2^32');
  }
  return ok(weights as number[]);
}

/** The index of the drawn sector; weight i is chosen with probability weights[i] / sum exactly. */
export function drawWheelSector(source: RandomSource, weights: readonly number[]): number {
  const valid = mustBeValid(validateWheelWeights(weights));
  const total = valid.reduce((sum, weight) => sum + weight, 0);
  const u = source.nextIndex(total);
  let upTo = 0;
  for (const [index, weight] of valid.entries()) {
    upTo += weight;
    if (u < upTo) return index;
  }
  throw new Error('unreachable: u is below the total weight');
}

/**
 * Each sector's chance as a percentage rounded to two decimals (the wheel shows it as
 * `dropRate`); the exact chance is weight / sum.
 */
export function wheelDropRates(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => (total > 0 ? Math.round((weight * 10_000) / total) / 100 : 0));
}

export interface WheelDrawInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  weights: readonly number[];
}

/** The verifier's recomputation of a wheel spin from its revealed seed, client seed and nonce. */
export function replayWheelDraw(input: WheelDrawInput): Result<number> {
  const clientSeed = validateClientSeed(input.clientSeed);
  if (!clientSeed.ok) return clientSeed;
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0) {
    return fail('nonce', 'integer', 'nonce must be a non-negative integer');
  }
  if (typeof input.serverSeed !== 'string' || input.serverSeed.length === 0) {
    return fail('serverSeed', 'required', 'serverSeed is required');
  }
  const weights = validateWheelWeights(input.weights);
  if (!weights.ok) return weights;
  return ok(drawWheelSector(new FairRng(input.serverSeed, input.clientSeed, input.nonce), weights.value));
}
