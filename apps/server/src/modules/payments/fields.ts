import { messageFor, ruleFailure, validateDynamicField, withPlusPrefix, type FieldErrors } from '@croupier/contract';
import type { AmountBoundsMinor, MethodInCurrency, StoredField } from './catalogue';

/**
 * The dynamic fields of a payment request checked against the method's definition
 * (deposit and withdraw): required fields, the phone and CPF rules,
 * each field's pattern, select values among their options, and `wallet_id` against the
 * selected network's `regex` or the selected `currencyWithdraw` option's `regexp`. A
 * selected option with bounds of its own replaces the method's amount bounds.
 */

export interface CheckedFields {
  /** The known fields, trimmed; the phone with its '+'. Unknown keys are dropped. */
  values: Record<string, string | null>;
  /** The amount bounds that apply (a selected option's, else the method's). */
  bounds: AmountBoundsMinor;
  /** Problems per field key (422 field errors are keyed by the field's `key`). */
  errors: FieldErrors;
}

type Values = Readonly<Record<string, string | null>> | null | undefined;

function normalise(field: StoredField, raw: string | null | undefined): string | null {
  if (raw === undefined || raw === null) return null;
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  if (field.key === 'phone') return withPlusPrefix(trimmed.replace(/[\s()-]/g, ''));
  return trimmed;
}

/** The option a select field has selected, if its value is one of them. */
function selectedOption(field: StoredField, value: string | null) {
  return field.options?.find((option) => option.id === (value ?? ''));
}

export function checkMethodFields(method: MethodInCurrency, input: Values): CheckedFields {
  const values: Record<string, string | null> = {};
  const errors: FieldErrors = {};
  const fail = (key: string, message: string) => (errors[key] ??= []).push(message);

  for (const field of method.fields) values[field.key] = normalise(field, input?.[field.key]);

  // Patterns and bounds that the selected options bring.
  let walletPattern: string | undefined;
  let bounds = method.bounds;
  for (const field of method.fields) {
    if (!field.options) continue;
    const option = selectedOption(field, values[field.key] ?? null);
    if (!option) continue;
    walletPattern ??= option.regex ?? option.regexp;
    const optionBounds = method.optionBounds.get(option.id);
    if (optionBounds && bounds === method.bounds) bounds = optionBounds;
  }

  for (const field of method.fields) {
    const value = values[field.key] ?? null;
    if (value !== null && [...value].length > field.maxLength) {
      fail(field.key, messageFor(ruleFailure('maxLength', { max: field.maxLength })));
      continue;
    }
    if (field.options && value !== null && !selectedOption(field, value)) {
      fail(field.key, messageFor(ruleFailure('invalid')));
      continue;
    }
    const regexp = field.key === 'wallet_id' && walletPattern ? walletPattern : field.regexp;
    const failure = validateDynamicField({ key: field.key, isRequired: field.isRequired, regexp }, value);
    if (failure) fail(field.key, messageFor(failure));
  }

  return { values, bounds, errors };
}
