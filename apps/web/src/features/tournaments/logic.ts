import type { TournamentDetail, TournamentParticipant, TournamentPlayerEntry } from '@croupier/contract';

/** The list page's tabs and the states each asks for (2 upcoming, 3 running, 4 and 5 finished). */
export const TOURNAMENT_TABS = ['running', 'upcoming', 'finished'] as const;
export type TournamentTab = (typeof TOURNAMENT_TABS)[number];
export const TAB_STATES: Record<TournamentTab, number[]> = {
  running: [3],
  upcoming: [2],
  finished: [4, 5],
};

/** The tab a tournament in `state` belongs to. */
export function tabOfState(state: number): TournamentTab {
  if (state === 2) return 'upcoming';
  if (state === 3) return 'running';
  return 'finished';
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Time left until `target` from `now`, in whole units (never negative). */
export function countdownParts(target: string | Date, now: number): CountdownParts {
  const left = Math.max(0, Math.floor((new Date(target).getTime() - now) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

/** What the countdown counts to: the start of an upcoming tournament, the end of a running one. */
export function countdownTarget(t: { state: number; startAt: string; endAt: string }): {
  key: 'startsIn' | 'endsIn' | 'endedOn';
  at: string;
} {
  if (t.state === 2) return { key: 'startsIn', at: t.startAt };
  if (t.state === 3) return { key: 'endsIn', at: t.endAt };
  return { key: 'endedOn', at: t.endAt };
}

/**
 * The player's row pinned under the leaderboard: shown when the player has an entry that
 * the top rows do not include (in the top, the row itself is highlighted instead).
 */
export function pinnedRow(
  leaderboard: readonly TournamentParticipant[],
  playerId: string | undefined,
  entry: TournamentPlayerEntry | null | undefined,
): TournamentPlayerEntry | null {
  if (!playerId || !entry) return null;
  return leaderboard.some((row) => row.playerId === playerId) ? null : entry;
}

/** Applies a live leaderboard to a cached detail. */
export function withLeaderboard(
  detail: TournamentDetail | undefined,
  leaderboard: TournamentParticipant[],
): TournamentDetail | undefined {
  return detail ? { ...detail, leaderboard } : detail;
}

/** Applies the player's live entry to a cached detail. */
export function withPlayerEntry(
  detail: TournamentDetail | undefined,
  entry: TournamentPlayerEntry,
): TournamentDetail | undefined {
  if (!detail) return detail;
  return { ...detail, playerEntry: entry };
}

/** Which bet-bounds text a currency's condition uses. */
export function betBoundsKey(bounds: {
  minAmount: number | null;
  maxAmount: number | null;
}): 'betAny' | 'betFrom' | 'betUpTo' | 'betBetween' {
  if (bounds.minAmount === null && bounds.maxAmount === null) return 'betAny';
  if (bounds.maxAmount === null) return 'betFrom';
  if (bounds.minAmount === null) return 'betUpTo';
  return 'betBetween';
}

/** The join button shows while the tournament runs, needs joining and the player has no entry. */
export function canJoin(
  detail: Pick<TournamentDetail, 'isAvailable' | 'state' | 'confirmationRequired' | 'playerEntry'>,
): boolean {
  return detail.state === 3 && detail.isAvailable && detail.confirmationRequired && !detail.playerEntry;
}

/**
 * Whether a game with these collection identities counts in a tournament, as the server
 * scores it (docs/tournaments.md): no collections, every game; otherwise only the games of
 * the listed collections, or with `gameCollectionsExcluded` every game but theirs.
 */
export function gameCounts(
  conditions: Pick<TournamentDetail['conditions'], 'gameCollections' | 'gameCollectionsExcluded'>,
  gameCollections: readonly string[],
): boolean {
  if (conditions.gameCollections.length === 0) return true;
  const inAny = conditions.gameCollections.some((identity) => gameCollections.includes(identity));
  return conditions.gameCollectionsExcluded ? !inAny : inAny;
}

/** The running tournaments in which a game with these collection identities counts, in their order. */
export function tournamentsForGame<T extends Pick<TournamentDetail, 'state' | 'conditions'>>(
  tournaments: readonly T[],
  gameCollections: readonly string[],
): T[] {
  return tournaments.filter((t) => t.state === 3 && gameCounts(t.conditions, gameCollections));
}
