import type { SportsbookEventDetail, SportsbookEventSummary, SportsbookMarket } from '@croupier/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { AppSettingsContext } from '../../lib/app-settings';
import { ENGLISH_SETTINGS } from '../../lib/content.testutil';

/** What the sportsbook's tests share: events and markets, and a render with a filled query cache. */

export function marketOf(overrides: Partial<SportsbookMarket> = {}): SportsbookMarket {
  return {
    id: 'm1',
    type: 'match_result',
    line: null,
    number: null,
    status: 'open',
    outcomes: [
      { id: 'o1', key: 'home', oddsMilli: 1850, active: true },
      { id: 'o2', key: 'draw', oddsMilli: 3400, active: true },
      { id: 'o3', key: 'away', oddsMilli: 4500, active: true },
    ],
    ...overrides,
  };
}

/** An upcoming football event of the Premier League with its 1X2 market. */
export function eventOf(overrides: Partial<SportsbookEventSummary> = {}): SportsbookEventSummary {
  return {
    id: 'e1',
    sport: { id: 's1', key: 'football', name: 'Football' },
    competition: { id: 'c1', name: 'Premier League', region: 'England' },
    home: { id: 'h1', name: 'Arsenal' },
    away: { id: 'a1', name: 'Chelsea' },
    startsAt: '2026-12-01T20:00:00.000Z',
    status: 'scheduled',
    score: null,
    clock: null,
    bestOf: null,
    mainMarket: marketOf(),
    ...overrides,
  };
}

export function eventDetailOf(
  markets: SportsbookMarket[],
  overrides: Partial<SportsbookEventDetail> = {},
): SportsbookEventDetail {
  const { mainMarket: _main, ...event } = eventOf();
  return { ...event, markets, ...overrides };
}

/** `node` as markup at `path`, inside the content, the settings and a query cache holding `cache`. */
export function renderWithCache(
  content: i18n,
  node: ReactNode,
  cache: [readonly unknown[], unknown][],
  path = '/',
): string {
  const queryClient = new QueryClient();
  for (const [key, data] of cache) queryClient.setQueryData(key, data);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={content}>
        <AppSettingsContext.Provider value={ENGLISH_SETTINGS}>
          <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
        </AppSettingsContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
