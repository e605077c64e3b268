import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database>;

/** The session-time limit's start: the first real-money game session of the sign-in session. */
const playStartOf = (playerId: string, signInSessionId: string) =>
  sql<Date | null>`(select min(g.created_at) from game_sessions g
    where g.player_id = ${playerId} and g.sign_in_session_id = ${signInSessionId} and not g.is_demo)`;

/**
 * SQL of the game sessions' reality-check and session-end times (migration 0034) and the
 * totals a reality check shows. The play-sessions module decides the times; the game
 * sessions' table stays written by this module only.
 */
export function createSessionTimesRepository(db: Executor) {
  return {
    /** When the sign-in session's first real-money game session began (undefined: none yet). */
    async playStart(playerId: string, signInSessionId: string): Promise<Date | undefined> {
      const row = await db
        .selectNoFrom(playStartOf(playerId, signInSessionId).as('started_at'))
        .executeTakeFirstOrThrow();
      return row.started_at ?? undefined;
    },

    /**
     * The player's open real-money game sessions follow new settings: a reality check that
     * is due stays due, others restart the interval from `now` (none: off); a session-time
     * limit only shortens a session's end (a longer limit or none applies from the next
     * sign-in session).
     */
    async applyToOpenSessions(
      playerId: string,
      settings: { reality_check_minutes: number | null; session_limit_minutes: number | null },
      now: Date,
    ): Promise<void> {
      const interval = settings.reality_check_minutes;
      const limit = settings.session_limit_minutes;
      await db
        .updateTable('game_sessions as s')
        .set({
          reality_check_due_at:
            interval === null
              ? null
              : sql<Date>`case when s.reality_check_due_at <= ${now} then s.reality_check_due_at
                  else ${now}::timestamptz + make_interval(mins => ${interval}) end`,
          ...(limit === null
            ? {}
            : {
                play_ends_at: sql<Date>`least(s.play_ends_at, (select min(g.created_at) from game_sessions g
                  where g.player_id = s.player_id and g.sign_in_session_id = s.sign_in_session_id and not g.is_demo)
                  + make_interval(mins => ${limit}))`,
              }),
        })
        .where('s.player_id', '=', playerId)
        .where('s.is_demo', '=', false)
        .where('s.expires_at', '>', now)
        .execute();
    },

    /** Moves a due reality check to `next` (null: none); false when none was due (already acknowledged). */
    async acknowledge(sessionId: string, now: Date, next: Date | null): Promise<Date | null | undefined> {
      const row = await db
        .updateTable('game_sessions')
        .set({ reality_check_due_at: next })
        .where('id', '=', sessionId)
        .where('reality_check_due_at', '<=', now)
        .returning('reality_check_due_at')
        .executeTakeFirst();
      return row ? row.reality_check_due_at : undefined;
    },

    /** Stakes (bets not rolled back) and wins (not free rounds') of a game session, in minor units. */
    async totals(sessionId: string): Promise<{ stakesMinor: bigint; winsMinor: bigint }> {
      const row = await db
        .selectFrom('game_wallet_transactions')
        .select([
          sql<string>`coalesce(sum(amount_minor) filter (where kind = 'bet' and not rolled_back), 0)`.as('stakes'),
          sql<string>`coalesce(sum(amount_minor) filter (where kind = 'win' and freespin_id is null), 0)`.as('wins'),
        ])
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      return { stakesMinor: BigInt(row.stakes), winsMinor: BigInt(row.wins) };
    },

    /** Dev only: makes a session's reality check or session end due at `at`. */
    async makeDue(sessionId: string, check: 'realityCheck' | 'sessionTime', at: Date): Promise<void> {
      await db
        .updateTable('game_sessions')
        .set(check === 'realityCheck' ? { reality_check_due_at: at } : { play_ends_at: at })
        .where('id', '=', sessionId)
        .execute();
    },
  };
}

export type SessionTimesRepository = ReturnType<typeof createSessionTimesRepository>;
