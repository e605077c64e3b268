import { PlayerStatus } from '@croupier/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PlayerBonusRow } from './repository';

/** Players who may receive no marketing incentive: blocked, self-excluded (docs/player-protection.md). */
const EXCLUDED_STATUSES = [PlayerStatus.BLOCKED, PlayerStatus.SELF_EXCLUDED];

/** SQL of cashback: the cashback bonuses a player received (rows of `player_bonuses`), and who may get one. */
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

    /** Which of these players are blocked, self-excluded or closed now (the players table is auth's; read only). */
    async excludedPlayers(q: Kysely<Database>, playerIds: readonly string[]): Promise<Set<string>> {
      if (playerIds.length === 0) return new Set();
      const rows = await q
        .selectFrom('players')
        .select('id')
        .where('id', 'in', [...playerIds])
        .where((eb) => eb.or([eb('status', 'in', EXCLUDED_STATUSES), eb('closed_at', 'is not', null)]))
        .execute();
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type CashbackRepository = ReturnType<typeof createCashbackRepository>;
