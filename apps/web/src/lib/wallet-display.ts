import { AccountStatus, decimalsOf, type Currency, type WalletAccount } from '@croupier/contract';

/**
 * The wallet's pure display rules: display units, rounding, equivalent balances, the
 * payment region (their text is `format.ts`'s). No React here, so that every rule has a
 * unit test. The forms' rules (amount input, method fields, the deposit request) are in
 * features/wallet/form-logic.ts: they need the contract's validation, which brings the
 * phone metadata, and the header balance that every page shows must not load it.
 */

export type CurrencyInfo = Pick<Currency, 'code' | 'subunitToUnit' | 'subCurrencies' | 'type'> & {
  rate?: Pick<Currency['rate'], 'rate'>;
};

/** How amounts of a currency are shown and typed (`displayUnitOf`). */
export interface DisplayUnit {
  /** The code shown (mBTC for BTC). */
  code: string;
  /** Display units per major unit (1, or 1000 for mBTC). */
  factor: number;
  /** Decimals of the display unit: the currency's minus those the factor takes. */
  decimals: number;
}

/**
 * The unit amounts of a currency are shown and typed in: its first sub-currency when the
 * currency data lists one (BTC's mBTC, 1000 to the bitcoin), else the currency itself.
 * A sub-currency whose `subunitToUnit` is not a power of ten is not a display unit.
 */
export function displayUnitOf(currency: CurrencyInfo | undefined, code?: string): DisplayUnit {
  if (!currency) return { code: code ?? '', factor: 1, decimals: 2 };
  const decimals = decimalsOf(currency.subunitToUnit);
  const sub = currency.subCurrencies.find(
    (item) => 10 ** Math.round(Math.log10(item.subunitToUnit)) === item.subunitToUnit,
  );
  if (!sub) return { code: currency.code, factor: 1, decimals };
  return { code: sub.code, factor: sub.subunitToUnit, decimals: Math.max(0, decimals - decimalsOf(sub.subunitToUnit)) };
}

/** Rounds to `decimals` places without binary leftovers (0.1 + 0.2 → 0.3). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
}

/**
 * Rounds down to `decimals` places (a stake or a payout never grows by rounding); the
 * epsilon keeps 0.29 × 100 = 28.999… at 29.
 */
export function floorTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.floor(value * factor + 1e-9) / factor;
}

/** A major-unit amount from the API in display units. */
export function toDisplayAmount(amountMajor: number, unit: DisplayUnit): number {
  return roundTo(amountMajor * unit.factor, unit.decimals);
}

/** A typed display-unit amount back to the API's major units. */
export function fromDisplayAmount(amountDisplay: number, unit: DisplayUnit): number {
  return roundTo(amountDisplay / unit.factor, unit.decimals + Math.log10(unit.factor));
}

/** Bounds of a method (or network) in display units. */
export function displayBounds(bounds: { min: number; max: number }, unit: DisplayUnit): { min: number; max: number } {
  return { min: toDisplayAmount(bounds.min, unit), max: toDisplayAmount(bounds.max, unit) };
}

/**
 * An amount of one currency in another (the equivalent balance, rounded to 2 decimals).
 * `rate.rate` is the number of a currency's minor units worth one major unit of the base
 * currency (docs/api.md, Conventions). Undefined when a rate is missing.
 */
export function convertAmount(amountMajor: number, from: CurrencyInfo, to: CurrencyInfo): number | undefined {
  if (!from.rate?.rate || !to.rate?.rate) return undefined;
  const base = (amountMajor * from.subunitToUnit) / from.rate.rate;
  return roundTo((base * to.rate.rate) / to.subunitToUnit, 2);
}

/** Local-storage key of the equivalent currency. */
export const EQUIVALENT_CURRENCY_KEY = 'equivalentCurrency';
export const DEFAULT_EQUIVALENT_CURRENCY = 'USD';
/** Local-storage key of the payment region the player chose. */
export const PAYMENT_GEO_KEY = 'paymentGeo';

/** The active account (status ACTIVE), else the first. */
export function activeAccount(accounts: readonly WalletAccount[] | undefined): WalletAccount | undefined {
  return accounts?.find((account) => account.status === AccountStatus.ACTIVE) ?? accounts?.[0];
}

export type CurrencyTab = 'all' | 'crypto';

/** The currency list rows: every enabled currency (crypto only on that tab) with its account, if any. */
export function currencyRows(
  currencies: readonly Currency[],
  accounts: readonly WalletAccount[],
  tab: CurrencyTab,
): { currency: Currency; account: WalletAccount | undefined }[] {
  return currencies
    .filter((currency) => currency.type !== 'virtual' && (tab === 'all' || currency.type === 'crypto'))
    .map((currency) => ({ currency, account: accounts.find((account) => account.currency === currency.code) }))
    .sort((a, b) => Number(Boolean(b.account)) - Number(Boolean(a.account)));
}

/** The short profile id of the wallet header: the first dash-separated segment, upper-case. */
export function shortProfileId(profileId: string | undefined): string {
  return (profileId ?? '').split('-')[0]?.toUpperCase() ?? '';
}

/** A localized text of a method (its name, a field's label): the locale, else en, else the first. */
export function localized(texts: Readonly<Record<string, string>> | undefined, locale: string): string {
  if (!texts) return '';
  return texts[locale] ?? texts[locale.split('-')[0] ?? ''] ?? texts.en ?? Object.values(texts)[0] ?? '';
}

/** The payment page URL of a deposit answer with its `fields` as query parameters. */
export function actionUrl(action: string, fields: Readonly<Record<string, string>>): string {
  const url = new URL(action, 'http://placeholder.invalid');
  for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
  return url.origin === 'http://placeholder.invalid' ? `${url.pathname}${url.search}` : url.toString();
}

/** Turn-over progress in percent, rounded to 2 decimals. */
export function turnOverProgress(total: number, remaining: number): number {
  if (total <= 0) return 100;
  const placed = Math.max(0, total - remaining);
  return roundTo(Math.min(100, (placed / total) * 100), 2);
}

// ---------------------------------------------------------------------------
// The first-deposit prompt and the payment region
// ---------------------------------------------------------------------------

/** The wallet the post-registration first-deposit prompt opens: deposit only, no tabs. */
export const FIRST_DEPOSIT_WALLET_PROPS = { tab: 'deposit', depositOnly: true } as const;

/**
 * The region the wallet shows and the one it asks the server for. The detected country
 * (player init) is the default; `country` goes on the wire only when the player picked
 * another one, so that the server's own detection stays in charge.
 */
export function paymentRegion(
  picked: string | null,
  detected: string | null | undefined,
): { shown: string | null; requested: string | null } {
  const shown = picked ?? detected ?? null;
  return { shown, requested: picked !== null && picked !== (detected ?? null) ? picked : null };
}
