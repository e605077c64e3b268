import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { AccountClosureTable } from '../../db/schema';

export type ClosureRow = Selectable<AccountClosureTable>;
export type AdminClosureRow = ClosureRow & { email: string | null; phone: string | null };

/** Closure requests (table `account_closures`) and the account's `closed_at`. */
export function createClosureRepository(db: Db) {
  return {
    /**
     * Closes the account, records the request and ends every open session, in one
     * transaction; undefined when the account was closed already (a parallel request).
     */
    async close(
      playerId: string,
      request: { reason: string; comment: string | null; balances: ClosureRow['balances'] },
    ): Promise<ClosureRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const closed = await trx
          .updateTable('players')
          .set({ closed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
          .where('id', '=', playerId)
          .where('closed_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!closed) return undefined;
        const row = await trx
          .insertInto('account_closures')
          .values({
            player_id: playerId,
            reason: request.reason,
            comment: request.comment,
            balances: JSON.stringify(request.balances),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('player_sessions')
          .set({ closed_at: sql<Date>`now()`, close_reason: 'closed' })
          .where('player_id', '=', playerId)
          .where('closed_at', 'is', null)
          .execute();
        return row;
      });
    },

    /** Every closure request, newest first, with the player's contact for the payout. */
    async list(page: { offset: number; limit: number }): Promise<{ rows: AdminClosureRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('account_closures as c')
          .innerJoin('players as p', 'p.id', 'c.player_id')
          .selectAll('c')
          .select(['p.email', 'p.phone'])
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        db
          .selectFrom('account_closures')
          .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}

export type ClosureRepository = ReturnType<typeof createClosureRepository>;
