/**
 * Multipliers are integer basis points (10,000 bp = 1x) so that money code computes a win
 * in integer minor units with one bigint multiplication and one division: no float ever
 * touches an amount.
 */
export const BP_PER_X = 10_000;

/**
 * The win for a stake at a multiplier, rounded down to the minor unit (the house keeps
 * the fraction, which the declared RTPs already account for: see each game's notes).
 */
export function payoutMinor(stakeMinor: bigint, multiplierBp: number): bigint {
  if (stakeMinor < 0n) throw new RangeError('stakeMinor must not be negative');
  if (!Number.isSafeInteger(multiplierBp) || multiplierBp < 0) {
    throw new RangeError('multiplierBp must be a non-negative integer');
  }
  return (stakeMinor * BigInt(multiplierBp)) / BigInt(BP_PER_X);
}

/** For display only (e.g. "1.9801"): never use the number for money. */
export function multiplierFromBp(multiplierBp: number): number {
  return multiplierBp / BP_PER_X;
}

/** An exact non-negative rational, used to state RTPs without rounding. */
export interface Ratio {
  numerator: bigint;
  denominator: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function ratio(numerator: bigint, denominator: bigint): Ratio {
  if (denominator === 0n) throw new RangeError('denominator must not be zero');
  const sign = denominator < 0n ? -1n : 1n;
  const divisor = gcd(numerator, denominator) || 1n;
  return { numerator: (sign * numerator) / divisor, denominator: (sign * denominator) / divisor };
}

export function addRatio(a: Ratio, b: Ratio): Ratio {
  return ratio(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
}

export function mulRatio(a: Ratio, b: Ratio): Ratio {
  return ratio(a.numerator * b.numerator, a.denominator * b.denominator);
}

export function divRatio(a: Ratio, b: Ratio): Ratio {
  return ratio(a.numerator * b.denominator, a.denominator * b.numerator);
}

/** The ratio as a double (correctly rounded but for ties, which an RTP never meets). */
export function ratioToNumber(value: Ratio): number {
  // 96 extra bits before the integer division leave far more than a double's 53; the
  // bigint-to-double conversion rounds once, and dividing by 2⁹⁶ is exact.
  const scaled = (value.numerator * 2n ** 96n) / value.denominator;
  return Number(scaled) / 2 ** 96;
}
