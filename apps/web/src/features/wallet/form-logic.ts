import {
  presetsWithinBounds,
  validateAmount,
  validateDynamicField,
  withPlusPrefix,
  type AmountBounds,
  type DepositRequest,
  type PaymentField,
  type PaymentFieldOption,
  type PaymentMethod,
  type ValidationFailure,
  type WalletAccount,
} from '@croupier/contract';
import { displayBounds, toDisplayAmount, type DisplayUnit } from '../../lib/wallet-display';

/**
 * The wallet forms' rules: the amount input, the method fields and the deposit request.
 * Only the lazily loaded deposit and withdraw forms use them (see logic.ts for why apart).
 */

// ---------------------------------------------------------------------------
// The amount (deposit and withdraw amounts; typing and parsing: lib/amount-input.ts)
// ---------------------------------------------------------------------------

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
 * The body of `POST /api/payment/invoices/deposit`. `bonusId` is the bonus picker's choice
 * (features/bonuses); without one the deposit declines explicitly (`bonusId` null,
 * `isBonusDecline` true) rather than leaving the server to guess (docs/bonuses.md).
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

// ---------------------------------------------------------------------------
// The forms' resolver input (react-hook-form over the contract's rules)
// ---------------------------------------------------------------------------

/** Values of the deposit and withdraw forms: the amount text (display units) and the method's fields. */
export interface WalletFormValues {
  amount: string;
  fields: FieldValues;
}

/**
 * Every failure of a wallet form by path (`amount`, `fields.<key>`): the amount within the
 * bounds of the selected network or option (and, for withdrawals, the withdrawable
 * `balance`), each method field by its rule. `withAmount: false` for the crypto deposit,
 * whose amount is the payer's.
 */
export function walletFormFailures(
  method: PaymentMethod,
  unit: DisplayUnit,
  values: WalletFormValues,
  options: { balance?: number | null; withAmount?: boolean } = {},
): Record<string, ValidationFailure> {
  const failures: Record<string, ValidationFailure> = {};
  if (options.withAmount !== false) {
    const bounds = displayBounds(methodBounds(method, boundsOption(method.fields, values.fields)), unit);
    const amount = amountFailure(values.amount, { ...bounds, balance: options.balance ?? null });
    if (amount) failures.amount = amount;
  }
  for (const [key, failure] of Object.entries(fieldFailures(method.fields, values.fields))) {
    failures[`fields.${key}`] = failure;
  }
  return failures;
}
