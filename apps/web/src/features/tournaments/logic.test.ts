import type { TournamentDetail } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import {
  betBoundsKey,
  canJoin,
  countdownParts,
  countdownTarget,
  gameCounts,
  pinnedRow,
  tabOfState,
  TAB_STATES,
  tournamentsForGame,
  withLeaderboard,
  withPlayerEntry,
} from './logic';

describe('tournament logic', () => {
  it('maps tabs to states and back', () => {
    expect(TAB_STATES).toEqual({ running: [3], upcoming: [2], finished: [4, 5] });
    expect([2, 3, 4, 5].map(tabOfState)).toEqual(['upcoming', 'running', 'finished', 'finished']);
  });

  it('counts down in whole units and never below zero', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(countdownParts('2026-01-02T03:04:05Z', now)).toEqual({ days: 1, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownParts('2025-12-31T00:00:00Z', now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    const times = { startAt: 'S', endAt: 'E' };
    expect(countdownTarget({ state: 2, ...times })).toEqual({ key: 'startsIn', at: 'S' });
    expect(countdownTarget({ state: 3, ...times })).toEqual({ key: 'endsIn', at: 'E' });
    expect(countdownTarget({ state: 5, ...times })).toEqual({ key: 'endedOn', at: 'E' });
  });

  it("pins the player's row only when the top does not show it", () => {
    const top = [{ playerId: 'a', nickname: null, place: 1, points: 5 }];
    expect(pinnedRow(top, 'a', { points: 5, place: 1 })).toBeNull();
    expect(pinnedRow(top, 'b', { points: 1, place: 60 })).toEqual({ points: 1, place: 60 });
    expect(pinnedRow(top, 'b', null)).toBeNull();
    expect(pinnedRow(top, undefined, { points: 1, place: 2 })).toBeNull();
  });

  it('applies live updates and decides the join button and bet texts', () => {
    const detail = {
      state: 3,
      isAvailable: true,
      confirmationRequired: true,
      playerEntry: null,
      leaderboard: [],
    } as unknown as TournamentDetail;
    expect(canJoin(detail)).toBe(true);
    const joined = withPlayerEntry(detail, { points: 2, place: 1 });
    expect(joined?.playerEntry).toEqual({ points: 2, place: 1 });
    expect(canJoin(joined as TournamentDetail)).toBe(false);
    expect(canJoin({ ...detail, confirmationRequired: false })).toBe(false);
    expect(canJoin({ ...detail, state: 2 })).toBe(false);
    const board = [{ playerId: 'a', nickname: null, place: 1, points: 3 }];
    expect(withLeaderboard(detail, board)?.leaderboard).toEqual(board);
    expect(withLeaderboard(undefined, board)).toBeUndefined();
    expect(betBoundsKey({ minAmount: null, maxAmount: null })).toBe('betAny');
    expect(betBoundsKey({ minAmount: 1, maxAmount: null })).toBe('betFrom');
    expect(betBoundsKey({ minAmount: null, maxAmount: 5 })).toBe('betUpTo');
    expect(betBoundsKey({ minAmount: 1, maxAmount: 5 })).toBe('betBetween');
  });
});

describe('the game frame widget’s matching', () => {
  const conditions = (gameCollections: string[], gameCollectionsExcluded = false) => ({
    gameCollections,
    gameCollectionsExcluded,
  });

  it('counts a game as the server scores it: every game, only listed collections, or all but them', () => {
    expect(gameCounts(conditions([]), [])).toBe(true);
    expect(gameCounts(conditions([], true), ['live'])).toBe(true);
    expect(gameCounts(conditions(['originals']), ['originals', 'popular'])).toBe(true);
    expect(gameCounts(conditions(['originals', 'slots']), ['slots'])).toBe(true);
    expect(gameCounts(conditions(['originals']), ['slots'])).toBe(false);
    expect(gameCounts(conditions(['originals']), [])).toBe(false);
    expect(gameCounts(conditions(['live'], true), ['slots'])).toBe(true);
    expect(gameCounts(conditions(['live'], true), ['live', 'popular'])).toBe(false);
    // Identities match exactly, not by prefix or case.
    expect(gameCounts(conditions(['live']), ['live-casino', 'Live'])).toBe(false);
  });

  it('keeps the running tournaments the game counts in, in their order', () => {
    const tournament = (id: string, state: number, gameCollections: string[], excluded = false) => ({
      id,
      state,
      conditions: { ...conditions(gameCollections, excluded), currencies: [] },
    });
    const list = [
      tournament('race', 3, ['originals']),
      tournament('hunt', 3, ['slots']),
      tournament('soon', 2, []),
      tournament('over', 4, []),
      tournament('classic', 3, ['live'], true),
      tournament('open', 3, []),
    ];
    expect(tournamentsForGame(list, ['originals']).map((t) => t.id)).toEqual(['race', 'classic', 'open']);
    expect(tournamentsForGame(list, ['live']).map((t) => t.id)).toEqual(['open']);
    expect(tournamentsForGame(list, ['slots', 'live']).map((t) => t.id)).toEqual(['hunt', 'open']);
    expect(tournamentsForGame([], ['originals'])).toEqual([]);
  });
});
