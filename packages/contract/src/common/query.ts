import { z } from 'zod';

/**
 * Query arrays arrive bracket-style (`status[]=1&status[]=2`) or as a scalar
 * (`collectionId=abc`); both are accepted for every array filter.
 */
export function queryArray<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item));
}

/** A positive integer sent as a decimal string. */
export const queryInt = z.coerce.number().int();

/** Boolean literals in a query string: `true`/`false`, also `1`/`0`. */
export const queryBoolean = z.preprocess((value) => {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
}, z.boolean());

export const pageQuerySchema = z.object({
  page: queryInt.min(1).default(1),
  perPage: queryInt.min(1).max(100).default(10),
});
