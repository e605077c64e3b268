import type { Tournament } from '@croupier/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, vi } from 'vitest';
import { AppSettingsContext } from '../../lib/app-settings';
import { ENGLISH_SETTINGS, englishContent } from '../../lib/content.testutil';

/** What the tournament feature's markup tests share: content, a tournament, a render with a filled cache. */

export const HOUR = 3_600_000;

/**
 * Loads the real English content before the file's tests and stubs the window the countdowns
 * read (no timers run in markup tests); answers a getter of the content.
 */
export function loadTournamentContent(): () => i18n {
  let content: i18n | undefined;
  beforeAll(async () => {
    content = await englishContent(['layout', 'global-components']);
    vi.stubGlobal('window', {
      location: { origin: 'https://croupier.test' },
      setInterval: () => 0,
      clearInterval: () => undefined,
    });
  });
  afterAll(() => vi.unstubAllGlobals());
  return () => {
    if (!content) throw new Error('the content is loaded before the tests');
    return content;
  };
}

/** A running opt-in total-wagered tournament of every game, started an hour ago. */
export function tournamentOf(overrides: Partial<Tournament> = {}): Tournament {
  return {
    id: 't1',
    identity: 'originals-race',
    title: 'Originals Race',
    description: '',
    type: 1,
    state: 3,
    confirmationRequired: true,
    isAvailable: true,
    startAt: new Date(Date.now() - HOUR).toISOString(),
    endAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    rates: { baseCurrency: 'USD', baseCurrencyRate: 1, currencyRates: [] },
    conditions: { gameCollections: [], gameCollectionsExcluded: false, currencies: [] },
    participants: 3,
    ...overrides,
  };
}

/** `node` as markup, inside the content, the settings and a query cache holding `cache`. */
export function renderWithCache(content: i18n, node: ReactNode, cache: [readonly unknown[], unknown][]): string {
  const queryClient = new QueryClient();
  for (const [key, data] of cache) queryClient.setQueryData(key, data);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={content}>
        <AppSettingsContext.Provider value={ENGLISH_SETTINGS}>{node}</AppSettingsContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
