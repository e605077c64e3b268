import type { Currency, PaymentMethod, Profile } from '@croupier/contract';
import { AppError } from '../../lib/errors';
import {
  isOfferedIn,
  toMethodInCurrency,
  toPaymentMethod,
  type MethodInCurrency,
  type PrefillValues,
} from './catalogue';
import type { CurrencyLookup } from './currencies';
import type { ProviderRegistry } from './provider';
import type { PaymentsRepository } from './repository';

export type Direction = 'deposit' | 'withdrawal';

const UNAVAILABLE_CURRENCY = 'This currency is not available.';
const UNAVAILABLE_METHOD = 'This payment method is not available.';

export function unavailableCurrency(): AppError {
  return AppError.validation({ currency: [UNAVAILABLE_CURRENCY] }, UNAVAILABLE_CURRENCY);
}

/** Profile values the fields of a method may be pre-filled with. */
export function prefillOf(profile: Profile): PrefillValues {
  return { phone: profile.phone, email: profile.email, firstName: profile.firstName, lastName: profile.lastName };
}

/**
 * The method catalogue as players see it: the methods of one direction and currency,
 * offered in the player's country, whose provider is registered (a method of a provider
 * that is not configured, such as the sandbox in production, is not offered).
 */
export function createPaymentMethods(deps: {
  repository: PaymentsRepository;
  providers: ProviderRegistry;
  currencies: CurrencyLookup;
  /** Prefix of logo URLs (PUBLIC_URL, or '' for root-relative paths). */
  assetBase: string;
}) {
  const { repository, providers, currencies } = deps;
  const { db } = repository;

  const offered = (method: MethodInCurrency, country: string | null) =>
    providers.get(method.provider) !== undefined && isOfferedIn(method, country);

  return {
    /** The currency of a request, or a 422 on `currency`. */
    async currencyOrThrow(code: string): Promise<Currency> {
      const currency = await currencies.payable(code);
      if (!currency) throw unavailableCurrency();
      return currency;
    },

    async list(
      direction: Direction,
      options: { currency: Currency; country: string | null; prefill: PrefillValues },
    ): Promise<PaymentMethod[]> {
      const rows = await repository.listMethods(db, direction, options.currency.code);
      return rows
        .map(toMethodInCurrency)
        .filter((method) => offered(method, options.country))
        .map((method) =>
          toPaymentMethod(method, {
            subunitToUnit: BigInt(options.currency.subunitToUnit),
            assetBase: deps.assetBase,
            prefill: options.prefill,
          }),
        );
    },

    /** The method a request names, offered in its currency and country, or a 422 on `method`. */
    async resolveOrThrow(
      direction: Direction,
      options: { methodId: string; currency: string; country: string | null },
    ): Promise<MethodInCurrency> {
      const row = await repository.findMethod(db, options.methodId, direction, options.currency);
      const method = row ? toMethodInCurrency(row) : undefined;
      if (!method || !offered(method, options.country)) {
        throw AppError.validation({ method: [UNAVAILABLE_METHOD] }, UNAVAILABLE_METHOD);
      }
      return method;
    },
  };
}

export type PaymentMethods = ReturnType<typeof createPaymentMethods>;
