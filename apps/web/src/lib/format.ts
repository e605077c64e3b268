import { BP_PER_X } from '@croupier/games';
import { displayUnitOf, floorTo, toDisplayAmount, type CurrencyInfo } from './wallet-display';

/**
 * The web's one way of writing values as text: numbers, money, multipliers, hundredths,
 * percentages and dates, in the locale the caller passes (the active one:
 * `useTranslation().i18n.language`; `components/ui/Money` and `Multiplier` read it
 * themselves). Intl formatters are cached per locale and options, since building one
 * costs far more than using it. Pure, no React. Which unit an amount is shown in (mBTC
 * for BTC) is `wallet-display.ts`'s rule; the text of a typed amount is the amount
 * input's.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, locale: string, options: object, create: (locale?: string) => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    try {
      format = create(locale);
    } catch (error) {
      // A locale tag Intl does not accept falls back to the browser's own; bad options still throw.
      if (!(error instanceof RangeError)) throw error;
      format = create(undefined);
    }
    cache.set(key, format);
  }
  return format;
}

/** A cached `Intl.NumberFormat`. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, locale, options, (tag) => new Intl.NumberFormat(tag, options));
}

/** A cached `Intl.DateTimeFormat`. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(dateFormats, locale, options, (tag) => new Intl.DateTimeFormat(tag, options));
}

export interface NumberOptions {
  /** Fewest decimals shown (default 0). */
  minDecimals?: number;
  /** Most decimals shown (default: minDecimals, at least 3 as Intl does). */
  maxDecimals?: number;
  /** Thousands separators (default on). */
  grouping?: boolean;
  /** Short form for tight spaces: 1.2K, 3.5M. */
  compact?: boolean;
}

/** A plain number in the locale: `formatNumber(1234.5, 'de', { minDecimals: 2 })` → "1.234,50". */
export function formatNumber(value: number, locale: string, options: NumberOptions = {}): string {
  const minimumFractionDigits = options.minDecimals ?? 0;
  const maximumFractionDigits = Math.max(
    minimumFractionDigits,
    options.maxDecimals ?? Math.max(3, minimumFractionDigits),
  );
  return numberFormat(locale, {
    minimumFractionDigits,
    maximumFractionDigits,
    ...(options.grouping === false ? { useGrouping: false } : {}),
    ...(options.compact ? { notation: 'compact' } : {}),
  }).format(value);
}

/**
 * An amount already in its display unit: at least 2 decimals (none for whole-unit
 * currencies), at most the unit's `decimals`.
 */
export function formatAmount(amount: number, decimals: number, locale: string): string {
  return formatNumber(amount, locale, { minDecimals: Math.min(2, decimals), maxDecimals: decimals });
}

/** An amount and the unit it is shown in, apart (for markup that styles them apart). */
export interface MoneyText {
  amount: string;
  unit: string;
}

/**
 * A major-unit amount of a currency in its display unit: `1.50` USD → "1.50" "USD",
 * `0.0125` BTC → "12.50" "mBTC". `code` names the currency when its data is not loaded.
 * `signed` writes "+" or "−" before it (a deposit adds, a withdrawal takes away).
 */
export function moneyParts(
  amountMajor: number,
  currency: CurrencyInfo | undefined,
  locale: string,
  options: { code?: string; signed?: boolean } = {},
): MoneyText {
  const unit = displayUnitOf(currency, options.code);
  const shown = toDisplayAmount(options.signed ? Math.abs(amountMajor) : amountMajor, unit);
  const sign = options.signed ? (amountMajor < 0 ? '−' : '+') : '';
  return { amount: `${sign}${formatAmount(shown, unit.decimals, locale)}`, unit: unit.code };
}

/** `moneyParts` as one text: "12.50 mBTC". */
export function formatMoney(
  amountMajor: number,
  currency: CurrencyInfo | undefined,
  locale: string,
  options: { code?: string; signed?: boolean } = {},
): string {
  const { amount, unit } = moneyParts(amountMajor, currency, locale, options);
  return unit ? `${amount} ${unit}` : amount;
}

export interface MultiplierOptions {
  /** Fewest decimals (default 2). */
  minDecimals?: number;
  /** Most decimals (default minDecimals). */
  maxDecimals?: number;
  /** Round down to maxDecimals instead of to the nearest (a payout never shows more than it pays). */
  floor?: boolean;
  /** Leave out the × sign (a label that shows it elsewhere). */
  bare?: boolean;
  /** Thousands separators (default on). */
  grouping?: boolean;
}

/** A multiplier: `formatMultiplier(1.98, 'en')` → "1.98×". */
export function formatMultiplier(multiplier: number, locale: string, options: MultiplierOptions = {}): string {
  const minDecimals = options.minDecimals ?? 2;
  const maxDecimals = Math.max(minDecimals, options.maxDecimals ?? minDecimals);
  const value = options.floor ? floorTo(multiplier, maxDecimals) : multiplier;
  const text = formatNumber(value, locale, { minDecimals, maxDecimals, grouping: options.grouping });
  return options.bare ? text : `${text}×`;
}

/** A multiplier in integer basis points (the games' unit): 19,800 → "1.98×". */
export function formatMultiplierBp(multiplierBp: number, locale: string, options: MultiplierOptions = {}): string {
  return formatMultiplier(multiplierBp / BP_PER_X, locale, options);
}

/** Hundredths (the games' targets and rolls) with two decimals: 5000 → "50.00". */
export function formatHundredths(hundredths: number, locale: string): string {
  return formatNumber(hundredths / 100, locale, { minDecimals: 2, maxDecimals: 2 });
}

/** A percentage given in percent (49.5 → "49.50%"); decimals as `formatNumber`, 2 fixed by default. */
export function formatPercent(
  percent: number,
  locale: string,
  options: Pick<NumberOptions, 'minDecimals' | 'maxDecimals'> = {},
): string {
  const minDecimals = options.minDecimals ?? 2;
  return `${formatNumber(percent, locale, { minDecimals, maxDecimals: options.maxDecimals ?? minDecimals })}%`;
}

/** A date and time in the locale ("Mar 5, 2026, 2:30 PM"); null for a missing or unreadable value. */
export function formatDateTime(value: string | Date | null | undefined, locale: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
