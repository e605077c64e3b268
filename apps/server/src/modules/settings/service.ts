import {
  minorToMajor,
  type Constants,
  type Country,
  type Currency,
  type Locale,
  type PlayerInit,
} from '@croupier/contract';
import type { Config } from '../../config';
import { buildConstants } from './constants';
import type { CountryRow, CurrencyRow, LocaleRow, SettingsRepository } from './repository';
import { cached } from '../../lib/cached';

/** Settings change rarely; each process keeps them this long before reading again. */
const CACHE_TTL_MS = 30_000;

export function toCurrency(row: CurrencyRow): Currency {
  return {
    code: row.code,
    name: row.name,
    symbol: row.symbol,
    type: row.type,
    isEnabled: row.is_enabled,
    isBase: row.is_base,
    subunitToUnit: Number(row.subunit_to_unit),
    rate: { rate: Number(row.rate), rateTime: row.rate_time.toISOString() },
    subCurrencies: row.sub_currencies,
  };
}

function toLocale(row: LocaleRow): Locale {
  return {
    code: row.code,
    name: row.name,
    nativeName: row.native_name,
    languageCode: row.language_code,
    isDefault: row.is_default,
  };
}

function toCountry(row: CountryRow): Country {
  const restrictType = row.restrict && (row.restrict_type === 1 || row.restrict_type === 2) ? row.restrict_type : null;
  return {
    code: row.code,
    name: row.name,
    nativeName: row.native_name,
    phonePrefix: row.phone_prefix,
    currency: row.currency,
    locale: row.locale,
    additionalCurrency: row.additional_currencies,
    restrict: row.restrict,
    restrictType,
  };
}

export function createSettingsService(options: { repository: SettingsRepository; config: Config }) {
  const { repository, config } = options;
  const allCurrencies = cached(
    async () => (await repository.listCurrencies({ visibleOnly: false })).map(toCurrency),
    CACHE_TTL_MS,
  );
  const visibleCurrencies = cached(
    async () => (await repository.listCurrencies({ visibleOnly: true })).map(toCurrency),
    CACHE_TTL_MS,
  );
  const locales = cached(async () => (await repository.listLocales()).map(toLocale), CACHE_TTL_MS);
  const countries = cached(async () => (await repository.listCountries()).map(toCountry), CACHE_TTL_MS);
  let constants: Constants | undefined;
  // Whether the referral programme is on (the referrals module's settings, handed over in app.ts).
  let referralEnabled: () => boolean = () => false;

  return {
    /** The referral programme's switch for `player.referral.enabled` (wired in app.ts). */
    useReferralSwitch(isEnabled: () => boolean): void {
      referralEnabled = isEnabled;
    },
    listCurrencies(query: { visibleOnly: boolean }): Promise<Currency[]> {
      return query.visibleOnly ? visibleCurrencies.get() : allCurrencies.get();
    },
    listLocales: () => locales.get(),
    listCountries: () => countries.get(),
    getConstants(): Constants {
      const enabled = referralEnabled();
      // A new object when the switch changes: its cached bytes and ETag are new too.
      if (!constants || constants.player.referral.enabled !== enabled) constants = buildConstants(config, enabled);
      return constants;
    },

    /** Converts minor units of a currency to the wire's major units. */
    async toMajor(amountMinor: bigint, currencyCode: string): Promise<number> {
      const currency = (await allCurrencies.get()).find((c) => c.code === currencyCode);
      if (!currency) throw new Error(`Unknown currency ${currencyCode}`);
      return minorToMajor(amountMinor, currency.subunitToUnit);
    },

    async playerInit(visitorCountry: string | null): Promise<PlayerInit> {
      const [allCountries, allLocales] = await Promise.all([countries.get(), locales.get()]);
      const country = visitorCountry ? allCountries.find((c) => c.code === visitorCountry) : undefined;
      const defaultLocale = allLocales.find((l) => l.isDefault)?.code ?? 'en';
      const countryLocale = country && allLocales.some((l) => l.code === country.locale) ? country.locale : undefined;
      return {
        country: country?.code ?? null,
        restrictType: country?.restrictType ?? null,
        locale: countryLocale ?? defaultLocale,
        serverTime: new Date().toISOString(),
        features: {
          loyalty: config.features.loyalty,
          // A third-party client is configured, or the in-house sportsbook's feed runs here.
          sportsbook: config.features.sportsbook !== undefined || config.sportsbook.feed !== 'off',
          chat: config.features.chat !== undefined,
          guestChat: config.features.chat?.forGuests ?? false,
          chatWidget: config.features.chat
            ? { widgetId: config.features.chat.widgetId, scriptUrl: config.features.chat.scriptUrl }
            : null,
          affiliateCookieDays: config.features.affiliateCookieDays,
          walletShowFilledFields: config.features.walletShowFilledFields,
        },
      };
    },

    clearCache(): void {
      allCurrencies.clear();
      visibleCurrencies.clear();
      locales.clear();
      countries.clear();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
