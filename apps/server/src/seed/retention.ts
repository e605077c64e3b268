import type { LoyaltyPerk } from '@croupier/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { LoyaltyLevelTable } from '../db/schema';
import { stableUuid } from '../lib/stable-uuid';
import { createRetentionRepository } from '../modules/retention/repository';
import type { Seeder } from './index';

/** Namespace of the loyalty levels' name-based ids (any fixed UUID; never change it). */
const LEVEL_ID_NAMESPACE = 'b0f6c9f2-6a51-4d8e-9a0e-6f2f4c3d7a11';

interface LevelSeed {
  identity: string;
  name: string;
  points: number;
  perks: LoyaltyPerk[];
}

/** The ladder: each level lists all its perks (cashback replaces the lower rate). */
export const LOYALTY_LEVELS: readonly LevelSeed[] = [
  { identity: 'bronze', name: 'Bronze', points: 0, perks: ['dailyQuests', 'birthdayBonus'] },
  { identity: 'silver', name: 'Silver', points: 500, perks: ['dailyQuests', 'birthdayBonus', 'weeklyCashback5'] },
  {
    identity: 'gold',
    name: 'Gold',
    points: 2_000,
    perks: ['dailyQuests', 'birthdayBonus', 'weeklyCashback7', 'weeklyFreeSpins', 'fasterWithdrawals'],
  },
  {
    identity: 'platinum',
    name: 'Platinum',
    points: 7_500,
    perks: [
      'dailyQuests',
      'birthdayBonus',
      'weeklyCashback10',
      'weeklyFreeSpins',
      'fasterWithdrawals',
      'exclusiveTournaments',
    ],
  },
  {
    identity: 'diamond',
    name: 'Diamond',
    points: 20_000,
    perks: [
      'dailyQuests',
      'birthdayBonus',
      'weeklyCashback12',
      'weeklyFreeSpins',
      'fasterWithdrawals',
      'higherWithdrawalLimits',
      'exclusiveTournaments',
      'personalManager',
    ],
  },
  {
    identity: 'elite',
    name: 'Elite',
    points: 50_000,
    perks: [
      'dailyQuests',
      'birthdayBonus',
      'weeklyCashback15',
      'weeklyFreeSpins',
      'fasterWithdrawals',
      'higherWithdrawalLimits',
      'exclusiveTournaments',
      'personalManager',
      'luxuryGifts',
    ],
  },
  {
    identity: 'legend',
    name: 'Legend',
    points: 150_000,
    perks: [
      'dailyQuests',
      'birthdayBonus',
      'weeklyCashback20',
      'weeklyFreeSpins',
      'fasterWithdrawals',
      'higherWithdrawalLimits',
      'exclusiveTournaments',
      'personalManager',
      'luxuryGifts',
      'vipEvents',
      'tailoredBonuses',
    ],
  },
];

export function loyaltyLevelId(identity: string): string {
  return stableUuid(LEVEL_ID_NAMESPACE, `loyalty-level:${identity}`);
}

export function loyaltyLevelRows(): Insertable<LoyaltyLevelTable>[] {
  return LOYALTY_LEVELS.map((level, index) => ({
    id: loyaltyLevelId(level.identity),
    identity: level.identity,
    name: level.name,
    order: index + 1,
    points: level.points,
    perks: [...level.perks],
    image: `/images/loyalty/${level.identity}.svg`,
  }));
}

export const retentionSeeder: Seeder = {
  name: 'retention',
  isEmpty: async (db: Db) => (await createRetentionRepository(db).countLevels()) === 0,
  run: async (db: Db) => createRetentionRepository(db).insertMissingLevels(loyaltyLevelRows()),
};
