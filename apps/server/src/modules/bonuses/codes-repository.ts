import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { BonusCodeTable, Database, PlayerBonusCodeTable } from '../../db/schema';

type Executor = Kysely<Database>;
export type BonusCodeRow = Selectable<BonusCodeTable>;
export type PlayerBonusCodeRow = Selectable<PlayerBonusCodeTable>;

/** SQL of bonus codes: the operator's codes and the codes players entered. */
export function createBonusCodesRepository(db: Executor) {
  return {
    db,

    // ---- the operator's codes ----

    listCodes: (): Promise<(BonusCodeRow & { bonus_name: string })[]> =>
      db
        .selectFrom('bonus_codes as c')
        .innerJoin('bonuses as b', 'b.id', 'c.bonus_id')
        .selectAll('c')
        .select('b.name as bonus_name')
        .orderBy('c.created_at')
        .orderBy('c.id')
        .execute(),

    findCode: (id: string): Promise<(BonusCodeRow & { bonus_name: string }) | undefined> =>
      db
        .selectFrom('bonus_codes as c')
        .innerJoin('bonuses as b', 'b.id', 'c.bonus_id')
        .selectAll('c')
        .select('b.name as bonus_name')
        .where('c.id', '=', id)
        .executeTakeFirst(),

    insertCode: (row: Insertable<BonusCodeTable>): Promise<BonusCodeRow> =>
      db.insertInto('bonus_codes').values(row).returningAll().executeTakeFirstOrThrow(),

    /** Changes a code with its row locked (answers undefined for an unknown id). */
    updateCode: (
      id: string,
      change: (current: BonusCodeRow) => Updateable<BonusCodeTable>,
    ): Promise<BonusCodeRow | undefined> =>
      db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('bonus_codes')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!current) return undefined;
        return trx
          .updateTable('bonus_codes')
          .set({ ...change(current), updated_at: sql<Date>`now()` })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }),

    /** The seed's code under a fixed id: inserted when missing, an operator's edits kept. */
    async insertCodeIfMissing(row: Insertable<BonusCodeTable> & { id: string }): Promise<void> {
      await db
        .insertInto('bonus_codes')
        .values(row)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    async countCodes(): Promise<number> {
      const row = await db
        .selectFrom('bonus_codes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A code by its text, whatever the case, locked: its uses change one redemption at a time. */
    lockCodeByText: (q: Executor, text: string): Promise<BonusCodeRow | undefined> =>
      q
        .selectFrom('bonus_codes')
        .selectAll()
        .where(sql<string>`lower(code)`, '=', text.toLowerCase())
        .forUpdate()
        .executeTakeFirst(),

    lockCode: (q: Executor, id: string): Promise<BonusCodeRow | undefined> =>
      q.selectFrom('bonus_codes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    async countUse(q: Executor, id: string): Promise<void> {
      await q
        .updateTable('bonus_codes')
        .set({ uses: sql<number>`uses + 1` })
        .where('id', '=', id)
        .execute();
    },

    // ---- the codes players entered ----

    /**
     * Serialises one player's code entries and the deposit that uses a waiting code (the
     * attempt limit, the per-player cap, the one waiting code). Taken first, before any row lock.
     */
    async lockPlayer(q: Executor, playerId: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtext('croupier.bonus-codes'), hashtext(${playerId}))`.execute(q);
    },

    async countIncorrectSince(q: Executor, playerId: string, since: Date): Promise<number> {
      const row = await q
        .selectFrom('player_bonus_codes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('player_id', '=', playerId)
        .where('status', '=', sql.lit(3))
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** How many bonuses this code gave the player. */
    async countPlayerUses(q: Executor, codeId: string, playerId: string): Promise<number> {
      const row = await q
        .selectFrom('player_bonus_codes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('bonus_code_id', '=', codeId)
        .where('player_id', '=', playerId)
        .where('result', '=', sql.lit(2))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    insertEntry: (q: Executor, row: Insertable<PlayerBonusCodeTable>): Promise<PlayerBonusCodeRow> =>
      q.insertInto('player_bonus_codes').values(row).returningAll().executeTakeFirstOrThrow(),

    updateEntry: (q: Executor, id: string, patch: Updateable<PlayerBonusCodeTable>): Promise<PlayerBonusCodeRow> =>
      q
        .updateTable('player_bonus_codes')
        .set({ ...patch, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** The player's code waiting for a deposit, locked. */
    lockPending: (q: Executor, playerId: string): Promise<PlayerBonusCodeRow | undefined> =>
      q
        .selectFrom('player_bonus_codes')
        .selectAll()
        .where('player_id', '=', playerId)
        .where('result', '=', sql.lit(1))
        .forUpdate()
        .executeTakeFirst(),

    /** One of the player's entries, locked; another player's is not found. */
    lockEntry: (q: Executor, id: string, playerId: string): Promise<PlayerBonusCodeRow | undefined> =>
      q
        .selectFrom('player_bonus_codes')
        .selectAll()
        .where('id', '=', id)
        .where('player_id', '=', playerId)
        .forUpdate()
        .executeTakeFirst(),

    /**
     * The player's codes in force: waiting for a deposit (first), then wallet codes that
     * gave a bonus, newest first; `trigger` keeps one kind.
     */
    listInForce: (playerId: string, trigger: number | undefined, limit: number): Promise<PlayerBonusCodeRow[]> => {
      let query = db
        .selectFrom('player_bonus_codes')
        .selectAll()
        .where('player_id', '=', playerId)
        .where((eb) =>
          eb.or([
            eb('result', '=', sql.lit(1)),
            eb.and([eb('result', '=', sql.lit(2)), eb('trigger', '=', sql.lit(1))]),
          ]),
        );
      if (trigger !== undefined) query = query.where('trigger', '=', trigger);
      return query.orderBy('result').orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
    },
  };
}

export type BonusCodesRepository = ReturnType<typeof createBonusCodesRepository>;
