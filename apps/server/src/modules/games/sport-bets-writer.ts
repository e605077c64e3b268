import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, SportBetItemTable, SportBetTable } from '../../db/schema';

/** Statuses of the bet history (constants game.bet.status). */
export const SportBetStatus = { OPEN: 1, WON: 2, LOST: 3, REFUNDED: 4, CASHED_OUT: 5 } as const;
export type SportBetStatusCode = (typeof SportBetStatus)[keyof typeof SportBetStatus];

export type NewSportBet = Omit<Insertable<SportBetTable>, 'id' | 'status' | 'payout_minor' | 'settled_at'>;
export type NewSportBetItem = Omit<Insertable<SportBetItemTable>, 'bet_id' | 'position'>;

/**
 * The bet history's writes (`sport_bets`, `sport_bet_items`, read by `GET /api/game/bets`),
 * made by a sportsbook in its own ticket transactions: a ticket and its selections when
 * placed, its status and payout when settled, resettled or cashed out.
 */
export const sportBetsWriter = {
  async insert(q: Kysely<Database>, bet: NewSportBet, items: readonly NewSportBetItem[]): Promise<void> {
    const { id } = await q.insertInto('sport_bets').values(bet).returning('id').executeTakeFirstOrThrow();
    await q
      .insertInto('sport_bet_items')
      .values(items.map((item, position) => ({ ...item, bet_id: id, position })))
      .execute();
  },

  async settle(
    q: Kysely<Database>,
    ref: { gameId: string; roundId: string },
    outcome: { status: Exclude<SportBetStatusCode, 1>; payoutMinor: bigint; settledAt: Date },
  ): Promise<void> {
    await sportBetsWriter.settleMany(q, ref.gameId, [{ roundId: ref.roundId, ...outcome }]);
  },

  /** Several rounds' tickets of one game settled in one statement. */
  async settleMany(
    q: Kysely<Database>,
    gameId: string,
    rows: readonly {
      roundId: string;
      status: Exclude<SportBetStatusCode, 1>;
      payoutMinor: bigint;
      settledAt: Date;
    }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map(
        (r) => sql`(${r.roundId}::text, ${r.status}::int2, ${r.payoutMinor}::int8, ${r.settledAt}::timestamptz)`,
      ),
    );
    await sql`
      update sport_bets b set status = v.status, payout_minor = v.payout_minor, settled_at = v.settled_at
      from (values ${values}) as v (round_id, status, payout_minor, settled_at)
      where b.game_id = ${gameId} and b.round_id = v.round_id`.execute(q);
  },
};
export type SportBetsWriter = typeof sportBetsWriter;
