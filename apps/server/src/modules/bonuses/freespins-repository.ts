import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, PlayerFreespinTable } from '../../db/schema';
import { listPlayerRows, type PlayerListFilter } from './repository';

type Executor = Kysely<Database>;
export type PlayerFreespinRow = Selectable<PlayerFreespinTable>;

/** Status 2 as a literal: the partial index of active grants names it (see ARCHITECTURE.md, prepared statements). */
const ACTIVE = sql.lit(2);

/** SQL of free spins (`player_freespins`, migration 0026). */
export function createFreespinsRepository(db: Executor) {
  return {
    db,

    /** Inserts a grant unless this cause gave this bonus already (undefined then). */
    insert: (q: Executor, row: Insertable<PlayerFreespinTable>): Promise<PlayerFreespinRow | undefined> =>
      q
        .insertInto('player_freespins')
        .values(row)
        .onConflict((oc) => oc.columns(['bonus_id', 'source']).doNothing())
        .returningAll()
        .executeTakeFirst(),

    find: (q: Executor, id: string): Promise<PlayerFreespinRow | undefined> =>
      q.selectFrom('player_freespins').selectAll().where('id', '=', id).executeTakeFirst(),

    /** A player's grant, locked for a change; another player's is not found. */
    lockOwn: (q: Executor, id: string, playerId: string): Promise<PlayerFreespinRow | undefined> =>
      q
        .selectFrom('player_freespins')
        .selectAll()
        .where('id', '=', id)
        .where('player_id', '=', playerId)
        .forUpdate()
        .executeTakeFirst(),

    lockById: (q: Executor, id: string): Promise<PlayerFreespinRow | undefined> =>
      q.selectFrom('player_freespins').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    update: (q: Executor, id: string, patch: Updateable<PlayerFreespinTable>): Promise<PlayerFreespinRow> =>
      q.updateTable('player_freespins').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

    /**
     * Takes one spin of an active, unexpired grant of this account and game, in one
     * statement: concurrent spins wait on the row and see each other's count, so no more
     * than `count` are ever taken. Undefined when none may be taken.
     */
    takeSpin: (
      q: Executor,
      spin: { id: string; accountId: string; gameId: string; at: Date },
    ): Promise<PlayerFreespinRow | undefined> =>
      q
        .updateTable('player_freespins')
        .set({ used_count: sql<number>`used_count + 1` })
        .where('id', '=', spin.id)
        .where('account_id', '=', spin.accountId)
        .where('game_id', '=', spin.gameId)
        .where('status', '=', ACTIVE)
        .where(sql<boolean>`used_count < count`)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', spin.at)]))
        .returningAll()
        .executeTakeFirst(),

    /** Adds a spin's payout (0 too) to the grant's winnings and answers the grant. */
    addWin: (q: Executor, id: string, payoutMinor: bigint): Promise<PlayerFreespinRow> =>
      q
        .updateTable('player_freespins')
        .set({ won_minor: sql<bigint>`won_minor + ${payoutMinor}` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** An account's active grants on a game with spins left and time left, oldest first. */
    activeFor: (q: Executor, query: { accountId: string; gameId: string; at: Date }): Promise<PlayerFreespinRow[]> =>
      q
        .selectFrom('player_freespins')
        .selectAll()
        .where('account_id', '=', query.accountId)
        .where('game_id', '=', query.gameId)
        .where('status', '=', ACTIVE)
        .where(sql<boolean>`used_count < count`)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', query.at)]))
        .orderBy('activated_at')
        .orderBy('id')
        .execute(),

    list: (filter: PlayerListFilter): Promise<{ rows: PlayerFreespinRow[]; total: number }> =>
      listPlayerRows(db, 'player_freespins', filter),

    /** A catalogue game by id or identity, with its provider's identity (read in the issuing transaction). */
    findGame: (q: Executor, ref: string): Promise<{ id: string; identity: string; provider: string } | undefined> => {
      const lowered = ref.toLowerCase();
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(lowered);
      return q
        .selectFrom('games as g')
        .innerJoin('game_providers as p', 'p.id', 'g.provider_id')
        .select(['g.id', 'g.identity', 'p.identity as provider'])
        .where((eb) =>
          uuid ? eb.or([eb('g.id', '=', lowered), eb('g.identity', '=', lowered)]) : eb('g.identity', '=', lowered),
        )
        .executeTakeFirst();
    },
  };
}

export type FreespinsRepository = ReturnType<typeof createFreespinsRepository>;
