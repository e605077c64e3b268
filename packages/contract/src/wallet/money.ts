import { decimalsOf, majorToMinor, minorToMajor } from '../common/money';

/**
 * Amounts at the edge of the wallet: the wire carries major-unit JSON numbers, the server
 * works in integer minor units. Every amount a player sends goes through `parseAmount`
 * with the currency it is in, so that bad input is refused with a field message before
 * anything is written.
 */

export type AmountError =
  /** Not a JSON number: a string ("10"), null, a boolean… */
  | 'NOT_A_NUMBER'
  /** NaN or ±Infinity (not possible in JSON, possible from code) */
  | 'NOT_FINITE'
  /** Zero (unless allowed) or negative */
  | 'NOT_POSITIVE'
  /** More decimals than the currency has (0.001 USD, 1.5 JPY) */
  | 'TOO_PRECISE'
  /** Beyond the exactly representable range (1e30): never silently rounded */
  | 'TOO_LARGE';

export type AmountResult = { ok: true; amountMinor: bigint } | { ok: false; error: AmountError; message: string };

/** A currency as far as amounts are concerned. */
export interface AmountCurrency {
  subunitToUnit: number | bigint;
}

/**
 * The largest amount accepted, in minor units: every integer up to it is exact as a
 * double (so the wire number means exactly one amount) and it is far inside int8.
 */
export const MAX_AMOUNT_MINOR = BigInt(Number.MAX_SAFE_INTEGER);

/** The field message for an amount error; `decimals` of the currency for TOO_PRECISE. */
export function amountErrorMessage(error: AmountError, decimals: number, allowZero = false): string {
  switch (error) {
    case 'NOT_A_NUMBER':
    case 'NOT_FINITE':
      return 'The amount must be a number.';
    case 'NOT_POSITIVE':
      return allowZero ? 'The amount must not be negative.' : 'The amount must be greater than zero.';
    case 'TOO_PRECISE':
      return decimals === 0
        ? 'The amount must be a whole number.'
        : `The amount can have at most ${decimals} decimal${decimals === 1 ? '' : 's'}.`;
    case 'TOO_LARGE':
      return 'The amount is too large.';
  }
}

/**
 * Converts a major-unit amount from the wire (`unknown`: whatever JSON gave) to minor
 * units of `currency`. Refuses anything but a finite number, zero (unless `allowZero`)
 * and negative amounts, more decimals than the currency has, and amounts beyond
 * `MAX_AMOUNT_MINOR`.
 */
export function parseAmount(
  value: unknown,
  currency: AmountCurrency,
  options: { allowZero?: boolean } = {},
): AmountResult {
  const decimals = decimalsOf(currency.subunitToUnit);
  const fail = (error: AmountError): AmountResult => ({
    ok: false,
    error,
    message: amountErrorMessage(error, decimals, options.allowZero),
  });
  if (typeof value !== 'number') return fail('NOT_A_NUMBER');
  const result = majorToMinor(value, currency.subunitToUnit, options);
  if (!result.ok) return fail(result.error);
  if (result.amountMinor > MAX_AMOUNT_MINOR) return fail('TOO_LARGE');
  return result;
}

/** Minor units to the wire's major-unit number. */
export function toMajorAmount(amountMinor: bigint, currency: AmountCurrency): number {
  return minorToMajor(amountMinor, currency.subunitToUnit);
}
