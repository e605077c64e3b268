import { describe, expect, it } from 'vitest';
import { amountErrorMessage, MAX_AMOUNT_MINOR, parseAmount, toMajorAmount } from './money';

const USD = { subunitToUnit: 100 };
const BTC = { subunitToUnit: 100_000_000 };
const JPY = { subunitToUnit: 1 };

function errorOf(value: unknown, currency = USD, options: { allowZero?: boolean } = {}) {
  const result = parseAmount(value, currency, options);
  return result.ok ? undefined : result.error;
}

describe('parseAmount', () => {
  it('converts major-unit numbers to minor units of the currency', () => {
    expect(parseAmount(10.5, USD)).toEqual({ ok: true, amountMinor: 1050n });
    expect(parseAmount(0.01, USD)).toEqual({ ok: true, amountMinor: 1n });
    expect(parseAmount(0.29, USD)).toEqual({ ok: true, amountMinor: 29n });
    expect(parseAmount(0.00000001, BTC)).toEqual({ ok: true, amountMinor: 1n });
    expect(parseAmount(0.0015, { subunitToUnit: 100_000_000n })).toEqual({ ok: true, amountMinor: 150_000n });
    expect(parseAmount(1500, JPY)).toEqual({ ok: true, amountMinor: 1500n });
  });

  it('refuses anything that is not a number, strings included', () => {
    for (const value of ['10', '1e30', '', '10.00', null, undefined, true, {}, [], 10n]) {
      expect(errorOf(value), typeof value).toBe('NOT_A_NUMBER');
    }
  });

  it('refuses NaN and infinities', () => {
    expect(errorOf(Number.NaN)).toBe('NOT_FINITE');
    expect(errorOf(Number.POSITIVE_INFINITY)).toBe('NOT_FINITE');
    expect(errorOf(Number.NEGATIVE_INFINITY)).toBe('NOT_FINITE');
  });

  it('refuses zero and negative amounts, zero only where not allowed', () => {
    expect(errorOf(0)).toBe('NOT_POSITIVE');
    expect(errorOf(-0)).toBe('NOT_POSITIVE');
    expect(errorOf(-1)).toBe('NOT_POSITIVE');
    expect(errorOf(-0.01)).toBe('NOT_POSITIVE');
    expect(parseAmount(0, USD, { allowZero: true })).toEqual({ ok: true, amountMinor: 0n });
    expect(errorOf(-1, USD, { allowZero: true })).toBe('NOT_POSITIVE');
  });

  it('refuses more decimals than the currency has', () => {
    expect(errorOf(10.555)).toBe('TOO_PRECISE');
    expect(errorOf(0.001)).toBe('TOO_PRECISE');
    expect(errorOf(0.000000001, BTC)).toBe('TOO_PRECISE');
    expect(errorOf(1.5, JPY)).toBe('TOO_PRECISE');
    expect(errorOf(Number.MIN_VALUE)).toBe('TOO_PRECISE');
  });

  it('refuses amounts beyond the exactly representable range instead of rounding them', () => {
    expect(errorOf(1e30)).toBe('TOO_LARGE');
    expect(errorOf(1e30, JPY)).toBe('TOO_LARGE');
    expect(errorOf(Number.MAX_VALUE)).toBe('TOO_LARGE');
    expect(errorOf(1e8, BTC)).toBe('TOO_LARGE'); // 1e16 satoshi: beyond 2^53
    const largest = Number(MAX_AMOUNT_MINOR) / 100;
    // The largest cent amount that is exact is accepted; one cent more is not representable.
    expect(parseAmount(Math.floor(largest), USD)).toEqual({
      ok: true,
      amountMinor: BigInt(Math.floor(largest)) * 100n,
    });
    expect(errorOf(Number(MAX_AMOUNT_MINOR) + 1, JPY)).toBe('TOO_LARGE');
  });

  it('gives a readable message for each error', () => {
    expect(parseAmount('5', USD)).toMatchObject({ message: 'The amount must be a number.' });
    expect(parseAmount(0.001, USD)).toMatchObject({ message: 'The amount can have at most 2 decimals.' });
    expect(parseAmount(1.5, JPY)).toMatchObject({ message: 'The amount must be a whole number.' });
    expect(parseAmount(0, USD)).toMatchObject({ message: 'The amount must be greater than zero.' });
    expect(amountErrorMessage('NOT_POSITIVE', 2, true)).toBe('The amount must not be negative.');
    expect(amountErrorMessage('TOO_PRECISE', 1)).toBe('The amount can have at most 1 decimal.');
    expect(parseAmount(1e30, USD)).toMatchObject({ message: 'The amount is too large.' });
  });

  it('round-trips through toMajorAmount for every precision', () => {
    for (const currency of [USD, BTC, JPY, { subunitToUnit: 1_000_000 }]) {
      for (let minor = 1n; minor < 5_000_000n; minor = minor * 3n + 7n) {
        const major = toMajorAmount(minor, currency);
        expect(parseAmount(major, currency)).toEqual({ ok: true, amountMinor: minor });
      }
    }
  });
});
