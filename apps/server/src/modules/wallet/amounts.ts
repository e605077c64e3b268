import { parseAmount, type AmountCurrency } from '@croupier/contract';
import { AppError } from '../../lib/errors';

/**
 * A wire amount of a request body in minor units of `currency`, or a 422 on `field` that
 * says what is wrong (not a number, zero or negative, too many decimals, too large).
 * Nothing has been written when it throws.
 */
export function amountMinorOrThrow(
  value: unknown,
  currency: AmountCurrency,
  options: { field?: string; allowZero?: boolean } = {},
): bigint {
  const result = parseAmount(value, currency, { allowZero: options.allowZero ?? false });
  if (!result.ok) throw AppError.validation({ [options.field ?? 'amount']: [result.message] }, result.message);
  return result.amountMinor;
}
