import type { Kysely, Selectable } from 'kysely';
import type { Database, GameStakeLimitTable } from '../../db/schema';

type Executor = Kysely<Database>;
export type StakeLimitRow = Selectable<GameStakeLimitTable>;

/** SQL of the operator's per-game stake limits. */
export function createStakeLimitsRepository(db: Executor) {
  return {
    db,

    /** `q`: the bet's transaction when a bet asks. */
    async find(q: Executor, gameId: string, currency: string): Promise<StakeLimitRow | undefined> {
      return q
        .selectFrom('game_stake_limits')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('currency', '=', currency)
        .executeTakeFirst();
    },

    async list(gameId: string): Promise<StakeLimitRow[]> {
      return db.selectFrom('game_stake_limits').selectAll().where('game_id', '=', gameId).orderBy('currency').execute();
    },

    async upsert(row: {
      gameId: string;
      currency: string;
      minMinor: bigint;
      maxMinor: bigint;
    }): Promise<StakeLimitRow> {
      return db
        .insertInto('game_stake_limits')
        .values({ game_id: row.gameId, currency: row.currency, min_minor: row.minMinor, max_minor: row.maxMinor })
        .onConflict((oc) =>
          oc.columns(['game_id', 'currency']).doUpdateSet({
            min_minor: row.minMinor,
            max_minor: row.maxMinor,
            updated_at: new Date(),
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async remove(gameId: string, currency: string): Promise<boolean> {
      const result = await db
        .deleteFrom('game_stake_limits')
        .where('game_id', '=', gameId)
        .where('currency', '=', currency)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type StakeLimitsRepository = ReturnType<typeof createStakeLimitsRepository>;
