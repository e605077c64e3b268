import { describe, expect, it } from 'vitest';
import { clampAmountInput, groupSeparator, normalizeAmountInput, parseAmountInput } from './amount-input';

const en2 = { locale: 'en', decimals: 2 };
const de2 = { locale: 'de', decimals: 2 };

describe('amount input', () => {
  it('takes a comma and a point alike as the decimal mark', () => {
    expect(normalizeAmountInput('1,5', en2)).toBe('1.5');
    expect(normalizeAmountInput('1.5', en2)).toBe('1.5');
    expect(normalizeAmountInput('1,5', de2)).toBe('1.5');
    expect(normalizeAmountInput('1.5', de2)).toBe('1.5');
    expect(parseAmountInput('12,25', en2)).toBe(12.25);
  });

  it('keeps digits and one mark, at most the decimals and 10 characters', () => {
    expect(normalizeAmountInput('0012.345', en2)).toBe('12.34');
    expect(normalizeAmountInput('12.', en2)).toBe('12.');
    expect(normalizeAmountInput('12.7', { locale: 'en', decimals: 0 })).toBe('12');
    expect(normalizeAmountInput('abc1e5', en2)).toBe('15');
    expect(normalizeAmountInput('12345678901234', en2)).toBe('1234567890');
    expect(normalizeAmountInput('0.123456789', { locale: 'en', decimals: 5 })).toBe('0.12345');
    expect(normalizeAmountInput(',5', en2)).toBe('0.5');
    expect(normalizeAmountInput('', en2)).toBe('');
  });

  it('drops thousands separators where the reading is unambiguous', () => {
    expect(normalizeAmountInput('1,234.56', en2)).toBe('1234.56');
    expect(normalizeAmountInput('1.234,56', de2)).toBe('1234.56');
    // Both marks: the last one is the decimal mark, whatever the locale.
    expect(normalizeAmountInput('1.234,56', en2)).toBe('1234.56');
    expect(normalizeAmountInput('1,000,000', en2)).toBe('1000000');
    expect(normalizeAmountInput('1.000.000', en2)).toBe('1000000');
    expect(normalizeAmountInput('1 000,5', { locale: 'fr', decimals: 2 })).toBe('1000.5');
    expect(normalizeAmountInput('1\u202f000,5', { locale: 'fr', decimals: 2 })).toBe('1000.5');
    expect(normalizeAmountInput("1'000.5", en2)).toBe('1000.5');
  });

  it("reads the locale's own group separator before three digits as thousands", () => {
    expect(parseAmountInput('1,500', en2)).toBe(1500);
    expect(parseAmountInput('1.500', de2)).toBe(1500);
    // The other mark is the decimal mark there.
    expect(parseAmountInput('1,500', { locale: 'de', decimals: 3 })).toBe(1.5);
    expect(parseAmountInput('1.500', { locale: 'en', decimals: 3 })).toBe(1.5);
    // A leading zero is never grouped: 0,001 is a thousandth.
    expect(parseAmountInput('0,001', { locale: 'en', decimals: 8 })).toBe(0.001);
  });

  it('parses to null when there is no number', () => {
    expect(parseAmountInput('', en2)).toBeNull();
    expect(parseAmountInput('.', en2)).toBeNull();
    expect(parseAmountInput('abc', en2)).toBeNull();
  });

  it('clamps into the bounds on blur; empty becomes the minimum', () => {
    const bounds = { min: 10, max: 1000 };
    expect(clampAmountInput('', bounds, en2)).toBe('10');
    expect(clampAmountInput('5', bounds, en2)).toBe('10');
    expect(clampAmountInput('5000', bounds, en2)).toBe('1000');
    expect(clampAmountInput('25,5', bounds, en2)).toBe('25.5');
    expect(clampAmountInput('0.005', { min: 0, max: 1 }, en2)).toBe('0');
  });

  it("knows each site locale's group separator", () => {
    expect(groupSeparator('en')).toBe(',');
    expect(groupSeparator('de')).toBe('.');
    expect(groupSeparator('pt-BR')).toBe('.');
    expect(groupSeparator('es')).toBe('.');
    expect(groupSeparator('fr')).toMatch(/\s/);
  });
});
