import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { englishContent } from '../../lib/content.testutil';
import { sportsbookKeys } from './api';
import { SportsbookEventPage } from './EventPage';
import { ODDS_FORMAT_KEY } from './logic';
import { SportsbookPage } from './SportsbookPage';
import { eventDetailOf, eventOf, marketOf, renderWithCache } from './sportsbook.testutil';

/** Sportsbook pages rendered to markup with the real English content and a filled query cache. */

let content: i18n | undefined;
beforeAll(async () => {
  content = await englishContent(['layout', 'global-components']);
});
beforeEach(() => storeFormat(null));
afterEach(() => vi.unstubAllGlobals());

function render(node: ReactNode, cache: [readonly unknown[], unknown][], path = '/') {
  if (!content) throw new Error('the content is loaded before the tests');
  return renderWithCache(content, node, cache, path);
}

/** A stored odds format, as the browser's localStorage would hold it. */
function storeFormat(format: string | null) {
  vi.stubGlobal('window', {
    location: { origin: 'https://croupier.test' },
    localStorage: { getItem: (key: string) => (key === ODDS_FORMAT_KEY ? format : null) },
  });
}

const untranslated = (markup: string) => markup.match(/pages\.betting\.[a-zA-Z0-9_.]+/g) ?? [];

const sports = [
  { id: 's1', key: 'football', name: 'Football', liveEvents: 1, upcomingEvents: 12 },
  { id: 's2', key: 'tennis', name: 'Tennis', liveEvents: 0, upcomingEvents: 4 },
];

const pageOf = (data: unknown[], totalPages = 1) => ({
  data,
  meta: { page: 1, perPage: 20, totalPages, totalRows: data.length },
});

const liveEvent = eventOf({
  id: 'live1',
  status: 'live',
  score: { kind: 'goals', home: 2, away: 1, periods: [{ home: 1, away: 0 }] },
  clock: { period: 2, seconds: 67 * 60, running: true },
  mainMarket: marketOf({ status: 'suspended' }),
});

describe('the events page', () => {
  it('opens on live: the sports with counts, events by competition with score, clock and odds', () => {
    const markup = render(<SportsbookPage />, [
      [sportsbookKeys.sports, sports],
      [sportsbookKeys.events(null, 'live', 1), pageOf([liveEvent], 2)],
    ]);
    expect(markup).toContain('All sports');
    expect(markup).toContain('1 live');
    expect(markup).toContain('16 upcoming');
    expect(markup).toContain('href="/betting?sport=tennis"');
    expect(markup).toMatch(/aria-selected="true"[^>]*>Live</);
    expect(markup).toContain('Premier League');
    expect(markup).toContain('Half 2');
    expect(markup).toContain('68&#x27;');
    expect(markup).toContain('<span class="sb-score">2</span>');
    expect(markup).toContain('href="/betting/event/live1"');
    // The suspended main market: the odds keep their place with the disabled look, still focusable.
    expect(markup).toContain('aria-disabled="true"');
    expect(markup).not.toMatch(/<button[^>]*disabled=""/);
    expect(markup).toContain('>1.85<');
    expect(markup).toContain('>Draw<');
    expect(markup).toContain('Show more events');
    expect(untranslated(markup)).toEqual([]);
  });

  it('shows the stored odds format', () => {
    storeFormat('fractional');
    const fractional = render(
      <SportsbookPage />,
      [
        [sportsbookKeys.sports, sports],
        [sportsbookKeys.events('football', 'upcoming', 1), pageOf([eventOf()])],
      ],
      '/?sport=football&status=upcoming',
    );
    expect(fractional).toContain('>17/20<');
    expect(fractional).toContain('<option value="fractional" selected="">Fractional</option>');
    expect(fractional).not.toContain('Show more events');
    storeFormat('american');
    const american = render(
      <SportsbookPage />,
      [
        [sportsbookKeys.sports, sports],
        [sportsbookKeys.events('football', 'upcoming', 1), pageOf([eventOf()])],
      ],
      '/?sport=football&status=upcoming',
    );
    expect(american).toContain('>-118<');
    expect(american).toContain('>+350<');
  });

  it('says when a list is empty, and shows skeletons while it loads', () => {
    const empty = render(
      <SportsbookPage />,
      [
        [sportsbookKeys.sports, sports],
        [sportsbookKeys.events('tennis', 'upcoming', 1), pageOf([])],
      ],
      '/?sport=tennis',
    );
    expect(empty).toContain('No upcoming events here yet.');
    expect(empty).toContain('aria-current="page"');
    const loading = render(<SportsbookPage />, []);
    expect(loading).toContain('sb-event--skeleton');
    expect(loading).toContain('sb-sports--skeleton');
    expect(untranslated(empty + loading)).toEqual([]);
  });
});

describe('the event page', () => {
  const page = (
    <Routes>
      <Route path="/betting/event/:eventId" element={<SportsbookEventPage />} />
    </Routes>
  );

  it('shows the header and every market by type with its lines and odds', () => {
    const detail = eventDetailOf([
      marketOf(),
      marketOf({
        id: 'm2',
        type: 'total',
        line: 2.5,
        outcomes: [
          { id: 'o4', key: 'over', oddsMilli: 1900, active: true },
          { id: 'o5', key: 'under', oddsMilli: 1950, active: false },
        ],
      }),
      marketOf({
        id: 'm3',
        type: 'asian_handicap',
        line: -0.75,
        status: 'suspended',
        outcomes: [
          { id: 'o6', key: 'home', oddsMilli: 2050, active: true },
          { id: 'o7', key: 'away', oddsMilli: 1800, active: true },
        ],
      }),
      marketOf({
        id: 'm4',
        type: 'correct_score',
        outcomes: [{ id: 'o8', key: '2-1', oddsMilli: 9000, active: true }],
      }),
    ]);
    const markup = render(page, [[sportsbookKeys.event('e1'), detail]], '/betting/event/e1');
    expect(markup).toContain('Arsenal – Chelsea');
    expect(markup).toContain('Football · Premier League · England');
    expect(markup).toContain('dateTime="2026-12-01T20:00:00.000Z"');
    for (const title of ['Match result', 'Total', 'Asian handicap', 'Correct score'])
      expect(markup).toContain(`>${title}</h2>`);
    expect(markup).toContain('>Over 2.5<');
    expect(markup).toContain('>Arsenal −0.75<');
    expect(markup).toContain('>Chelsea +0.75<');
    expect(markup).toContain('Suspended');
    expect(markup).toContain('>2-1<');
    expect(markup).toContain('>9.00<');
    expect(markup).toContain('href="/betting?sport=football"');
    expect(untranslated(markup)).toEqual([]);
  });

  it('says when the event has no open markets, and shows skeletons while it loads', () => {
    const none = render(
      page,
      [[sportsbookKeys.event('e1'), eventDetailOf([], { status: 'ended' })]],
      '/betting/event/e1',
    );
    expect(none).toContain('No markets are open for this event.');
    expect(none).toContain('Ended');
    const loading = render(page, [], '/betting/event/e1');
    expect(loading).toContain('sb-event-header--skeleton');
    expect(untranslated(none + loading)).toEqual([]);
  });
});
