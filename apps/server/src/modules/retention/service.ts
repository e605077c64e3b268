import type { LoyaltyLevel, PaginationMeta } from '@croupier/contract';
import { pageMeta, pageOffset } from '../../lib/pagination';
import type { LoyaltyLevelRow, RetentionRepository } from './repository';

export function toLoyaltyLevel(row: LoyaltyLevelRow): LoyaltyLevel {
  return {
    id: row.id,
    name: row.name,
    order: row.order,
    points: Number(row.points),
    identity: row.identity,
    perks: row.perks,
    image: row.image,
  };
}

export function createRetentionService(options: { repository: RetentionRepository }) {
  const { repository } = options;
  return {
    async listLevels(query: {
      page: number;
      perPage: number;
      sortBy: 'order' | 'points';
      sortOrder: 'asc' | 'desc';
    }): Promise<{ data: LoyaltyLevel[]; meta: PaginationMeta }> {
      const [rows, totalRows] = await Promise.all([
        repository.listLevels({
          sortBy: query.sortBy,
          sortOrder: query.sortOrder,
          offset: pageOffset(query.page, query.perPage),
          limit: query.perPage,
        }),
        repository.countLevels(),
      ]);
      return {
        data: rows.map(toLoyaltyLevel),
        meta: pageMeta({ page: query.page, perPage: query.perPage, totalRows }),
      };
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
