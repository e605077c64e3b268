import {
  clampNumberOnBlur,
  decimalsOf,
  presetsWithinBounds,
  sanitizeNumberInput,
  validateAmount,
  validateDynamicField,
  withPlusPrefix,
  type AmountBounds,
  type Currency,
  type DepositRequest,
  type PaymentField,
  type PaymentFieldOption,
  type PaymentMethod,
  type ValidationFailure,
  type WalletAccount,
} from '@croupier/contract';

/**
 * The wallet's pure rules: display units, equivalent balances, the amount input and the
 * method fields. No React here, so that every rule has a unit test.
 */

export type CurrencyInfo = Pick<Currency, 'code' | 'subunitToUnit' | 'subCurrencies' | 'type'> & {
  rate?: Pick<Currency['rate'], 'rate'>;
};

/** How amounts of a currency are shown and typed: BTC and ETH in their thousandth sub-unit. */
export interface DisplayUnit {
  /** The code shown (mBTC for BTC). */
  code: string;
  /** Display units per major unit (1, or 1000 for mBTC). */
  factor: number;
  /** Decimals of the display unit: the currency's minus those the factor takes. */
  decimals: number;
}

/** The currencies shown in a milli sub-unit (mBTC, mETH). */
const MILLI_CURRENCIES = new Set(['BTC', 'ETH']);
const MILLI = 1000;

export function displayUnitOf(currency: CurrencyInfo | undefined, code?: string): DisplayUnit {
  if (!currency) return { code: code ?? '', factor: 1, decimals: 2 };
  const decimals = decimalsOf(currency.subunitToUnit);
  const milli = MILLI_CURRENCIES.has(currency.code)
    ? currency.subCurrencies.find((sub) => sub.subunitToUnit === MILLI)
    : undefined;
  if (!milli) return { code: currency.code, factor: 1, decimals };
  return { code: milli.code, factor: MILLI, decimals: Math.max(0, decimals - 3) };
}

/** Rounds to `decimals` places without binary leftovers (0.1 + 0.2 → 0.3). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
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

/** An amount for the screen: at least 2 decimals (none for whole-unit currencies), at most the unit's. */
export function formatAmount(amount: number, decimals: number, locale = 'en'): string {
  const minimum = Math.min(2, decimals);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: minimum, maximumFractionDigits: decimals }).format(
    amount,
  );
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

/** The active account (status 1), else the first. */
export function activeAccount(accounts: readonly WalletAccount[] | undefined): WalletAccount | undefined {
  return accounts?.find((account) => account.status === 1) ?? accounts?.[0];
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

// ---------------------------------------------------------------------------
// The amount input (deposit and withdraw amounts)
// ---------------------------------------------------------------------------

/**
 * An amount being typed: the shared sanitiser (digits, one point, no leading zeros, 10
 * characters), then no more decimals than the display unit has.
 */
export function sanitizeAmountInput(value: string, decimals: number): string {
  const sanitized = sanitizeNumberInput(value);
  const point = sanitized.indexOf('.');
  if (point < 0) return sanitized;
  if (decimals === 0) return sanitized.slice(0, point);
  return sanitized.slice(0, point + 1 + decimals);
}

/** On blur: empty or below the minimum → the minimum; above the maximum → the maximum. */
export function clampAmountInput(value: string, bounds: { min: number; max: number }, decimals: number): string {
  return String(roundTo(clampNumberOnBlur(value, bounds.min, bounds.max), decimals));
}

/** Bounds of the amount: the selected network's or option's when it has them, else the method's. */
export function methodBounds(method: PaymentMethod, option?: PaymentFieldOption): { min: number; max: number } {
  if (option && (option.minAmount > 0 || option.maxAmount > 0)) {
    return { min: option.minAmount, max: option.maxAmount > 0 ? option.maxAmount : method.amountMax };
  }
  return { min: method.amountMin, max: method.amountMax };
}

/** Presets within the bounds, in display units; the default one first picked. */
export function displayPresets(method: PaymentMethod, bounds: { min: number; max: number }, unit: DisplayUnit) {
  return presetsWithinBounds(method.presets, bounds).map((preset) => ({
    amount: toDisplayAmount(preset.amount, unit),
    default: preset.default,
  }));
}

/** The first amount a deposit form shows: the default preset, else the minimum (display units). */
export function initialAmount(method: PaymentMethod, bounds: { min: number; max: number }, unit: DisplayUnit): string {
  const presets = displayPresets(method, bounds, unit);
  const preset = presets.find((item) => item.default) ?? presets[0];
  return String(preset ? preset.amount : toDisplayAmount(bounds.min, unit));
}

/** The amount's failure (display units); withdrawals also stay within the withdrawable balance. */
export function amountFailure(
  value: string,
  bounds: AmountBounds & { balance?: number | null },
): ValidationFailure | null {
  return validateAmount(value, bounds);
}

// ---------------------------------------------------------------------------
// Dynamic method fields (deposit and withdraw)
// ---------------------------------------------------------------------------

export const NETWORK_FIELD = 'crypto_network';
export const CURRENCY_WITHDRAW_FIELD = 'currencyWithdraw';
export const WALLET_ID_FIELD = 'wallet_id';

export type FieldValues = Record<string, string>;

/** The selected option of a select field, by the value held for it. */
export function selectedOption(field: PaymentField | undefined, values: FieldValues): PaymentFieldOption | undefined {
  if (!field?.options) return undefined;
  return field.options.find((option) => option.id === values[field.key]);
}

/** The option whose bounds and pattern apply: the network, else the currencyWithdraw option. */
export function boundsOption(fields: readonly PaymentField[], values: FieldValues): PaymentFieldOption | undefined {
  const network = fields.find((field) => field.key === NETWORK_FIELD);
  const option = selectedOption(network, values);
  if (option) return option;
  return selectedOption(
    fields.find((field) => field.key === CURRENCY_WITHDRAW_FIELD),
    values,
  );
}

/**
 * The failure of one field. wallet_id is required and takes the selected network's regex
 * or the currencyWithdraw option's regexp; the rest follow the shared dynamic-field rule.
 */
export function fieldFailure(
  field: PaymentField,
  values: FieldValues,
  fields: readonly PaymentField[],
): ValidationFailure | null {
  const value = values[field.key] ?? '';
  if (field.key === WALLET_ID_FIELD) {
    const network = selectedOption(
      fields.find((item) => item.key === NETWORK_FIELD),
      values,
    );
    const currencyOption = selectedOption(
      fields.find((item) => item.key === CURRENCY_WITHDRAW_FIELD),
      values,
    );
    const regexp = network?.regex || currencyOption?.regexp || field.regexp;
    return validateDynamicField({ key: field.key, isRequired: true, regexp }, value);
  }
  return validateDynamicField({ key: field.key, isRequired: field.isRequired, regexp: field.regexp }, value);
}

/** Initial values: the prefilled ones, and a select's first option. */
export function initialFieldValues(fields: readonly PaymentField[]): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    values[field.key] = field.value ?? (field.fieldType === 'select' ? (field.options?.[0]?.id ?? '') : '');
  }
  return values;
}

/**
 * The fields a form shows: sorted by position; a prefilled field that is already valid is
 * hidden unless the public setting says to show filled fields.
 */
export function visibleFields(fields: readonly PaymentField[], showFilledFields: boolean): PaymentField[] {
  return [...fields]
    .sort((a, b) => a.position - b.position)
    .filter(
      (field) => showFilledFields || !field.value || fieldFailure(field, initialFieldValues(fields), fields) !== null,
    );
}

/** Every field's failure, keyed by field key (only failing ones). */
export function fieldFailures(fields: readonly PaymentField[], values: FieldValues): Record<string, ValidationFailure> {
  const failures: Record<string, ValidationFailure> = {};
  for (const field of fields) {
    const failure = fieldFailure(field, values, fields);
    if (failure) failures[field.key] = failure;
  }
  return failures;
}

/** The request's fields: the phone with a plus prefix, empty values left out. */
export function requestFields(values: FieldValues): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === '') continue;
    result[key] = key === 'phone' ? withPlusPrefix(value) : value;
  }
  return result;
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
// The deposit request and the payment region
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

/** `url` with `name=true` in its query. */
export function withQueryFlag(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, 'true');
  return parsed.toString();
}

/**
 * The return URLs of a deposit: flagged site URLs for form methods, which
 * alone send `redirectUrl`; a crypto address method sends the current page for both.
 */
export function depositReturnUrls(
  methodType: PaymentMethod['type'],
  siteUrl: string,
  currentUrl: string,
): Pick<DepositRequest, 'redirectSuccessUrl' | 'redirectErrorUrl' | 'redirectUrl'> {
  if (methodType === 'address') return { redirectSuccessUrl: currentUrl, redirectErrorUrl: currentUrl };
  return {
    redirectSuccessUrl: withQueryFlag(siteUrl, 'deposit-success'),
    redirectErrorUrl: withQueryFlag(siteUrl, 'deposit-error'),
    ...(methodType === 'form' ? { redirectUrl: withQueryFlag(siteUrl, 'deposit-redirect') } : {}),
  };
}

/**
 * The body of `POST /api/payment/invoices/deposit`. Until the bonus picker exists no bonus
 * is ever chosen, so the web always declines explicitly (`bonusId` null, `isBonusDecline`
 * true) rather than leaving the server to guess.
 */
export function depositRequestBody(input: {
  method: PaymentMethod;
  account: Pick<WalletAccount, 'id' | 'currency'>;
  amountMajor: number;
  country: string | null;
  values: FieldValues;
  siteUrl: string;
  currentUrl: string;
  bonusId?: string | null;
}): DepositRequest {
  const bonusId = input.bonusId ?? null;
  return {
    method: input.method.method,
    currency: input.account.currency,
    accountId: input.account.id,
    amount: input.amountMajor,
    ...(input.country ? { country: input.country } : {}),
    ...depositReturnUrls(input.method.type, input.siteUrl, input.currentUrl),
    bonusId,
    isBonusDecline: bonusId === null,
    fields: requestFields(input.values),
  };
}
