/**
 * Amounts are integers in minor units inside the system and major-unit JSON numbers on
 * the wire. These conversions are the only place where the two meet.
 */

export type MoneyParseError = 'NOT_FINITE' | 'NOT_POSITIVE' | 'TOO_PRECISE' | 'TOO_LARGE';

export type MoneyParseResult = { ok: true; amountMinor: bigint } | { ok: false; error: MoneyParseError };

/**
 * Converts a major-unit number (as parsed from JSON) to minor units. Refuses non-finite,
 * zero or negative values (unless `allowZero`), values that carry more decimals than
 * the currency has, and values beyond the exactly representable range.
 *
 * Exactness: JSON gives the double nearest to the decimal text. If the decimal has at
 * most log10(subunitToUnit) decimals, minor/subunit (a correctly rounded division of
 * two exact integers) is that same double, so the round trip test below is exact.
 */
export function majorToMinor(
  amount: number,
  subunitToUnit: number | bigint,
  options: { allowZero?: boolean } = {},
): MoneyParseResult {
  const subunit = Number(subunitToUnit);
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return { ok: false, error: 'NOT_FINITE' };
  if (amount < 0 || (amount === 0 && !options.allowZero)) return { ok: false, error: 'NOT_POSITIVE' };
  const minor = Math.round(amount * subunit);
  if (!Number.isSafeInteger(minor)) return { ok: false, error: 'TOO_LARGE' };
  if (minor / subunit !== amount) return { ok: false, error: 'TOO_PRECISE' };
  return { ok: true, amountMinor: BigInt(minor) };
}

/** Converts minor units to a major-unit number for the wire. */
export function minorToMajor(amountMinor: bigint, subunitToUnit: number | bigint): number {
  const minor = Number(amountMinor);
  // Within the safe range one correctly rounded division gives the double nearest to the
  // decimal value, which is what majorToMinor expects back.
  if (Number.isSafeInteger(minor)) return minor / Number(subunitToUnit);
  const subunit = BigInt(subunitToUnit);
  return Number(amountMinor / subunit) + Number(amountMinor % subunit) / Number(subunit);
}

/** Number of decimals a currency allows (subunitToUnit must be a power of ten). */
export function decimalsOf(subunitToUnit: number | bigint): number {
  const subunit = Number(subunitToUnit);
  const decimals = Math.round(Math.log10(subunit));
  if (10 ** decimals !== subunit) throw new Error(`subunitToUnit ${subunit} is not a power of ten`);
  return decimals;
}
