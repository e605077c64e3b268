import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PlayerBonusRow } from './repository';

/** SQL of cashback: the cashback bonuses a player received (rows of `player_bonuses`). */
export function createCashbackRepository(db: Kysely<Database>) {
  return {
    /** The player's cashback bonuses in a currency, newest first. */
    listReceived: (
      playerId: string,
      currency: string,
      limit: number,
    ): Promise<Pick<PlayerBonusRow, 'bonus_id' | 'name' | 'amount_minor' | 'created_at'>[]> =>
      db
        .selectFrom('player_bonuses')
        .select(['bonus_id', 'name', 'amount_minor', 'created_at'])
        .where('player_id', '=', playerId)
        .where('currency', '=', currency)
        .where('bonus_type', '=', sql.lit(4))
        .where('source', 'like', sql.lit('cashback:%'))
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute(),
  };
}

export type CashbackRepository = ReturnType<typeof createCashbackRepository>;
