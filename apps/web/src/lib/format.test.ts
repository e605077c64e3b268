import { describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  formatAmount,
  formatDateTime,
  formatHundredths,
  formatMoney,
  formatMultiplier,
  formatMultiplierBp,
  formatNumber,
  formatPercent,
  moneyParts,
  numberFormat,
} from './format';

const usd = { code: 'USD', subunitToUnit: 100, subCurrencies: [], type: 'fiat' as const };
const btc = {
  code: 'BTC',
  subunitToUnit: 100_000_000,
  subCurrencies: [{ code: 'mBTC', subunitToUnit: 1000 }],
  type: 'crypto' as const,
};
const jpy = { code: 'JPY', subunitToUnit: 1, subCurrencies: [], type: 'fiat' as const };

describe('formatters', () => {
  it('caches one Intl formatter per locale and options', () => {
    expect(numberFormat('en', { minimumFractionDigits: 2 })).toBe(numberFormat('en', { minimumFractionDigits: 2 }));
    expect(numberFormat('de', { minimumFractionDigits: 2 })).not.toBe(numberFormat('en', { minimumFractionDigits: 2 }));
    expect(dateTimeFormat('en', { dateStyle: 'short' })).toBe(dateTimeFormat('en', { dateStyle: 'short' }));
  });

  it('falls back to a default locale for a tag Intl refuses', () => {
    expect(formatNumber(1.5, 'not a locale!', { minDecimals: 2 })).toMatch(/^1[.,]50$/);
  });
});

describe('numbers', () => {
  it('writes decimals and separators of the locale', () => {
    expect(formatNumber(1234.5, 'en', { minDecimals: 2 })).toBe('1,234.50');
    expect(formatNumber(1234.5, 'de', { minDecimals: 2 })).toBe('1.234,50');
    expect(formatNumber(1234.5, 'en', { grouping: false })).toBe('1234.5');
    expect(formatNumber(0.123456789, 'en', { maxDecimals: 8 })).toBe('0.12345679');
    expect(formatNumber(1500, 'en', { compact: true, maxDecimals: 2 })).toBe('1.5K');
  });
});

describe('money', () => {
  it('shows an amount in its display unit with at least 2 and at most the unit decimals', () => {
    expect(formatAmount(12, 2, 'en')).toBe('12.00');
    expect(formatAmount(0.12345, 5, 'en')).toBe('0.12345');
    expect(formatAmount(1500, 0, 'en')).toBe('1,500');
    expect(formatAmount(12.5, 2, 'pt-BR')).toBe('12,50');
  });

  it('converts to the sub-currency the data names', () => {
    expect(formatMoney(1.5, usd, 'en')).toBe('1.50 USD');
    expect(formatMoney(0.0125, btc, 'en')).toBe('12.50 mBTC');
    expect(formatMoney(1500, jpy, 'en')).toBe('1,500 JPY');
    expect(moneyParts(0.0125, btc, 'de')).toEqual({ amount: '12,50', unit: 'mBTC' });
  });

  it('names the currency by its code while its data is missing', () => {
    expect(formatMoney(3, undefined, 'en', { code: 'EUR' })).toBe('3.00 EUR');
    expect(formatMoney(3, undefined, 'en')).toBe('3.00');
  });

  it('signs an amount on request', () => {
    expect(formatMoney(10, usd, 'en', { signed: true })).toBe('+10.00 USD');
    expect(formatMoney(-10, usd, 'en', { signed: true })).toBe('−10.00 USD');
  });
});

describe('multipliers, hundredths and percentages', () => {
  it('writes a multiplier with 2 decimals by default and the × sign', () => {
    expect(formatMultiplier(1.98, 'en')).toBe('1.98×');
    expect(formatMultiplier(1.98, 'de')).toBe('1,98×');
    expect(formatMultiplier(1.98, 'en', { minDecimals: 4 })).toBe('1.9800×');
    expect(formatMultiplier(1.23456, 'en', { maxDecimals: 4 })).toBe('1.2346×');
    expect(formatMultiplier(5.6, 'en', { minDecimals: 0, maxDecimals: 2, bare: true, grouping: false })).toBe('5.6');
  });

  it('rounds a multiplier down when asked, so it never shows more than it pays', () => {
    expect(formatMultiplierBp(19_800, 'en')).toBe('1.98×');
    expect(formatMultiplierBp(990_099, 'en', { floor: true })).toBe('99.00×');
    expect(formatMultiplierBp(990_099, 'en')).toBe('99.01×');
  });

  it('writes hundredths with two decimals', () => {
    expect(formatHundredths(5000, 'en')).toBe('50.00');
    expect(formatHundredths(4950, 'fr')).toBe('49,50');
    expect(formatHundredths(101, 'en')).toBe('1.01');
  });

  it('writes percentages', () => {
    expect(formatPercent(49.5, 'en')).toBe('49.50%');
    expect(formatPercent(96.5, 'en', { minDecimals: 0, maxDecimals: 2 })).toBe('96.5%');
  });
});

describe('dates', () => {
  it('writes a date and time in the locale; null for nothing or nonsense', () => {
    const text = formatDateTime('2026-03-05T14:30:00Z', 'en');
    expect(text).toMatch(/Mar 5, 2026/);
    expect(formatDateTime(new Date('2026-03-05T14:30:00Z'), 'de')).toMatch(/05\.03\.2026/);
    expect(formatDateTime('yesterday', 'en')).toBeNull();
    expect(formatDateTime(null, 'en')).toBeNull();
    expect(formatDateTime('', 'en')).toBeNull();
  });
});
