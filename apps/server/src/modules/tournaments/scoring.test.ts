import { describe, expect, it } from 'vitest';
import type { GameActivity } from '../activity';
import type { TournamentDefinition } from './repository';
import { changesOf, contributionOf, scaledRate, toBaseHundredths } from './scoring';

const START = new Date('2026-01-01T00:00:00Z');
const END = new Date('2026-01-08T00:00:00Z');
const AT = new Date('2026-01-02T00:00:00Z');

function tournament(overrides: Partial<TournamentDefinition> = {}): TournamentDefinition {
  return {
    id: 't1',
    identity: 'race',
    title: 'Race',
    description: '',
    scoring: 1,
    start_at: START,
    end_at: END,
    confirmation_required: false,
    base_currency: 'USD',
    game_collections: [],
    game_collections_excluded: false,
    completed_at: null,
    created_at: START,
    series_id: null,
    recurrence: null,
    currencies: [
      {
        tournament_id: 't1',
        currency: 'USD',
        rate: '1.000000000000',
        min_bet_minor: 10n,
        min_bet_inclusive: true,
        max_bet_minor: 1_000n,
        max_bet_inclusive: false,
      },
      {
        tournament_id: 't1',
        currency: 'EUR',
        rate: '1.080000000000',
        min_bet_minor: null,
        min_bet_inclusive: true,
        max_bet_minor: null,
        max_bet_inclusive: true,
      },
    ],
    ...overrides,
  };
}

function game(overrides: Partial<GameActivity> = {}): GameActivity {
  return {
    id: 'g:1',
    kind: 'bet',
    playerId: 'p1',
    occurredAt: AT,
    accountId: 'a1',
    currency: 'USD',
    amountMinor: 100n,
    bonusMinor: 0n,
    gameId: 'dice-id',
    gameIdentity: 'dice',
    provider: 'croupier',
    roundId: 'r1',
    freeRound: false,
    roundStakeMinor: 0n,
    undid: null,
    ...overrides,
  };
}

describe('tournament scoring', () => {
  it('converts amounts to base-currency hundredths with exact rates', () => {
    expect(scaledRate('1.08')).toBe(1_080_000_000_000n);
    expect(toBaseHundredths(250n, 100n, '1.08')).toBe(270n);
    expect(toBaseHundredths(1_000_000n, 1_000_000n, '1')).toBe(100n);
    expect(toBaseHundredths(7n, 1n, '0.0067')).toBe(4n);
  });

  it('checks the window, the currency, the bounds and the games', () => {
    const t = tournament();
    expect(contributionOf(t, game(), undefined, 100n)).toEqual({ kind: 'add', points: 100n, rounds: 1 });
    expect(contributionOf(t, game({ occurredAt: END }), undefined, 100n)).toBeUndefined();
    expect(contributionOf(t, game({ currency: 'BRL' }), undefined, 100n)).toBeUndefined();
    expect(contributionOf(t, game({ amountMinor: 9n }), undefined, 100n)).toBeUndefined();
    expect(contributionOf(t, game({ amountMinor: 10n }), undefined, 100n)).toBeDefined();
    expect(contributionOf(t, game({ amountMinor: 1_000n }), undefined, 100n)).toBeUndefined();
    expect(contributionOf(t, game({ freeRound: true }), undefined, 100n)).toBeUndefined();
    const excluded = tournament({ game_collections: ['live'], game_collections_excluded: true });
    expect(contributionOf(excluded, game(), new Set(['live']), 100n)).toBeUndefined();
    expect(contributionOf(excluded, game(), new Set(['slots']), 100n)).toBeDefined();
    const included = tournament({ game_collections: ['slots'] });
    expect(contributionOf(included, game(), undefined, 100n)).toBeUndefined();
  });

  it('scores each kind of tournament', () => {
    const win = game({ kind: 'win', amountMinor: 350n, roundStakeMinor: 100n });
    const rolledBack = game({ kind: 'rollback', undid: 'bet' });
    expect(contributionOf(tournament({ scoring: 2 }), win, undefined, 100n)).toEqual({ kind: 'best', points: 350n });
    expect(contributionOf(tournament({ scoring: 3 }), win, undefined, 100n)).toEqual({
      kind: 'add',
      points: 350n,
      rounds: 0,
    });
    expect(contributionOf(tournament({ scoring: 3 }), game(), undefined, 100n)).toEqual({
      kind: 'add',
      points: -100n,
      rounds: 1,
    });
    expect(contributionOf(tournament({ scoring: 4 }), game({ amountMinor: 500n }), undefined, 100n)).toEqual({
      kind: 'add',
      points: 100n,
      rounds: 1,
    });
    expect(contributionOf(tournament({ scoring: 1 }), rolledBack, undefined, 100n)).toEqual({
      kind: 'add',
      points: -100n,
      rounds: 0,
    });
    expect(contributionOf(tournament({ scoring: 1 }), win, undefined, 100n)).toBeUndefined();
  });

  it('folds a batch per player, counting opt-in rounds only after joining', () => {
    const t = tournament({ confirmation_required: true });
    const later = new Date(AT.getTime() + 1_000);
    const changes = changesOf([game(), game({ id: 'g:2', occurredAt: later }), game({ id: 'g:3', playerId: 'p2' })], {
      tournaments: [t],
      collectionsOf: () => undefined,
      subunitOf: () => 100n,
      joinedAt: (_t, playerId) => (playerId === 'p1' ? new Date(AT.getTime() + 500) : undefined),
    });
    expect(changes).toEqual([
      {
        tournamentId: 't1',
        playerId: 'p1',
        deltaPoints: 100n,
        bestPoints: null,
        reachedAt: later,
        currency: 'USD',
        rounds: 1,
      },
    ]);
  });
});
