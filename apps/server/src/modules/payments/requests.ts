import { parseAmount, toMajorAmount, type Currency, type FieldErrors } from '@croupier/contract';
import { AppError } from '../../lib/errors';
import { ruleText } from '../../lib/field-errors';
import { requestHash, type PlayerAccountView, type Wallet } from '../wallet';
import type { AmountBoundsMinor } from './catalogue';
import type { PaymentMethods } from './methods';
import type { InvoiceRow } from './repository';

/** Checks shared by deposit and withdrawal requests. Nothing is written before they pass. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Field errors of a request, gathered so that one 422 reports them all. */
export function requestErrors() {
  const errors: FieldErrors = {};
  return {
    errors,
    add(field: string, message: string) {
      (errors[field] ??= []).push(message);
    },
    merge(more: FieldErrors) {
      for (const [field, messages] of Object.entries(more)) (errors[field] ??= []).push(...messages);
    },
    throwIfAny() {
      const fields = Object.keys(errors);
      if (fields.length > 0) throw AppError.validation(errors, `Invalid ${fields.join(', ')}.`);
    },
  };
}

/**
 * The request amount in minor units, checked against the currency's precision and the
 * bounds (and, for withdrawals, the withdrawable balance); problems go to `amount`.
 */
export function checkAmount(
  raw: unknown,
  currency: Currency,
  bounds: AmountBoundsMinor,
  errors: ReturnType<typeof requestErrors>,
): bigint | null {
  const parsed = parseAmount(raw, currency);
  if (!parsed.ok) {
    errors.add('amount', parsed.message);
    return null;
  }
  if (parsed.amountMinor < bounds.minMinor || parsed.amountMinor > bounds.maxMinor) {
    const major = (minor: bigint) => toMajorAmount(minor, currency);
    errors.add('amount', ruleText('between', { min: major(bounds.minMinor), max: major(bounds.maxMinor) }));
    return null;
  }
  return parsed.amountMinor;
}

/** The player's own account named by the request, in the request's currency; a 422 otherwise. */
export async function ownAccountOrThrow(
  accounts: Wallet['accounts'],
  options: { playerId: string; accountId: string; currency: string },
): Promise<PlayerAccountView> {
  const account = await accounts.findOwn(options.playerId, options.accountId);
  if (!account) throw AppError.validation({ accountId: ['Unknown account.'] }, 'Unknown account.');
  if (account.currency !== options.currency) {
    const message = `The account is in ${account.currency}, not ${options.currency}.`;
    throw AppError.validation({ currency: [message] }, message);
  }
  return account;
}

/**
 * What a deposit or withdrawal request names, checked: its currency, the player's own
 * account in it, the region (the body's, else the visitor's, else the profile's country)
 * and the method offered there.
 */
export async function requestTarget(
  deps: { methods: PaymentMethods; accounts: Wallet['accounts'] },
  direction: 'deposit' | 'withdrawal',
  request: {
    playerId: string;
    body: { currency: string; accountId: string; method: string; country?: string | null | undefined };
    visitorCountry: string | null;
    profileCountry: string | null;
  },
) {
  const { body } = request;
  const currency = await deps.methods.currencyOrThrow(body.currency);
  const account = await ownAccountOrThrow(deps.accounts, {
    playerId: request.playerId,
    accountId: body.accountId,
    currency: currency.code,
  });
  const country = body.country ?? request.visitorCountry ?? request.profileCountry;
  const method = await deps.methods.resolveOrThrow(direction, {
    methodId: body.method,
    currency: currency.code,
    country,
  });
  return { currency, account, country, method };
}

/** SHA-256 of what a retry with the same Idempotency-Key must repeat. */
export function requestHashOf(kind: 'deposit' | 'withdrawal', body: unknown): string {
  return requestHash({ kind, body: JSON.parse(JSON.stringify(body ?? null)) as unknown });
}

/**
 * An earlier request with the same key: its answer, or a 409 when the body differs or
 * the first request has not finished yet (a 502 again when the provider failed it).
 */
export function replayOrThrow<T>(existing: InvoiceRow, hash: string): T {
  if (existing.request_hash !== hash) throw new AppError('IDEMPOTENCY_MISMATCH');
  // The provider could not start it: the retry gets the same answer (a new key starts afresh).
  if (existing.response === null && existing.status_result === 'provider_error') {
    throw new AppError('PAYMENT_PROVIDER_FAILED');
  }
  if (existing.response === null) {
    throw new AppError('CONFLICT', 'The first request with this Idempotency-Key is still being processed.');
  }
  return existing.response as T;
}

/**
 * A return URL of a deposit request: a page of this site (an absolute URL on its origin,
 * or a path), never elsewhere, so that a payment page cannot become an open redirect.
 */
export function returnUrl(
  value: string | null | undefined,
  siteOrigin: string,
  field: string,
  errors: ReturnType<typeof requestErrors>,
): string | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  try {
    const url = new URL(value, siteOrigin);
    if (url.origin === new URL(siteOrigin).origin) return url.toString();
  } catch {
    // reported below
  }
  errors.add(field, 'Must be a page of this site.');
  return null;
}
