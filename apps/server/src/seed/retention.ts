import type { LoyaltyPerk } from '@croupier/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { LoyaltyLevelTable } from '../db/schema';
import { stableUuid } from '../lib/stable-uuid';
import { createLoyaltyRepository, createRetentionRepository } from '../modules/retention/repository';
import { currencyRows } from './reference-data';
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

/**
 * Loyalty earning (docs/loyalty.md): 1 point per US dollar of real money staked, the same
 * value in every currency (from the seeded rates); the in-house roulette and the live
 * studio count less, as their house edge is lower. No level bonus is seeded: the operator
 * chooses one per level.
 */
export const LOYALTY_CONTRIBUTIONS: readonly { scope: 'game' | 'provider'; key: string; percent: number }[] = [
  { scope: 'game', key: 'roulette', percent: 20 },
  { scope: 'provider', key: 'velvet-room', percent: 10 },
];

export function loyaltyRateRows(): { currency: string; micropointsPerUnit: bigint }[] {
  return currencyRows().map((c) => ({
    currency: c.code,
    // `rate` is minor units per US dollar: a unit is worth subunit / rate dollars.
    micropointsPerUnit: BigInt(Math.round((Number(c.subunit_to_unit) * 1e6) / Number(c.rate))),
  }));
}

export const loyaltySeeder: Seeder = {
  name: 'loyalty',
  isEmpty: async (db: Db) => (await createLoyaltyRepository(db).countRates()) === 0,
  run: async (db: Db) =>
    createLoyaltyRepository(db).insertMissingConfig({
      rates: loyaltyRateRows(),
      contributions: [...LOYALTY_CONTRIBUTIONS],
    }),
};
