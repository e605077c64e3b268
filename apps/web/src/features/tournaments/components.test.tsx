import type { Tournament, TournamentDetail } from '@croupier/contract';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ModalsContext, type ModalsApi } from '../modals';
import { tournamentKeys } from './api';
import { TournamentsPage } from './TournamentsList';
import { TournamentsRail } from './TournamentsRail';
import { TournamentPage } from './TournamentView';
import { HOUR, renderWithCache, tournamentOf, loadTournamentContent } from './tournaments.testutil';

/** Tournament pages rendered to markup with the real English content and a filled query cache. */

const content = loadTournamentContent();

function tournament(overrides: Partial<Tournament> = {}): Tournament {
  return tournamentOf({
    identity: 'spring-race',
    title: 'Spring Race',
    description: 'Wager to climb.',
    endAt: new Date(Date.now() + 26 * HOUR).toISOString(),
    rates: { baseCurrency: 'USD', baseCurrencyRate: 1, currencyRates: [{ isoCode: 'EUR', rate: 1.08 }] },
    conditions: {
      gameCollections: [],
      gameCollectionsExcluded: false,
      currencies: [{ isoCode: 'USD', minAmount: 0.1, minAmountOp: 'gte', maxAmount: null, maxAmountOp: 'lte' }],
    },
    participants: 1234,
    ...overrides,
  });
}

function render(node: ReactNode, cache: [readonly unknown[], unknown][], path = '/') {
  return renderWithCache(
    content(),
    <ModalsContext.Provider value={{ open: () => undefined } as unknown as ModalsApi}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </ModalsContext.Provider>,
    cache,
  );
}

const untranslated = (markup: string) => markup.match(/pages\.tournaments\.[a-zA-Z0-9]+/g) ?? [];

describe('tournament pages', () => {
  it('lists the running tab with countdowns, and says when a tab is empty', () => {
    const page = { data: [tournament()], meta: { page: 1, perPage: 12, totalPages: 1, totalRows: 1 } };
    const markup = render(<TournamentsPage />, [[tournamentKeys.list('running'), page]]);
    expect(markup).toContain('aria-selected="true"');
    expect(markup).toContain('Spring Race');
    expect(markup).toMatch(/Ends in 1 d 1 h \d\d min/);
    expect(markup).toContain('Players: 1,234');
    expect(markup).toContain('href="/tournaments/spring-race"');
    expect(untranslated(markup)).toEqual([]);

    const empty = render(
      <TournamentsPage />,
      [[tournamentKeys.list('upcoming'), { ...page, data: [] }]],
      '/?tab=upcoming',
    );
    expect(empty).toContain('No tournaments are announced yet.');
    const loading = render(<TournamentsPage />, [], '/?tab=finished');
    expect(loading).toContain('aria-busy="true"');
  });

  it('shows the running tournaments as a rail with a link to all of them, and nothing when none runs', () => {
    const page = { data: [tournament()], meta: { page: 1, perPage: 12, totalPages: 1, totalRows: 1 } };
    const markup = render(<TournamentsRail />, [[tournamentKeys.list('running'), page]]);
    expect(markup).toContain('data-testid="tournaments-rail"');
    expect(markup).toContain('href="/tournaments/spring-race"');
    expect(markup).toContain('href="/tournaments"');
    expect(markup).toContain('Show all');
    expect(untranslated(markup)).toEqual([]);
    expect(render(<TournamentsRail />, [[tournamentKeys.list('running'), { ...page, data: [] }]])).toBe('');
    expect(render(<TournamentsRail />, [])).toBe('');
  });

  it('shows a guest the rules, the leaderboard and the prizes of a tournament', () => {
    const detail: TournamentDetail = {
      ...tournament({ state: 5, isAvailable: false, endAt: new Date(Date.now() - HOUR).toISOString() }),
      prizes: [
        {
          place: 1,
          title: '20 free spins',
          bonusId: 'b',
          entry: { playerId: 'p1', nickname: 'ace', points: 12.5 },
        },
        { place: 2, title: '5 USD', bonusId: 'b' },
      ],
      leaderboard: [{ playerId: 'p1', nickname: 'ace', place: 1, points: 12.5 }],
    };
    const markup = render(
      <Routes>
        <Route path="/tournaments/:identity" element={<TournamentPage />} />
      </Routes>,
      [[tournamentKeys.detail('spring-race', false), detail]],
      '/tournaments/spring-race',
    );
    expect(markup).toContain('<h1');
    expect(markup).toContain('Spring Race');
    expect(markup).toMatch(/Ended /);
    expect(markup).toContain('Points: the total of your qualifying stakes, converted to USD.');
    expect(markup).toContain('Join the tournament first');
    expect(markup).toContain('Every game counts.');
    expect(markup).toContain('from 0.1 USD');
    expect(markup).toMatch(/ace · 12\.5/);
    expect(markup).toContain('Not awarded');
    expect(markup).toContain('data-testid="tournament-leaderboard"');
    // A finished tournament offers no joining, and nobody's row is the guest's.
    expect(markup).not.toContain('Join tournament');
    expect(markup).not.toContain('tournament-my-row');
    expect(untranslated(markup)).toEqual([]);
  });
});
