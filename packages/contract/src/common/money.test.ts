import { describe, expect, it } from 'vitest';
import { decimalsOf, majorToMinor, minorToMajor } from './money';

describe('majorToMinor', () => {
  it('converts exact amounts for fiat and crypto precisions', () => {
    expect(majorToMinor(10.5, 100)).toEqual({ ok: true, amountMinor: 1050n });
    expect(majorToMinor(0.1, 100)).toEqual({ ok: true, amountMinor: 10n });
    expect(majorToMinor(0.29, 100)).toEqual({ ok: true, amountMinor: 29n }); // 0.29*100 = 28.999… in doubles
    expect(majorToMinor(0.00000001, 100_000_000)).toEqual({ ok: true, amountMinor: 1n });
    expect(majorToMinor(0.0015, 100_000_000n)).toEqual({ ok: true, amountMinor: 150_000n });
    expect(majorToMinor(1234, 1)).toEqual({ ok: true, amountMinor: 1234n });
  });

  it('refuses more decimals than the currency has', () => {
    expect(majorToMinor(10.555, 100)).toEqual({ ok: false, error: 'TOO_PRECISE' });
    expect(majorToMinor(0.000000001, 100_000_000)).toEqual({ ok: false, error: 'TOO_PRECISE' });
    expect(majorToMinor(1.5, 1)).toEqual({ ok: false, error: 'TOO_PRECISE' });
  });

  it('refuses zero, negative, non-finite and unsafe amounts', () => {
    expect(majorToMinor(0, 100)).toEqual({ ok: false, error: 'NOT_POSITIVE' });
    expect(majorToMinor(0, 100, { allowZero: true })).toEqual({ ok: true, amountMinor: 0n });
    expect(majorToMinor(-1, 100)).toEqual({ ok: false, error: 'NOT_POSITIVE' });
    expect(majorToMinor(Number.NaN, 100)).toEqual({ ok: false, error: 'NOT_FINITE' });
    expect(majorToMinor(Number.POSITIVE_INFINITY, 100)).toEqual({ ok: false, error: 'NOT_FINITE' });
    expect(majorToMinor(1e17, 100)).toEqual({ ok: false, error: 'TOO_LARGE' });
  });

  it('round-trips every cent of a range through minorToMajor', () => {
    for (let minor = 0n; minor < 100_000n; minor += 7n) {
      const major = minorToMajor(minor, 100);
      expect(majorToMinor(major, 100, { allowZero: true })).toEqual({ ok: true, amountMinor: minor });
    }
  });
});

describe('minorToMajor', () => {
  it('converts minor units to a major-unit number', () => {
    expect(minorToMajor(1050n, 100)).toBe(10.5);
    expect(minorToMajor(1n, 100_000_000)).toBe(0.00000001);
    expect(minorToMajor(-250n, 100)).toBe(-2.5);
  });

  it('keeps large balances beyond the safe integer range', () => {
    // 12,345,678,901,234,567.89 is beyond double precision: the result is the nearest double.
    expect(minorToMajor(1_234_567_890_123_456_789n, 100)).toBe(12_345_678_901_234_568);
  });
});

describe('decimalsOf', () => {
  it('gives the decimals of a power of ten and refuses anything else', () => {
    expect(decimalsOf(100)).toBe(2);
    expect(decimalsOf(1)).toBe(0);
    expect(decimalsOf(100_000_000n)).toBe(8);
    expect(() => decimalsOf(60)).toThrow(/power of ten/);
  });
});
