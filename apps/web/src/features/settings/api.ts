import { settingsEndpoints } from '@croupier/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Settings lists change rarely: keep them fresh for ten minutes. */
const SETTINGS_STALE_MS = 10 * 60_000;

export const settingsKeys = {
  locales: ['settings', 'locales'] as const,
  currencies: ['settings', 'currencies'] as const,
  countries: ['settings', 'countries'] as const,
  init: ['player', 'init'] as const,
};

export const localesQuery = {
  queryKey: settingsKeys.locales,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(settingsEndpoints.listLocales, { signal }),
  staleTime: SETTINGS_STALE_MS,
};

export const playerInitQuery = {
  queryKey: settingsKeys.init,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(settingsEndpoints.playerInit, { signal }),
  staleTime: SETTINGS_STALE_MS,
};

export function useLocales() {
  return useQuery(localesQuery);
}

/** Enabled, visible currencies; the base currency is the one flagged isBase. */
export function useCurrencies() {
  return useQuery({
    queryKey: settingsKeys.currencies,
    queryFn: ({ signal }) => call(settingsEndpoints.listCurrencies, { query: { visible: '1' }, signal }),
    select: (currencies) => currencies.filter((currency) => currency.isEnabled),
    staleTime: SETTINGS_STALE_MS,
  });
}

export function useCountries() {
  return useQuery({
    queryKey: settingsKeys.countries,
    queryFn: ({ signal }) => call(settingsEndpoints.listCountries, { signal }),
    staleTime: SETTINGS_STALE_MS,
  });
}

export function usePlayerInit() {
  return useQuery(playerInitQuery);
}
