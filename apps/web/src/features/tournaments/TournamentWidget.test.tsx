import type { Tournament, TournamentDetail } from '@croupier/contract';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { tournamentKeys } from './api';
import { TournamentWidget } from './TournamentWidget';
import { renderWithCache, tournamentOf, loadTournamentContent } from './tournaments.testutil';

/** The game frame's widget rendered to markup with the real English content, signed in or not. */

const signedIn = vi.hoisted(() => ({ value: true }));
vi.mock('../auth', () => ({
  useSession: () => ({ token: signedIn.value ? 'token' : undefined, isLoggedIn: signedIn.value }),
  decodeTokenClaims: () => ({ sub: 'p1' }),
}));

const content = loadTournamentContent();

function tournament(overrides: Partial<Tournament> = {}): Tournament {
  return tournamentOf({
    conditions: { gameCollections: ['originals'], gameCollectionsExcluded: false, currencies: [] },
    ...overrides,
  });
}

const detailOf = (t: Tournament, playerEntry: TournamentDetail['playerEntry']): TournamentDetail => ({
  ...t,
  prizes: [],
  leaderboard: [],
  playerEntry,
});

const page = (data: Tournament[]) => ({ data, meta: { page: 1, perPage: 100, totalPages: 1, totalRows: data.length } });

function render(gameCollections: string[], cache: [readonly unknown[], unknown][]) {
  return renderWithCache(
    content(),
    <MemoryRouter>
      <TournamentWidget gameCollections={gameCollections} />
    </MemoryRouter>,
    cache,
  );
}

const untranslated = (markup: string) => markup.match(/pages\.tournaments\.[a-zA-Z0-9]+/g) ?? [];

describe('the game frame’s tournament widget', () => {
  it("shows the game's running tournament with its countdown and the player's place and points", () => {
    const race = tournament();
    const markup = render(
      ['originals'],
      [
        [
          tournamentKeys.running,
          page([
            race,
            tournament({
              id: 't2',
              identity: 'slots-hunt',
              title: 'Slots Hunt',
              conditions: { ...race.conditions, gameCollections: ['slots'] },
            }),
          ]),
        ],
        [tournamentKeys.detail('originals-race', true), detailOf(race, { place: 3, points: 6.5 })],
      ],
    );
    expect(markup).toContain('aria-expanded="true"');
    expect(markup).toContain('data-testid="tournament-widget"');
    expect(markup).toContain('href="/tournaments/originals-race"');
    expect(markup).toContain('Originals Race');
    expect(markup).not.toContain('Slots Hunt');
    expect(markup).toMatch(/Ends in 1 h \d\d min \d\d s/);
    expect(markup).toContain('Place 3');
    expect(markup).toContain('6.5 points');
    expect(markup).not.toContain('Join tournament');
    expect(untranslated(markup)).toEqual([]);
  });

  it('offers joining an opt-in tournament, and says to play in an automatic one', () => {
    const race = tournament();
    const join = render(
      ['originals'],
      [
        [tournamentKeys.running, page([race])],
        [tournamentKeys.detail('originals-race', true), detailOf(race, null)],
      ],
    );
    expect(join).toContain('Join tournament');
    const automatic = tournament({ confirmationRequired: false });
    const play = render(
      ['originals'],
      [
        [tournamentKeys.running, page([automatic])],
        [tournamentKeys.detail('originals-race', true), detailOf(automatic, null)],
      ],
    );
    expect(play).toContain('Play a round to enter the leaderboard.');
    expect(play).not.toContain('Join tournament');
  });

  it('counts several tournaments on the toggle', () => {
    const markup = render(
      ['live'],
      [
        [
          tournamentKeys.running,
          page([
            tournament({ conditions: { gameCollections: [], gameCollectionsExcluded: false, currencies: [] } }),
            tournament({
              id: 't2',
              identity: 'b',
              title: 'Second',
              conditions: { gameCollections: ['live'], gameCollectionsExcluded: false, currencies: [] },
            }),
          ]),
        ],
      ],
    );
    expect(markup).toContain('tournament-widget__count">2<');
    expect(markup.match(/data-testid="tournament-widget-row"/g)).toHaveLength(2);
  });

  it('stays folded once folded, with the place of the first tournament the player is in on the toggle', () => {
    const hunt = tournament({ id: 't0', identity: 'hunt', title: 'Hunt' });
    const race = tournament();
    vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'tournament-widget-collapsed' ? '1' : null) });
    try {
      const markup = render(
        ['originals'],
        [
          [tournamentKeys.running, page([hunt, race])],
          [tournamentKeys.detail('hunt', true), detailOf(hunt, null)],
          [tournamentKeys.detail('originals-race', true), detailOf(race, { place: 3, points: 6.5 })],
        ],
      );
      expect(markup).toContain('aria-expanded="false"');
      expect(markup).toMatch(/<section[^>]*hidden=""/);
      expect(markup).toContain('tournament-widget__short">#3<');
    } finally {
      vi.unstubAllGlobals();
      vi.stubGlobal('window', {
        location: { origin: 'https://croupier.test' },
        setInterval: () => 0,
        clearInterval: () => undefined,
      });
    }
  });

  it('renders nothing when no running tournament counts the game, while loading, or for a guest', () => {
    const race = tournament();
    expect(render(['slots'], [[tournamentKeys.running, page([race])]])).toBe('');
    expect(render(['originals'], [[tournamentKeys.running, page([tournament({ state: 4 })])]])).toBe('');
    expect(render(['originals'], [])).toBe('');
    signedIn.value = false;
    try {
      expect(render(['originals'], [[tournamentKeys.running, page([race])]])).toBe('');
    } finally {
      signedIn.value = true;
    }
  });
});
