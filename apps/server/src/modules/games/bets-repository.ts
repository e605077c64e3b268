import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { SportBetItemTable } from '../../db/schema';

/** Open tickets have status 1 (constants game.bet.status); every other status is settled. */
const OPEN = 1;

export interface BetRow {
  id: string;
  round_id: string;
  game_id: string;
  game_name: string;
  currency: string;
  subunit_to_unit: bigint;
  stake_minor: bigint;
  payout_minor: bigint;
  coefficient: string;
  ticket_type: number;
  status: number;
  created_at: Date;
}
export type BetItemRow = Selectable<SportBetItemTable>;

/** SQL of the bet history: the player's sportsbook tickets and their selections. */
export function createBetsRepository(db: Db) {
  function playerBets(playerId: string, isSettled: boolean) {
    return db
      .selectFrom('sport_bets as b')
      .where('b.player_id', '=', playerId)
      .where('b.status', isSettled ? '<>' : '=', OPEN);
  }

  return {
    /** One page of the player's settled (or open) tickets, newest first, and the number of all of them. */
    async pageOfBets(
      playerId: string,
      isSettled: boolean,
      page: { limit: number; offset: number },
    ): Promise<{ rows: BetRow[]; totalRows: number }> {
      const count = await playerBets(playerId, isSettled)
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow();
      const totalRows = Number(count.n);
      if (page.offset >= totalRows) return { rows: [], totalRows };
      const rows = await playerBets(playerId, isSettled)
        .innerJoin('games as g', 'g.id', 'b.game_id')
        .innerJoin('currencies as c', 'c.code', 'b.currency')
        .select([
          'b.id',
          'b.round_id',
          'b.game_id',
          'g.name as game_name',
          'b.currency',
          'c.subunit_to_unit',
          'b.stake_minor',
          'b.payout_minor',
          'b.coefficient',
          'b.ticket_type',
          'b.status',
          'b.created_at',
        ])
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows, totalRows };
    },

    /** The selections of the given tickets, in ticket order. */
    async itemsOf(betIds: readonly string[]): Promise<BetItemRow[]> {
      if (betIds.length === 0) return [];
      return db
        .selectFrom('sport_bet_items')
        .selectAll()
        .where('bet_id', 'in', [...betIds])
        .orderBy('bet_id')
        .orderBy('position')
        .execute();
    },
  };
}

export type BetsRepository = ReturnType<typeof createBetsRepository>;
