import { clampNumberOnBlur, NUMBER_INPUT_MAX_LENGTH } from '@croupier/contract';
import { roundTo } from './wallet-display';

/**
 * The one reading of an amount a person types or pastes (the wallet's deposit and
 * withdrawal amounts, AmountField). The field holds canonical text — digits and at most
 * one `.`, no more decimals than the currency has — so that what is shown, validated and
 * sent is the same number:
 * - `1,5` and `1.5` both mean one and a half (a comma is a decimal mark too);
 * - thousands separators are dropped where the reading is unambiguous: both marks present
 *   (`1,234.5`, `1.234,5`: the last one is the decimal mark), one mark repeated
 *   (`1,000,000`), spaces and apostrophes between digits (`1 000`, `1'000`), or the
 *   locale's own group separator followed by exactly three digits (`1,500` in English,
 *   `1.500` in German);
 * - at most `decimals` digits after the mark, at most 10 characters in all.
 */

export interface AmountInputOptions {
  /** BCP 47 locale of the page, for its thousands separator. */
  locale: string;
  /** Decimals of the currency or display unit (0 → whole numbers only). */
  decimals: number;
}

const groupSeparators = new Map<string, string>();

/** The locale's thousands separator (`,` in English, `.` in German, a narrow space in French). */
export function groupSeparator(locale: string): string {
  let separator = groupSeparators.get(locale);
  if (separator === undefined) {
    try {
      separator =
        new Intl.NumberFormat(locale).formatToParts(1234567).find((part) => part.type === 'group')?.value ?? ',';
    } catch {
      separator = ',';
    }
    groupSeparators.set(locale, separator);
  }
  return separator;
}

/** Where the decimal mark is in `text` (only digits, `.` and `,`), or -1 when there is none. */
function decimalMarkIndex(text: string, locale: string): number {
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) return Math.max(lastDot, lastComma);
  const index = Math.max(lastDot, lastComma);
  if (index < 0) return -1;
  const mark = text.charAt(index);
  // The same mark more than once can only be grouping (1,000,000).
  if (text.indexOf(mark) !== index) return -1;
  const before = text.slice(0, index);
  const after = text.slice(index + 1);
  const localeGroups = groupSeparator(locale) === mark;
  if (localeGroups && /^\d{3}$/.test(after) && /^[1-9]\d{0,2}$/.test(before)) return -1;
  return index;
}

/**
 * The text an amount field holds after a change: canonical (see above). A trailing mark
 * is kept while typing (`12.`), so that the next digit can follow it.
 */
export function normalizeAmountInput(value: string, options: AmountInputOptions): string {
  // Spaces (also no-break and narrow no-break) and apostrophes only group digits.
  const cleaned = value.replace(/[\s\u00a0\u202f'’]/g, '').replace(/[^\d.,]/g, '');
  const markAt = decimalMarkIndex(cleaned, options.locale);
  const integerText = (markAt < 0 ? cleaned : cleaned.slice(0, markAt)).replace(/\D/g, '');
  const fractionText = markAt < 0 ? null : cleaned.slice(markAt + 1).replace(/\D/g, '');
  const integer = integerText.replace(/^0+(?=\d)/, '');
  let result = integer;
  if (fractionText !== null && options.decimals > 0) {
    result = `${integer === '' ? '0' : integer}.${fractionText.slice(0, options.decimals)}`;
  }
  return result.slice(0, NUMBER_INPUT_MAX_LENGTH);
}

/** The number an amount text means, or null when it holds none. */
export function parseAmountInput(value: string, options: AmountInputOptions): number | null {
  if (!/\d/.test(value)) return null;
  const amount = Number(normalizeAmountInput(value, options));
  return Number.isFinite(amount) ? amount : null;
}

/** On blur: empty or below the minimum → the minimum; above the maximum → the maximum. */
export function clampAmountInput(
  value: string,
  bounds: { min: number; max: number },
  options: AmountInputOptions,
): string {
  const amount = parseAmountInput(value, options);
  return String(roundTo(clampNumberOnBlur(amount, bounds.min, bounds.max), options.decimals));
}
