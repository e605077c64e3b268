import { countries as isoCountries, type TCountryCode } from 'countries-list';
import type { Insertable } from 'kysely';
import type { CountryTable, CurrencyTable, LocaleTable } from '../db/schema';

/**
 * Demo reference data. Rates are "minor units of the currency per one US dollar", the
 * base currency, as of the seed; an operator replaces them with a rates feed.
 */
interface CurrencySeed {
  code: string;
  name: string;
  symbol: string;
  type: 'fiat' | 'crypto';
  decimals: number;
  usdPrice: number; // price of one major unit in USD
  subCurrencies?: { code: string; subunitToUnit: number }[];
}

const CURRENCIES: CurrencySeed[] = [
  { code: 'USD', name: 'US Dollar', symbol: '$', type: 'fiat', decimals: 2, usdPrice: 1 },
  { code: 'EUR', name: 'Euro', symbol: '€', type: 'fiat', decimals: 2, usdPrice: 1.08 },
  { code: 'BRL', name: 'Brazilian Real', symbol: 'R$', type: 'fiat', decimals: 2, usdPrice: 0.18 },
  { code: 'CAD', name: 'Canadian Dollar', symbol: 'CA$', type: 'fiat', decimals: 2, usdPrice: 0.73 },
  { code: 'AUD', name: 'Australian Dollar', symbol: 'A$', type: 'fiat', decimals: 2, usdPrice: 0.65 },
  { code: 'MXN', name: 'Mexican Peso', symbol: 'MX$', type: 'fiat', decimals: 2, usdPrice: 0.054 },
  { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', type: 'fiat', decimals: 2, usdPrice: 1.13 },
  { code: 'PLN', name: 'Polish Zloty', symbol: 'zł', type: 'fiat', decimals: 2, usdPrice: 0.25 },
  { code: 'NOK', name: 'Norwegian Krone', symbol: 'kr', type: 'fiat', decimals: 2, usdPrice: 0.093 },
  { code: 'NZD', name: 'New Zealand Dollar', symbol: 'NZ$', type: 'fiat', decimals: 2, usdPrice: 0.6 },
  { code: 'JPY', name: 'Japanese Yen', symbol: '¥', type: 'fiat', decimals: 0, usdPrice: 0.0067 },
  { code: 'INR', name: 'Indian Rupee', symbol: '₹', type: 'fiat', decimals: 2, usdPrice: 0.012 },
  { code: 'ARS', name: 'Argentine Peso', symbol: 'AR$', type: 'fiat', decimals: 2, usdPrice: 0.001 },
  { code: 'CLP', name: 'Chilean Peso', symbol: 'CLP$', type: 'fiat', decimals: 0, usdPrice: 0.00105 },
  {
    code: 'BTC',
    name: 'Bitcoin',
    symbol: '₿',
    type: 'crypto',
    decimals: 8,
    usdPrice: 95000,
    subCurrencies: [{ code: 'mBTC', subunitToUnit: 1000 }],
  },
  {
    code: 'ETH',
    name: 'Ethereum',
    symbol: 'Ξ',
    type: 'crypto',
    decimals: 8,
    usdPrice: 3500,
    subCurrencies: [{ code: 'mETH', subunitToUnit: 1000 }],
  },
  { code: 'USDT', name: 'Tether', symbol: '₮', type: 'crypto', decimals: 6, usdPrice: 1 },
  { code: 'USDC', name: 'USD Coin', symbol: 'USDC', type: 'crypto', decimals: 6, usdPrice: 1 },
  { code: 'LTC', name: 'Litecoin', symbol: 'Ł', type: 'crypto', decimals: 8, usdPrice: 90 },
  { code: 'TRX', name: 'Tron', symbol: 'TRX', type: 'crypto', decimals: 6, usdPrice: 0.25 },
  { code: 'DOGE', name: 'Dogecoin', symbol: 'Ð', type: 'crypto', decimals: 8, usdPrice: 0.35 },
  { code: 'XRP', name: 'XRP', symbol: 'XRP', type: 'crypto', decimals: 6, usdPrice: 2.2 },
  { code: 'SOL', name: 'Solana', symbol: 'SOL', type: 'crypto', decimals: 9, usdPrice: 200 },
];

export const BASE_CURRENCY = 'USD';

export function currencyRows(now = new Date()): Insertable<CurrencyTable>[] {
  return CURRENCIES.map((c, index) => {
    const subunit = 10 ** c.decimals;
    // minor units per one USD, kept to 12 decimals (the column's scale)
    const rate = (subunit / c.usdPrice).toFixed(12);
    return {
      code: c.code,
      name: c.name,
      symbol: c.symbol,
      type: c.type,
      subunit_to_unit: BigInt(subunit),
      is_enabled: true,
      is_visible: true,
      is_base: c.code === BASE_CURRENCY,
      position: index,
      rate,
      rate_time: now,
      sub_currencies: JSON.stringify(c.subCurrencies ?? []),
    };
  });
}

export const LOCALES: Insertable<LocaleTable>[] = [
  { code: 'en', name: 'English', native_name: 'English', language_code: 'en', is_default: true, position: 0 },
  { code: 'es', name: 'Spanish', native_name: 'Español', language_code: 'es', is_default: false, position: 1 },
  {
    code: 'pt-BR',
    name: 'Portuguese (Brazil)',
    native_name: 'Português (Brasil)',
    language_code: 'pt',
    is_default: false,
    position: 2,
  },
  { code: 'de', name: 'German', native_name: 'Deutsch', language_code: 'de', is_default: false, position: 3 },
  { code: 'fr', name: 'French', native_name: 'Français', language_code: 'fr', is_default: false, position: 4 },
];

/**
 * Demo restrictions. Type 1 replaces the site with the geo-restricted layout (markets the
 * demo operator's licence excludes); type 2 only blocks sign-in and sign-up.
 */
export const RESTRICTED_COUNTRIES: Record<string, 1 | 2> = {
  US: 1,
  UM: 1,
  GB: 1,
  FR: 1,
  NL: 1,
  AW: 1,
  CW: 1,
  MF: 1,
  AU: 2,
  SG: 2,
};

export function countryRows(): Insertable<CountryTable>[] {
  const currencyCodes = new Set(CURRENCIES.map((c) => c.code));
  const localeByLanguage = new Map(LOCALES.map((l) => [l.language_code, l.code]));
  return (Object.keys(isoCountries) as TCountryCode[]).map((code) => {
    const country = isoCountries[code];
    const supported = country.currency.filter((c) => currencyCodes.has(c));
    const fallback = country.continent === 'EU' ? 'EUR' : BASE_CURRENCY;
    const currency = supported[0] ?? fallback;
    const locale = country.languages.map((language) => localeByLanguage.get(language)).find(Boolean) ?? 'en';
    const restrictType = RESTRICTED_COUNTRIES[code];
    return {
      code,
      name: country.name,
      native_name: country.native,
      phone_prefix: String(country.phone[0] ?? ''),
      currency,
      locale,
      additional_currencies: supported.filter((c) => c !== currency),
      restrict: restrictType !== undefined,
      restrict_type: restrictType ?? null,
    };
  });
}
