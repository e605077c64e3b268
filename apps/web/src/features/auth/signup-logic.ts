import { hasApiStatus } from '../../lib/api';
import { classifyOtpSendError, classifyPhoneRegistrationError } from './logic';

/**
 * The sign-up modal's decisions as pure functions: which currency a visitor starts with,
 * where the server's field errors go, and what each failed call means for the steps
 * (the form, then for phone registration the verification code). The hook
 * `useRegistration` acts on what these return; the unit tests check them.
 */

/** The visitor's currency when it is offered, else the base currency. */
export function registrationCurrency(
  country: { currency: string },
  currencies: readonly { code: string; isBase?: boolean }[],
): string {
  if (currencies.some((currency) => currency.code === country.currency)) return country.currency;
  return currencies.find((currency) => currency.isBase)?.code ?? country.currency;
}

export interface PlacedServerErrors {
  /** Errors of fields on screen, shown under them. */
  shown: Record<string, string>;
  /** Errors of fields not on screen, joined into the form's alert (null when none). */
  formError: string | null;
  /** The promo code field has an error: its toggle opens. */
  openPromo: boolean;
}

/** 422 field errors onto the form; those of fields not on screen go to the form's alert. */
export function placeServerErrors(
  fields: Readonly<Record<string, string>>,
  onScreen: Iterable<string>,
): PlacedServerErrors {
  const names = new Set(onScreen);
  const shown: Record<string, string> = {};
  const rest: string[] = [];
  for (const [name, message] of Object.entries(fields)) {
    if (names.has(name)) shown[name] = message;
    else rest.push(message);
  }
  return { shown, formError: rest.length > 0 ? rest.join(' ') : null, openPromo: Boolean(shown.bonusCode) };
}

/** The errors without `name`'s (the same object when it had none, so that React skips a render). */
export function withoutError(errors: Record<string, string>, name: string): Record<string, string> {
  if (!(name in errors)) return errors;
  const next = { ...errors };
  delete next[name];
  return next;
}

/** The alert text key (`alerts` namespace) of a failure that is not about fields. */
export function genericErrorKey(error: unknown): 'rateLimited.description' | 'somethingWrong.description' {
  return hasApiStatus(error, 'RATE_LIMITED') ? 'rateLimited.description' : 'somethingWrong.description';
}

/** What a failed code send means: the send limit, field errors (with the one to show at the phone), or a message. */
export type CodeSendOutcome =
  | { kind: 'limit' }
  | { kind: 'fields'; fields: Record<string, string>; phoneMessage: string }
  | { kind: 'error'; message: string };

/** OTP send: 11005 → the limit text, 422 → field errors, else the server's message (empty: the generic one). */
export function codeSendOutcome(error: unknown): CodeSendOutcome {
  const failure = classifyOtpSendError(error);
  if (failure.kind === 'limit') return { kind: 'limit' };
  if (failure.kind === 'fields') {
    return {
      kind: 'fields',
      fields: failure.fields,
      phoneMessage: failure.fields.phone ?? Object.values(failure.fields)[0] ?? '',
    };
  }
  return { kind: 'error', message: failure.message };
}

/** What a failed phone registration means: a wrong code, back to the form with field errors, or a message. */
export type VerifyOutcome =
  { kind: 'invalidCode' } | { kind: 'fields'; fields: Record<string, string> } | { kind: 'error'; message: string };

export function verifyOutcome(error: unknown): VerifyOutcome {
  const failure = classifyPhoneRegistrationError(error);
  if (failure.kind === 'message') return { kind: 'error', message: failure.message };
  return failure;
}
