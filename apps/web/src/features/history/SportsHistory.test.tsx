import type { Bet } from '@croupier/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppSettingsContext } from '../../lib/app-settings';
import { ENGLISH_SETTINGS, englishContent } from '../../lib/content.testutil';
import { betsSearch, betStatusKey, betsViewFromSearch, tabFromSearch } from './games-logic';
import { BetEntry, betOddsText, SportsHistory } from './SportsHistory';

let content: i18n | undefined;
beforeAll(async () => {
  content = await englishContent(['layout', 'global-components']);
});

function render(node: React.ReactNode) {
  if (!content) throw new Error('the content is loaded before the tests');
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={content}>
        <AppSettingsContext.Provider value={ENGLISH_SETTINGS}>
          <MemoryRouter>{node}</MemoryRouter>
        </AppSettingsContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const item = {
  event: 'Arsenal – Chelsea',
  stage: 1,
  discipline: 'Football',
  tournament: 'Premier League',
  eventDate: '2026-12-01T20:00:00.000Z',
  market: 'Match result',
  outcome: 'Arsenal',
  coefficient: 1.85,
};

function betOf(overrides: Partial<Bet> = {}): Bet {
  return {
    id: 'b1',
    roundId: 'r1',
    game: 'Sportsbook',
    gameId: 'g1',
    amount: 10,
    payout: 0,
    currency: 'USD',
    createdAt: '2026-12-01T19:00:00.000Z',
    status: 1,
    coefficient: 1.85,
    ticketType: 1,
    items: [item],
    ...overrides,
  };
}

describe('the sports bets tab', () => {
  it('has its place in the URL: settled by default, open on request, paged', () => {
    expect(tabFromSearch(new URLSearchParams('tab=bets'))).toBe('bets');
    expect(betsViewFromSearch(new URLSearchParams('tab=bets'))).toEqual({ settled: true, page: 1 });
    expect(betsViewFromSearch(new URLSearchParams('tab=bets&status=open&page=3'))).toEqual({ settled: false, page: 3 });
    expect(betsSearch({ settled: true, page: 1 }).toString()).toBe('tab=bets');
    expect(betsSearch({ settled: false, page: 2 }).toString()).toBe('tab=bets&status=open&page=2');
  });

  it('names the statuses and shows total odds as decimal odds', () => {
    expect([1, 2, 3, 4, 5, 9].map(betStatusKey)).toEqual(['open', 'won', 'lost', 'refunded', 'cashedOut', 'open']);
    expect(betOddsText(1.85)).toBe('1.85');
    expect(betOddsText(12.345)).toBe('12.345');
  });

  it('shows a single with its selection, stake and status', () => {
    const markup = render(
      <ul>
        <BetEntry bet={betOf()} />
      </ul>,
    );
    expect(markup).toContain('data-ticket-id="b1"');
    expect(markup).toContain('>Single<');
    expect(markup).toContain('>Open<');
    expect(markup).toContain('Arsenal');
    expect(markup).toContain('Match result');
    expect(markup).toContain('Arsenal – Chelsea · Premier League');
    expect(markup).toContain('10.00 USD');
    expect(markup).not.toMatch(/profile\.history\.[a-zA-Z.]+/);
  });

  it('shows a ticket of several selections as a combo with its legs', () => {
    const markup = render(
      <ul>
        <BetEntry
          bet={betOf({
            status: 2,
            payout: 37,
            coefficient: 3.7,
            ticketType: 2,
            items: [
              item,
              { ...item, event: 'Lyon – Nice', stage: 2, market: 'Total 2.5', outcome: 'Over', coefficient: 2 },
            ],
          })}
        />
      </ul>,
    );
    expect(markup).toContain('Combo · 2 selections');
    expect(markup).toContain('>Won<');
    expect(markup).toContain('Lyon – Nice');
    expect(markup).toContain('Live');
    expect(markup.match(/class="history-bet__leg"/g)).toHaveLength(2);
    expect(markup).toContain('history-payout--won');
  });

  it('offers settled and open lists and loads', () => {
    const markup = render(<SportsHistory view={{ settled: true, page: 1 }} onView={() => undefined} />);
    expect(markup).toMatch(/aria-selected="true"[^>]*>Settled</);
    expect(markup).toContain('>Open<');
    expect(markup).toContain('skeleton-rows');
  });
});
