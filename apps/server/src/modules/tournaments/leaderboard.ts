import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { EntryValue, TournamentsRepository } from './repository';

/** A row of the top of a leaderboard. */
export interface BoardRow {
  playerId: string;
  nickname: string | null;
  /** Hundredths. */
  points: bigint;
  place: number;
}

export interface BoardPlace {
  /** Hundredths. */
  points: bigint;
  place: number;
}

/** Read options: a completed tournament is read from the database (its standings are frozen there). */
export interface BoardReadOptions {
  completed?: boolean;
}

/**
 * The leaderboard's reads (docs/tournaments.md). The database is the truth; the Redis store
 * answers the same from a sorted set per tournament.
 */
export interface LeaderboardStore {
  readonly kind: 'database' | 'redis';
  top(tournamentId: string, limit: number, options?: BoardReadOptions): Promise<BoardRow[]>;
  placeOf(tournamentId: string, playerId: string, options?: BoardReadOptions): Promise<BoardPlace | null>;
  /**
   * Records entries' absolute values (read back after the writes of `trx`, before its
   * commit) and answers each one's place. Re-applying the same values changes nothing.
   */
  recordIn(
    trx: Transaction<Database>,
    tournamentId: string,
    entries: readonly EntryValue[],
  ): Promise<Map<string, BoardPlace>>;
  /** Builds the tournament's sorted set again from the database (the benchmark; nothing for the database store). */
  rebuild(tournamentId: string): Promise<void>;
  /** Drops a completed tournament's keys (after the finish's commit). */
  forget(tournamentId: string): Promise<void>;
}

/** Today's queries: the ordered `tournament_entries`. */
export function createDatabaseLeaderboard(repository: TournamentsRepository): LeaderboardStore {
  return {
    kind: 'database',
    async top(tournamentId, limit) {
      const rows = await repository.standings(repository.db, tournamentId, limit);
      return rows.map((s) => ({ playerId: s.playerId, nickname: s.nickname, points: s.points, place: s.place }));
    },
    placeOf: (tournamentId, playerId) => repository.placeOf(repository.db, tournamentId, playerId),
    async recordIn(trx, tournamentId, entries) {
      // One player: count those ranked before; more: one ordered pass serves them all.
      if (entries.length > 1) {
        return repository.placesOf(
          trx,
          tournamentId,
          entries.map((entry) => entry.playerId),
        );
      }
      const places = new Map<string, BoardPlace>();
      for (const entry of entries) {
        const found = await repository.placeOf(trx, tournamentId, entry.playerId);
        if (found) places.set(entry.playerId, found);
      }
      return places;
    },
    rebuild: async () => {},
    forget: async () => {},
  };
}

// Member encoding. Redis orders equal scores by member bytes, and ZREVRANGE reverses that, so
// the member inverts both tie-breaks: a greater member is an earlier `reached_at`, then a
// smaller player id, which is exactly the SQL order `reached_at asc, player_id asc`.

const TIME_DIGITS = 17;
const TIME_LIMIT = 10n ** BigInt(TIME_DIGITS);
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const HEX = '0123456789abcdef';

const invertHex = (hex: string): string => Array.from(hex, (c) => HEX.charAt(15 - HEX.indexOf(c))).join('');

/** The sorted-set member of an entry: inverted microseconds (17 digits) then the inverted player id (32 hex). */
export function encodeMember(reachedUs: bigint, playerId: string): string {
  if (reachedUs < 0n || reachedUs >= TIME_LIMIT) throw new Error(`reached_at out of range: ${reachedUs}`);
  if (!UUID.test(playerId)) throw new Error(`not a player id: ${playerId}`);
  const time = (TIME_LIMIT - 1n - reachedUs).toString().padStart(TIME_DIGITS, '0');
  return time + invertHex(playerId.replace(/-/g, '').toLowerCase());
}

export function decodeMember(member: string): { reachedUs: bigint; playerId: string } {
  const time = member.slice(0, TIME_DIGITS);
  const hex = invertHex(member.slice(TIME_DIGITS));
  return {
    reachedUs: TIME_LIMIT - 1n - BigInt(time),
    playerId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
  };
}

/** Scores are doubles: points are exact up to 2^53 hundredths. */
const MAX_SCORE = 2n ** 53n;
export function scoreOf(points: bigint): string {
  if (points >= MAX_SCORE || points <= -MAX_SCORE) throw new Error(`points beyond a double's precision: ${points}`);
  return points.toString();
}
