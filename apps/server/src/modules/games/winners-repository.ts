import { sql, type SqlBool, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/** A winning round with what the feed shows of its game and player. */
export interface WinnerRow {
  id: string;
  game_id: string;
  currency: string;
  stake_minor: bigint;
  payout_minor: bigint;
  created_at: Date;
  subunit_to_unit: bigint;
  game_name: string;
  is_demo_mode: boolean;
  platforms: number[];
  restricted_countries: string[];
  image_square_path: string;
  image_vertical_path: string;
  custom_image_square_path: string | null;
  custom_image_vertical_path: string | null;
  nickname: string | null;
  email: string | null;
}

/** A round's money so far: the bets not rolled back and the wins. */
export interface RoundTotals {
  stakeMinor: bigint;
  wonMinor: bigint;
}

/** What a WinnerRow is made of (aliases: w game_wins, g games, c currencies, pl players). */
const WINNER_COLUMNS = [
  'w.id',
  'w.game_id',
  'w.currency',
  'w.stake_minor',
  'w.payout_minor',
  'w.created_at',
  'c.subunit_to_unit',
  'g.name as game_name',
  'g.is_demo_mode',
  'g.platforms',
  'g.restricted_countries',
  'g.image_square_path',
  'g.image_vertical_path',
  'g.custom_image_square_path',
  'g.custom_image_vertical_path',
  'pl.nickname',
  'pl.email',
] as const;

/** SQL of the winners feed: the winning rounds and the lookups of their publication. */
export function createWinnersRepository(db: Db) {
  /** Winning rounds of playable games, with their game, player (for the nickname) and currency. */
  function winners(q: Db | Transaction<Database>) {
    return (
      q
        .selectFrom('game_wins as w')
        .innerJoin('games as g', 'g.id', 'w.game_id')
        .innerJoin('game_providers as gp', 'gp.id', 'g.provider_id')
        .innerJoin('players as pl', 'pl.id', 'w.player_id')
        .innerJoin('currencies as c', 'c.code', 'w.currency')
        .where('g.is_enabled', '=', true)
        .where('gp.is_enabled', '=', true)
        // Winners link to game pages: a sportsbook's tickets have none (they are not lobby games).
        .where('g.type', '<>', 'sportsbook')
        .select(WINNER_COLUMNS)
    );
  }

  return {
    /**
     * The bets (not rolled back) and wins recorded for a player's round of a provider (in
     * any of the player's sessions), in the caller's transaction.
     */
    async roundTotals(
      trx: Transaction<Database>,
      round: { provider: string; roundId: string; playerId: string },
    ): Promise<RoundTotals> {
      const row = await trx
        .selectFrom('game_wallet_transactions as t')
        .innerJoin('game_sessions as s', 's.id', 't.session_id')
        .where('t.provider', '=', round.provider)
        .where('t.round_id', '=', round.roundId)
        .where('s.player_id', '=', round.playerId)
        .select([
          sql<bigint>`coalesce(sum(t.amount_minor) filter (where t.kind = 'bet' and not t.rolled_back), 0)::int8`.as(
            'stake',
          ),
          sql<bigint>`coalesce(sum(t.amount_minor) filter (where t.kind = 'win'), 0)::int8`.as('won'),
        ])
        .executeTakeFirstOrThrow();
      return { stakeMinor: row.stake, wonMinor: row.won };
    },

    /**
     * Records (or updates, when the round is paid again) a winning round; the latest payment
     * dates it. Returns the row's id.
     */
    async upsertWin(
      trx: Transaction<Database>,
      win: {
        provider: string;
        roundId: string;
        gameId: string;
        playerId: string;
        currency: string;
        stakeMinor: bigint;
        payoutMinor: bigint;
      },
    ): Promise<{ id: string; gameId: string }> {
      const row = await trx
        .insertInto('game_wins')
        .values({
          provider: win.provider,
          round_id: win.roundId,
          game_id: win.gameId,
          player_id: win.playerId,
          currency: win.currency,
          stake_minor: win.stakeMinor,
          payout_minor: win.payoutMinor,
        })
        .onConflict((oc) =>
          oc.columns(['provider', 'player_id', 'round_id']).doUpdateSet((eb) => ({
            stake_minor: eb.ref('excluded.stake_minor'),
            payout_minor: eb.ref('excluded.payout_minor'),
            created_at: sql<Date>`now()`,
          })),
        )
        .returning(['id', 'game_id'])
        .executeTakeFirstOrThrow();
      return { id: row.id, gameId: row.game_id };
    },

    /**
     * The latest winning round of each playable game, newest first: one index probe per
     * game (game_wins_latest), so the cost follows the catalogue's size, not the history's.
     */
    async latestWinners(filter: { platform?: number; country?: string; limit: number }): Promise<WinnerRow[]> {
      return db
        .selectFrom('games as g')
        .innerJoin('game_providers as gp', 'gp.id', 'g.provider_id')
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('game_wins as lw')
              .select(['lw.id', 'lw.game_id', 'lw.player_id', 'lw.currency', 'lw.stake_minor', 'lw.payout_minor'])
              .select('lw.created_at')
              .whereRef('lw.game_id', '=', 'g.id')
              .orderBy('lw.created_at', 'desc')
              .orderBy('lw.id', 'desc')
              .limit(1)
              .as('w'),
          (join) => join.onTrue(),
        )
        .innerJoin('players as pl', 'pl.id', 'w.player_id')
        .innerJoin('currencies as c', 'c.code', 'w.currency')
        .where('g.is_enabled', '=', true)
        .where('gp.is_enabled', '=', true)
        .where('g.type', '<>', 'sportsbook')
        .where((eb) => {
          const conditions = [];
          if (filter.platform !== undefined)
            conditions.push(sql<SqlBool>`${filter.platform}::smallint = any(g.platforms)`);
          if (filter.country !== undefined)
            conditions.push(sql<SqlBool>`not (${filter.country} = any(g.restricted_countries))`);
          return eb.and(conditions);
        })
        .select(WINNER_COLUMNS)
        .orderBy('w.created_at', 'desc')
        .orderBy('w.id', 'desc')
        .limit(filter.limit)
        .execute();
    },

    /** Winning rounds by id, for their publication (rows of games disabled meanwhile are left out). */
    async winnersById(ids: readonly string[]): Promise<WinnerRow[]> {
      if (ids.length === 0) return [];
      return winners(db)
        .where('w.id', 'in', [...ids])
        .execute();
    },

    /** Every known country code (the winners channels are per country). */
    async listCountryCodes(): Promise<string[]> {
      const rows = await db.selectFrom('countries').select('code').orderBy('code').execute();
      return rows.map((row) => row.code);
    },
  };
}

export type WinnersRepository = ReturnType<typeof createWinnersRepository>;
