/**
 * Sportsbook odds. Inside the system a price is an exact integer: decimal odds × 1000
 * (`oddsMilli`, 1.850 → 1850n), never a float, so settlement arithmetic stays exact.
 * Display formats (decimal, fractional, American) are derived from it; parsers turn a
 * displayed price back into `oddsMilli`, rounding down (toward the house) when the text is
 * finer than a thousandth. Rules: docs/sportsbook.md.
 */

/** Decimal odds × 1000. */
export type OddsMilli = bigint;

export const ODDS_SCALE = 1000n;
/** The smallest price offered: 1.001. */
export const MIN_ODDS_MILLI = 1001n;

export const ODDS_FORMATS = ['decimal', 'fractional', 'american'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

export function isValidOddsMilli(oddsMilli: bigint): boolean {
  return oddsMilli >= MIN_ODDS_MILLI;
}

function assertOdds(oddsMilli: bigint): void {
  if (!isValidOddsMilli(oddsMilli)) throw new RangeError(`odds below 1.001: ${oddsMilli}`);
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** Integer division rounded to the nearest, halves away from zero (both operands positive). */
function divRound(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

// ---------------------------------------------------------------------------------------
// Decimal

/**
 * Decimal odds with two decimals, or three when the thousandth is not zero, so the text
 * is always exact: 1850n → "1.85", 1855n → "1.855", 2000n → "2.00".
 */
export function formatDecimalOdds(oddsMilli: OddsMilli): string {
  assertOdds(oddsMilli);
  const whole = oddsMilli / ODDS_SCALE;
  const fraction = (oddsMilli % ODDS_SCALE).toString().padStart(3, '0');
  return `${whole}.${fraction.endsWith('0') ? fraction.slice(0, 2) : fraction}`;
}

/** "1.85" → 1850n. Refuses (null) more than three decimals, signs, exponents and odds below 1.001. */
export function parseDecimalOdds(text: string): OddsMilli | null {
  const match = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const oddsMilli = BigInt(match[1]!) * ODDS_SCALE + BigInt((match[2] ?? '').padEnd(3, '0'));
  return isValidOddsMilli(oddsMilli) ? oddsMilli : null;
}

// ---------------------------------------------------------------------------------------
// Fractional

export interface FractionalOdds {
  numerator: bigint;
  denominator: bigint;
}

/** Fractional display uses denominators up to this bound ("17/20", "1/3", "100/1"). */
export const FRACTIONAL_MAX_DENOMINATOR = 100n;

/**
 * The profit per unit staked, odds − 1, as a fraction, the first of:
 * 1. the exact reduced fraction, when its denominator is at most 100 (1.850 → 17/20,
 *    1.010 → 1/100, 4.330 → 333/100);
 * 2. the fraction with the smallest denominator up to 100 that parses back to this very
 *    price (1.333 → 1/3, 1.909 → 10/11), so the display round-trips;
 * 3. the closest fraction with a denominator up to 100, the smaller denominator on a tie
 *    (1.667 → 2/3, 1.143 → 1/7, 1.001 → 1/100).
 * The fraction is display only: settlement always uses `oddsMilli`.
 */
export function toFractionalOdds(oddsMilli: OddsMilli): FractionalOdds {
  assertOdds(oddsMilli);
  const profit = oddsMilli - ODDS_SCALE;
  const divisor = gcd(profit, ODDS_SCALE);
  if (ODDS_SCALE / divisor <= FRACTIONAL_MAX_DENOMINATOR) {
    return { numerator: profit / divisor, denominator: ODDS_SCALE / divisor };
  }
  // p/q parses to this price when profit ≤ 1000·p/q < profit + 1.
  for (let q = 1n; q <= FRACTIONAL_MAX_DENOMINATOR; q++) {
    const p = (profit * q + ODDS_SCALE - 1n) / ODDS_SCALE;
    if (p * ODDS_SCALE < (profit + 1n) * q) return { numerator: p, denominator: q };
  }
  // Closest p/q to profit/1000: minimise |p·1000 − profit·q| / q, compared exactly by
  // cross-multiplication.
  let best: FractionalOdds = { numerator: 1n, denominator: FRACTIONAL_MAX_DENOMINATOR };
  let bestError = -1n;
  for (let q = 1n; q <= FRACTIONAL_MAX_DENOMINATOR; q++) {
    const p = divRound(profit * q, ODDS_SCALE);
    if (p < 1n) continue;
    const error = p * ODDS_SCALE > profit * q ? p * ODDS_SCALE - profit * q : profit * q - p * ODDS_SCALE;
    // error/q < bestError/bestQ  ⇔  error·bestQ < bestError·q
    if (bestError < 0n || error * best.denominator < bestError * q) {
      best = { numerator: p, denominator: q };
      bestError = error;
    }
  }
  return best;
}

export function formatFractionalOdds(oddsMilli: OddsMilli): string {
  const { numerator, denominator } = toFractionalOdds(oddsMilli);
  return `${numerator}/${denominator}`;
}

/** "17/20" → 1850n: 1000 + ⌊1000·n/d⌋, rounded down (1/3 → 1333n). Null when malformed or below 1.001. */
export function parseFractionalOdds(text: string): OddsMilli | null {
  const match = /^(\d{1,9})\s*\/\s*(\d{1,9})$/.exec(text.trim());
  if (!match) return null;
  const numerator = BigInt(match[1]!);
  const denominator = BigInt(match[2]!);
  if (denominator === 0n) return null;
  const oddsMilli = ODDS_SCALE + (ODDS_SCALE * numerator) / denominator;
  return isValidOddsMilli(oddsMilli) ? oddsMilli : null;
}

// ---------------------------------------------------------------------------------------
// American

/**
 * American (moneyline) odds as a whole number: from 2.00 up, the profit on 100 staked
 * (+150 for 2.50); below 2.00, minus the stake that wins 100 (−200 for 1.50). Rounded to
 * the nearest whole number (1.850 → −118). Exactly 2.00 is +100.
 */
export function toAmericanOdds(oddsMilli: OddsMilli): bigint {
  assertOdds(oddsMilli);
  const profit = oddsMilli - ODDS_SCALE;
  if (oddsMilli >= 2n * ODDS_SCALE) return divRound(profit * 100n, ODDS_SCALE);
  return -divRound(100n * ODDS_SCALE, profit);
}

/** "+150", "-200" (an ASCII hyphen; the typographic minus "−" is accepted when parsing). */
export function formatAmericanOdds(oddsMilli: OddsMilli): string {
  const american = toAmericanOdds(oddsMilli);
  return american > 0n ? `+${american}` : `${american}`;
}

/**
 * "+150" → 2500n, "-200" → 1500n. Accepts ±100 and beyond only (−99…+99 are not American
 * odds). Negative odds convert to 1000 + ⌊100000/n⌋, rounded down toward the house, so a
 * displayed value survives the round trip while n is small enough for a thousandth to
 * tell its neighbours apart (up to −220).
 */
export function parseAmericanOdds(text: string): OddsMilli | null {
  const match = /^([+\-\u2212]?)(\d{1,9})$/.exec(text.trim());
  if (!match) return null;
  const magnitude = BigInt(match[2]!);
  if (magnitude < 100n) return null;
  const negative = match[1] === '-' || match[1] === '\u2212';
  const oddsMilli = negative
    ? ODDS_SCALE + (100n * ODDS_SCALE) / magnitude
    : ODDS_SCALE + (magnitude * ODDS_SCALE) / 100n;
  return isValidOddsMilli(oddsMilli) ? oddsMilli : null;
}

// ---------------------------------------------------------------------------------------

export function formatOdds(oddsMilli: OddsMilli, format: OddsFormat): string {
  switch (format) {
    case 'decimal':
      return formatDecimalOdds(oddsMilli);
    case 'fractional':
      return formatFractionalOdds(oddsMilli);
    case 'american':
      return formatAmericanOdds(oddsMilli);
  }
}

export function parseOdds(text: string, format: OddsFormat): OddsMilli | null {
  switch (format) {
    case 'decimal':
      return parseDecimalOdds(text);
    case 'fractional':
      return parseFractionalOdds(text);
    case 'american':
      return parseAmericanOdds(text);
  }
}

/**
 * The accumulator price shown on a bet slip: Π odds, rounded down to a thousandth. For
 * display only — a payout multiplies the exact product (see the server's settlement).
 */
export function combineOddsMilli(legs: readonly OddsMilli[]): OddsMilli {
  if (legs.length === 0) throw new RangeError('no odds to combine');
  let numerator = 1n;
  for (const oddsMilli of legs) {
    assertOdds(oddsMilli);
    numerator *= oddsMilli;
  }
  return numerator / ODDS_SCALE ** BigInt(legs.length - 1);
}
