import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { amountMinorOrThrow } from './amounts';

describe('amountMinorOrThrow', () => {
  it('returns minor units of a valid amount', () => {
    expect(amountMinorOrThrow(12.34, { subunitToUnit: 100n })).toBe(1234n);
  });

  it('throws a 422 naming the field for a bad amount', () => {
    for (const bad of ['12', 0, -1, 0.001, 1e30, Number.NaN, null]) {
      let thrown: unknown;
      try {
        amountMinorOrThrow(bad, { subunitToUnit: 100 }, { field: 'amount' });
      } catch (error) {
        thrown = error;
      }
      expect(thrown, String(bad)).toBeInstanceOf(AppError);
      expect((thrown as AppError).status).toBe(422);
      expect(Object.keys((thrown as AppError).fields ?? {})).toEqual(['amount']);
    }
  });
});
