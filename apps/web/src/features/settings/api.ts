import type { Country, Currency, Locale, PlayerInit } from '@croupier/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

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
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Locale[]>('/api/settings/locales', undefined, signal),
  staleTime: SETTINGS_STALE_MS,
};

export const playerInitQuery = {
  queryKey: settingsKeys.init,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<PlayerInit>('/api/player/init', undefined, signal),
  staleTime: SETTINGS_STALE_MS,
};

export function useLocales() {
  return useQuery(localesQuery);
}

/** Enabled, visible currencies; the base currency is the one flagged isBase. */
export function useCurrencies() {
  return useQuery({
    queryKey: settingsKeys.currencies,
    queryFn: ({ signal }) => api.get<Currency[]>('/api/settings/currencies', { visible: 1 }, signal),
    select: (currencies) => currencies.filter((currency) => currency.isEnabled),
    staleTime: SETTINGS_STALE_MS,
  });
}

export function useCountries() {
  return useQuery({
    queryKey: settingsKeys.countries,
    queryFn: ({ signal }) => api.get<Country[]>('/api/settings/countries', undefined, signal),
    staleTime: SETTINGS_STALE_MS,
  });
}

export function usePlayerInit() {
  return useQuery(playerInitQuery);
}
