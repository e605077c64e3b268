import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, LoyaltyAccountTable, LoyaltyLevelTable } from '../../db/schema';

export type LoyaltyLevelRow = Selectable<LoyaltyLevelTable>;
export type LoyaltyAccountRow = Selectable<LoyaltyAccountTable>;
/** The pool or a transaction (PGlite: inside a transaction only the transaction). */
export type Executor = Kysely<Database>;

export interface LoyaltyConfigRows {
  rates: { currency: string; micropoints_per_unit: bigint }[];
  contributions: { scope: 'game' | 'provider'; key: string; percent: number }[];
  rewards: { level_id: string; bonus_id: string }[];
}

export interface LevelsPageQuery {
  sortBy: 'order' | 'points';
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export function createRetentionRepository(db: Db) {
  return {
    async listLevels(query: LevelsPageQuery): Promise<LoyaltyLevelRow[]> {
      return (
        db
          .selectFrom('loyalty_levels')
          .selectAll()
          .orderBy(query.sortBy, query.sortOrder)
          // Both sort keys are unique, so this only makes the order explicit.
          .orderBy('id')
          .offset(query.offset)
          .limit(query.limit)
          .execute()
      );
    },

    async countLevels(): Promise<number> {
      const row = await db
        .selectFrom('loyalty_levels')
        .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Inserts the levels that are missing (by id); an operator's edits to existing rows survive. */
    async insertMissingLevels(levels: Insertable<LoyaltyLevelTable>[]): Promise<void> {
      if (levels.length === 0) return;
      await db
        .insertInto('loyalty_levels')
        .values(levels)
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
  };
}

/** Loyalty accounts, their points entries and the operator's configuration (docs/loyalty.md). */
export function createLoyaltyRepository(db: Db) {
  return {
    db,

    async allLevels(q: Executor): Promise<LoyaltyLevelRow[]> {
      return q.selectFrom('loyalty_levels').selectAll().orderBy('order').execute();
    },

    async findAccount(q: Executor, playerId: string): Promise<LoyaltyAccountRow | undefined> {
      return q.selectFrom('loyalty_accounts').selectAll().where('player_id', '=', playerId).executeTakeFirst();
    },

    /** Creates the player's row unless it exists, then locks it to the end of the transaction. */
    /**
     * The player's account, created at the lowest level when missing, locked for the caller's
     * transaction: one statement (a conflict's no-op update takes the row lock and returns it).
     */
    async lockAccount(
      q: Executor,
      playerId: string,
      initial: { levelId: string; order: number },
    ): Promise<LoyaltyAccountRow> {
      return q
        .insertInto('loyalty_accounts')
        .values({ player_id: playerId, level_id: initial.levelId, highest_order: initial.order })
        .onConflict((oc) => oc.column('player_id').doUpdateSet((eb) => ({ player_id: eb.ref('excluded.player_id') })))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async updateAccount(
      q: Executor,
      playerId: string,
      values: {
        points: bigint;
        remainderAttopoints: bigint;
        levelId: string;
        highestOrder: number;
        currency: string | null;
      },
    ): Promise<LoyaltyAccountRow> {
      return q
        .updateTable('loyalty_accounts')
        .set({
          points: values.points,
          remainder_attopoints: values.remainderAttopoints,
          level_id: values.levelId,
          highest_order: values.highestOrder,
          currency: values.currency,
          updated_at: new Date(),
        })
        .where('player_id', '=', playerId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Records a change of points unless its (player, source) exists; true when it is new. */
    /** Writes entries in one statement; answers the sources written (a source seen before is skipped). */
    async insertEntries(
      q: Executor,
      entries: readonly {
        playerId: string;
        source: string;
        attopoints: bigint;
        roundId?: string;
        stakeMinor?: bigint;
      }[],
    ): Promise<Set<string>> {
      if (entries.length === 0) return new Set();
      const rows = await q
        .insertInto('loyalty_point_entries')
        .values(
          entries.map((entry) => ({
            player_id: entry.playerId,
            source: entry.source,
            attopoints: entry.attopoints.toString(),
            round_id: entry.roundId ?? null,
            stake_minor: entry.stakeMinor ?? null,
          })),
        )
        .onConflict((oc) => oc.columns(['player_id', 'source']).doNothing())
        .returning('source')
        .execute();
      return new Set(rows.map((row) => row.source));
    },

    async insertEntry(
      q: Executor,
      entry: { playerId: string; source: string; attopoints: bigint; roundId?: string; stakeMinor?: bigint },
    ): Promise<boolean> {
      const row = await q
        .insertInto('loyalty_point_entries')
        .values({
          player_id: entry.playerId,
          source: entry.source,
          attopoints: entry.attopoints.toString(),
          round_id: entry.roundId ?? null,
          stake_minor: entry.stakeMinor ?? null,
        })
        .onConflict((oc) => oc.columns(['player_id', 'source']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The newest bet entry of a round with this stake that no rollback has taken back yet. */
    async findBetToReverse(
      q: Executor,
      playerId: string,
      roundId: string,
      stakeMinor: bigint,
    ): Promise<{ id: string; attopoints: bigint } | undefined> {
      const row = await q
        .selectFrom('loyalty_point_entries')
        .select(['id', sql<string>`attopoints::text`.as('attopoints')])
        .where('player_id', '=', playerId)
        .where('round_id', '=', roundId)
        .where('stake_minor', '=', stakeMinor)
        .where('reversed', '=', false)
        .where('source', 'like', 'bet:%')
        .orderBy('id', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      return row ? { id: String(row.id), attopoints: BigInt(row.attopoints) } : undefined;
    },

    async markReversed(q: Executor, entryId: string): Promise<void> {
      await q.updateTable('loyalty_point_entries').set({ reversed: true }).where('id', '=', entryId).execute();
    },

    async config(q: Executor): Promise<LoyaltyConfigRows> {
      const [rates, contributions, rewards] = [
        await q.selectFrom('loyalty_rates').select(['currency', 'micropoints_per_unit']).orderBy('currency').execute(),
        await q
          .selectFrom('loyalty_contributions')
          .select(['scope', 'key', 'percent'])
          .orderBy('scope')
          .orderBy('key')
          .execute(),
        await q.selectFrom('loyalty_level_rewards').select(['level_id', 'bonus_id']).orderBy('level_id').execute(),
      ];
      return { rates, contributions, rewards };
    },

    async countRates(): Promise<number> {
      const row = await db
        .selectFrom('loyalty_rates')
        .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async upsertRate(currency: string, micropointsPerUnit: bigint): Promise<void> {
      await db
        .insertInto('loyalty_rates')
        .values({ currency, micropoints_per_unit: micropointsPerUnit })
        .onConflict((oc) =>
          oc.column('currency').doUpdateSet({ micropoints_per_unit: micropointsPerUnit, updated_at: new Date() }),
        )
        .execute();
    },

    /** Seeds: inserts the rates and contributions that are missing; the operator's rows survive. */
    async insertMissingConfig(input: {
      rates: { currency: string; micropointsPerUnit: bigint }[];
      contributions: { scope: 'game' | 'provider'; key: string; percent: number }[];
    }): Promise<void> {
      if (input.rates.length > 0)
        await db
          .insertInto('loyalty_rates')
          .values(input.rates.map((r) => ({ currency: r.currency, micropoints_per_unit: r.micropointsPerUnit })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      if (input.contributions.length > 0)
        await db
          .insertInto('loyalty_contributions')
          .values(input.contributions)
          .onConflict((oc) => oc.doNothing())
          .execute();
    },

    async upsertContribution(scope: 'game' | 'provider', key: string, percent: number): Promise<void> {
      await db
        .insertInto('loyalty_contributions')
        .values({ scope, key, percent })
        .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet({ percent, updated_at: new Date() }))
        .execute();
    },

    async deleteContribution(scope: 'game' | 'provider', key: string): Promise<void> {
      await db.deleteFrom('loyalty_contributions').where('scope', '=', scope).where('key', '=', key).execute();
    },

    async upsertReward(levelId: string, bonusId: string): Promise<void> {
      await db
        .insertInto('loyalty_level_rewards')
        .values({ level_id: levelId, bonus_id: bonusId })
        .onConflict((oc) => oc.column('level_id').doUpdateSet({ bonus_id: bonusId, updated_at: new Date() }))
        .execute();
    },

    async deleteReward(levelId: string): Promise<void> {
      await db.deleteFrom('loyalty_level_rewards').where('level_id', '=', levelId).execute();
    },
  };
}

export type LoyaltyRepository = ReturnType<typeof createLoyaltyRepository>;

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
