import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { LoyaltyLevelTable } from '../../db/schema';

export type LoyaltyLevelRow = Selectable<LoyaltyLevelTable>;

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

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
