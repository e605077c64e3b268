/**
 * Field-level rules (registration, profile, password forms, sign-in, wallet
 * fields and amounts) and the input sanitisers the forms apply while typing. The server
 * builds its request schemas from the same table (zod.ts), so a value the form accepts
 * is never refused by the API for a rule reason, and the reverse.
 */
import { ruleFailure, type ValidationFailure } from './messages';
import {
  isCpf,
  isDate,
  isEmail,
  isEmpty,
  isInteger,
  isMinLength,
  isPresent,
  matchesRegex,
  parsePhone,
  toFiniteNumber,
} from './rules';

export type FieldValues = Readonly<Record<string, unknown>>;

interface FieldCheck {
  /** The other field this check reads; such checks need the whole form. */
  readonly crossField?: string;
  readonly run: (value: unknown, values: FieldValues) => ValidationFailure | null;
}

interface FieldRuleSet {
  readonly required: boolean;
  readonly checks: readonly FieldCheck[];
}

function minLength(min: number): FieldCheck {
  return { run: (value) => (isMinLength(value, min) ? null : ruleFailure('minLength', { min })) };
}

/**
 * Equal to another field. Unlike the generic `isSameAs` it does not pass on an empty
 * value: an empty confirmation of a filled password is a mismatch even when the
 * confirmation itself is optional.
 */
function sameAsField(other: string): FieldCheck {
  return {
    crossField: other,
    run: (value, values) => {
      const target = values[other];
      const same = value === target || (isEmpty(value) && isEmpty(target));
      return same ? null : ruleFailure('sameAs', { param: other });
    },
  };
}

const phoneCheck: FieldCheck = {
  run: (value) => {
    if (isEmpty(value)) return null;
    const result = parsePhone(value);
    return result.ok ? null : ruleFailure('phone', { kind: result.error });
  },
};

function simple(rule: 'email' | 'date' | 'integer' | 'cpf', predicate: (value: unknown) => boolean): FieldCheck {
  return { run: (value) => (predicate(value) ? null : ruleFailure(rule)) };
}

export const fieldRules = {
  password: { required: false, checks: [minLength(6)] },
  newPassword: { required: true, checks: [minLength(6)] },
  password_confirmation: { required: true, checks: [sameAsField('password')] },
  repeatNewPassword: { required: true, checks: [sameAsField('newPassword')] },
  currentPassword: { required: true, checks: [] },
  firstName: { required: false, checks: [minLength(2)] },
  lastName: { required: false, checks: [minLength(2)] },
  personalIdNumber: { required: false, checks: [minLength(2)] },
  email: { required: false, checks: [simple('email', isEmail)] },
  phone: { required: false, checks: [phoneCheck] },
  birthdate: { required: false, checks: [simple('date', isDate)] },
  age: { required: false, checks: [simple('integer', isInteger)] },
  cpf_number: { required: false, checks: [simple('cpf', isCpf)] },
} as const satisfies Record<string, FieldRuleSet>;

export type RuledFieldName = keyof typeof fieldRules;

export function isRuledField(name: string): name is RuledFieldName {
  return Object.hasOwn(fieldRules, name);
}

/** Fields whose rules read another field: when the key changes, revalidate the listed fields. */
export const dependentFields: Readonly<Record<string, readonly RuledFieldName[]>> = {
  password: ['password_confirmation'],
  newPassword: ['repeatNewPassword'],
};

/** The changed field followed by the fields that depend on it. */
export function fieldsToRevalidate(changed: string): string[] {
  return [changed, ...(dependentFields[changed] ?? [])];
}

export interface ValidateFieldOptions {
  /** The server's field rule (scenario registration or profile); overrides the default. */
  isRequired?: boolean;
  /** Skip checks that read other fields, for validating one value on its own. */
  skipCrossField?: boolean;
}

/**
 * The first failure of a field, or null. Fields without rules of their own (nickname,
 * city...) are only checked for presence when required.
 */
export function validateField(
  name: string,
  value: unknown,
  values: FieldValues = {},
  options: ValidateFieldOptions = {},
): ValidationFailure | null {
  const ruleSet: FieldRuleSet | undefined = isRuledField(name) ? fieldRules[name] : undefined;
  const required = options.isRequired ?? ruleSet?.required ?? false;
  const present = isPresent(value);
  if (!present && required) return ruleFailure('required');
  for (const check of ruleSet?.checks ?? []) {
    if (check.crossField !== undefined && options.skipCrossField) continue;
    // A missing optional value only matters to checks that compare it with another field.
    if (!present && check.crossField === undefined) continue;
    const result = check.run(value, values);
    if (result) return result;
  }
  return null;
}

/**
 * Every failing field of a form, keyed by name. `required` holds the server's flags by
 * field name (fields missing from it keep their defaults).
 */
export function validateFields(
  values: FieldValues,
  names: readonly string[] = Object.keys(values),
  required: Readonly<Record<string, boolean>> = {},
): Record<string, ValidationFailure> {
  const failures: Record<string, ValidationFailure> = {};
  for (const name of names) {
    const isRequired = required[name];
    const result = validateField(name, values[name], values, isRequired === undefined ? {} : { isRequired });
    if (result) failures[name] = result;
  }
  return failures;
}

// ---------------------------------------------------------------------------
// Sign-in
// ---------------------------------------------------------------------------

export type LoginType = 'email' | 'phone';

export interface SignInOptions {
  /** The active tab; e-mail unless the settings say otherwise. */
  loginType?: LoginType;
}

export function validateSignInField(
  name: 'login' | 'password',
  value: unknown,
  options: SignInOptions = {},
): ValidationFailure | null {
  if (!isPresent(value)) return ruleFailure('required');
  if (name === 'password') return null;
  if ((options.loginType ?? 'email') === 'phone') {
    const result = parsePhone(value);
    return result.ok ? null : ruleFailure('phone', { kind: result.error });
  }
  return isEmail(value) ? null : ruleFailure('email');
}

export function validateSignIn(
  values: { login?: unknown; password?: unknown },
  options: SignInOptions = {},
): { login: ValidationFailure | null; password: ValidationFailure | null } {
  return {
    login: validateSignInField('login', values.login, options),
    password: validateSignInField('password', values.password, options),
  };
}

export type VisibleFieldError =
  { source: 'rule'; failure: ValidationFailure } | { source: 'server'; message: string } | null;

/**
 * What a field shows: its own rule failure first, else the server's message. The form
 * drops the server message when the field gets focus.
 */
export function visibleFieldError(
  ownFailure: ValidationFailure | null,
  serverMessage: string | null | undefined,
): VisibleFieldError {
  if (ownFailure) return { source: 'rule', failure: ownFailure };
  if (serverMessage) return { source: 'server', message: serverMessage };
  return null;
}

// ---------------------------------------------------------------------------
// Dynamic payment-method fields
// ---------------------------------------------------------------------------

export interface DynamicFieldDefinition {
  key: string;
  isRequired?: boolean;
  /** Pattern configured on the method or network, bare or in /literal/flags form. */
  regexp?: string | null;
}

/**
 * A payment-method field: required when flagged; the `phone` key gets the phone rule,
 * `cpf_number` the CPF rule, any other key its configured pattern. Also used for the
 * withdrawal wallet_id with the selected network's or option's pattern.
 */
export function validateDynamicField(field: DynamicFieldDefinition, value: unknown): ValidationFailure | null {
  if (!isPresent(value)) return field.isRequired ? ruleFailure('required') : null;
  if (field.key === 'phone') return phoneCheck.run(value, {});
  if (field.key === 'cpf_number') return isCpf(value) ? null : ruleFailure('cpf');
  if (field.regexp) return matchesRegex(value, field.regexp) ? null : ruleFailure('regex');
  return null;
}

/** Payment requests carry the phone with a leading plus; the form holds digits only. */
export function withPlusPrefix(phone: string): string {
  const trimmed = phone.trim();
  return trimmed === '' || trimmed.startsWith('+') ? trimmed : `+${trimmed}`;
}

// ---------------------------------------------------------------------------
// Amounts (major units, as typed in the wallet)
// ---------------------------------------------------------------------------

export interface AmountBounds {
  min?: number | null;
  max?: number | null;
}

/** Inside the bounds, both included; a missing bound does not limit (bonus fit, presets). */
export function isWithinBounds(amount: number, bounds: AmountBounds): boolean {
  if (!Number.isFinite(amount)) return false;
  if (bounds.min != null && amount < bounds.min) return false;
  if (bounds.max != null && amount > bounds.max) return false;
  return true;
}

/** Presets a method offers that lie within its (or the network's) bounds. */
export function presetsWithinBounds<T extends { amount: number }>(presets: readonly T[], bounds: AmountBounds): T[] {
  return presets.filter((preset) => isWithinBounds(preset.amount, bounds));
}

/** The amount moved into the bounds (for the displayed deposit amount). */
export function clampToBounds(amount: number, bounds: AmountBounds): number {
  let result = amount;
  if (bounds.min != null && result < bounds.min) result = bounds.min;
  if (bounds.max != null && result > bounds.max) result = bounds.max;
  return result;
}

/**
 * A deposit or withdrawal amount. Out of bounds reports `between` (or `min`/`max` when
 * only one bound exists); for withdrawals `balance` is the account's withdrawalBalance,
 * which the amount may not exceed.
 */
export function validateAmount(
  value: unknown,
  bounds: AmountBounds & { balance?: number | null } = {},
): ValidationFailure | null {
  if (!isPresent(value)) return ruleFailure('required');
  const amount = toFiniteNumber(value);
  if (amount === null) return ruleFailure('decimal');
  const { min, max, balance } = bounds;
  if (!isWithinBounds(amount, { min, max })) {
    if (min != null && max != null) return ruleFailure('between', { min, max });
    return min != null && amount < min ? ruleFailure('min', { min }) : ruleFailure('max', { max: max ?? 0 });
  }
  if (balance != null && amount > balance) return ruleFailure('max', { max: balance });
  return null;
}

// ---------------------------------------------------------------------------
// Input sanitisers
// ---------------------------------------------------------------------------

export const OTP_LENGTH = 6;
export const PHONE_MAX_DIGITS = 12;
export const NUMBER_INPUT_MAX_LENGTH = 10;

/**
 * The completed one-time code: digits only, and cleared when it is not exactly 6
 * digits long.
 */
export function sanitizeOtpInput(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === OTP_LENGTH ? digits : '';
}

/** The phone number part: digits only, at most 12. */
export function sanitizePhoneDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
}

/**
 * An amount being typed: digits and one decimal point (a comma counts as the point, so
 * "10,5" does not become 105), integer-part leading zeros removed ("007" → "7",
 * "00.5" → "0.5"), at most 10 characters. A trailing point is kept while typing.
 */
export function sanitizeNumberInput(value: string): string {
  const cleaned = value.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  const integer = point < 0 ? cleaned : cleaned.slice(0, point);
  const fraction = point < 0 ? null : cleaned.slice(point + 1).replace(/\./g, '');
  const stripped = integer.replace(/^0+(?=\d)/, '');
  return (fraction === null ? stripped : `${stripped}.${fraction}`).slice(0, NUMBER_INPUT_MAX_LENGTH);
}

/** On blur: an empty value or one below the minimum becomes the minimum; above the maximum, the maximum. */
export function clampNumberOnBlur(value: string | number | null | undefined, min: number, max?: number | null): number {
  const amount = toFiniteNumber(value);
  if (amount === null || amount < min) return min;
  if (max != null && amount > max) return max;
  return amount;
}

export type PasswordStrength = 'weak' | 'good' | 'strong';

/** 1-2 characters weak, 3-4 good, more than 4 strong, nothing for an empty value. */
export function passwordStrength(value: string | null | undefined): PasswordStrength | null {
  const length = value ? [...value].length : 0;
  if (length === 0) return null;
  if (length <= 2) return 'weak';
  if (length <= 4) return 'good';
  return 'strong';
}
