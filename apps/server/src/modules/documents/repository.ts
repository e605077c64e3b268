import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, PlayerDocumentTable } from '../../db/schema';

export type PlayerDocumentRow = Selectable<PlayerDocumentTable>;

const PENDING = 2;

/** SQL of players' documents. */
export function createDocumentsRepository(db: Kysely<Database>) {
  return {
    listForPlayer: (playerId: string): Promise<PlayerDocumentRow[]> =>
      db
        .selectFrom('player_documents')
        .selectAll()
        .where('player_id', '=', playerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    find: (id: string): Promise<PlayerDocumentRow | undefined> =>
      db.selectFrom('player_documents').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Oldest first: the operator works through the queue in order. */
    list: (filter: { status?: number | undefined; playerId?: string | undefined }): Promise<PlayerDocumentRow[]> => {
      let query = db.selectFrom('player_documents').selectAll();
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      if (filter.playerId !== undefined) query = query.where('player_id', '=', filter.playerId);
      return query.orderBy('created_at').orderBy('id').limit(1000).execute();
    },

    /**
     * Inserts a pending document unless the player already has `maxPending` of its type
     * pending. The player's row is locked first, so parallel uploads count one another.
     */
    insertPending: (
      row: Insertable<PlayerDocumentTable>,
      maxPending: number,
    ): Promise<PlayerDocumentRow | 'too-many'> =>
      db.transaction().execute(async (trx) => {
        await trx.selectFrom('players').select('id').where('id', '=', row.player_id).forUpdate().executeTakeFirst();
        const { count } = await trx
          .selectFrom('player_documents')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('player_id', '=', row.player_id)
          .where('type', '=', row.type)
          .where('status', '=', PENDING)
          .executeTakeFirstOrThrow();
        if (Number(count) >= maxPending) return 'too-many' as const;
        return trx.insertInto('player_documents').values(row).returningAll().executeTakeFirstOrThrow();
      }),

    /** Deletes the player's document if it is still pending; answers the deleted row. */
    deletePending: (id: string, playerId: string): Promise<PlayerDocumentRow | undefined> =>
      db
        .deleteFrom('player_documents')
        .where('id', '=', id)
        .where('player_id', '=', playerId)
        .where('status', '=', PENDING)
        .returningAll()
        .executeTakeFirst(),

    /** Sets a pending document's review; undefined when it is not pending (any more). */
    review: (
      trx: Transaction<Database>,
      id: string,
      review: { status: number; rejectReason: string | null },
    ): Promise<PlayerDocumentRow | undefined> =>
      trx
        .updateTable('player_documents')
        .set({ status: review.status, reject_reason: review.rejectReason, reviewed_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', PENDING)
        .returningAll()
        .executeTakeFirst(),
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
