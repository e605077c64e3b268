import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database>;

export interface PlaySettingsRow {
  reality_check_minutes: number | null;
  session_limit_minutes: number | null;
}

/**
 * SQL of the players' reality-check settings. The game sessions' times are written by the
 * game wallet's session-times repository (its table), handed over through its index.
 */
export function createPlaySessionsRepository(db: Executor) {
  return {
    db,

    async settings(playerId: string): Promise<PlaySettingsRow | undefined> {
      return db
        .selectFrom('player_play_settings')
        .select(['reality_check_minutes', 'session_limit_minutes'])
        .where('player_id', '=', playerId)
        .executeTakeFirst();
    },

    async saveSettings(playerId: string, values: PlaySettingsRow, now: Date): Promise<PlaySettingsRow> {
      return db
        .insertInto('player_play_settings')
        .values({ player_id: playerId, ...values, updated_at: now })
        .onConflict((oc) => oc.column('player_id').doUpdateSet({ ...values, updated_at: now }))
        .returning(['reality_check_minutes', 'session_limit_minutes'])
        .executeTakeFirstOrThrow();
    },
  };
}

export type PlaySessionsRepository = ReturnType<typeof createPlaySessionsRepository>;
