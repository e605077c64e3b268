import { z } from 'zod';
import { pageQuerySchema } from '../common/query';

export const loyaltyLevelSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Rank: a higher order is a higher level. */
  order: z.number().int(),
  /** Points needed to reach the level. */
  points: z.number(),
  /** Croupier additions for the levels page: a slug, perk ids (texts in content) and artwork. */
  identity: z.string(),
  perks: z.array(z.string()),
  image: z.string(),
});
export type LoyaltyLevel = z.infer<typeof loyaltyLevelSchema>;

/**
 * Perk ids the seeded levels use; a client keys its texts on them (content
 * `loyalty.perks.<id>`). The level's `perks` stays a plain string list so that an
 * operator can add a perk before every client knows it.
 */
export const LOYALTY_PERKS = [
  'dailyQuests',
  'birthdayBonus',
  'weeklyCashback5',
  'weeklyCashback7',
  'weeklyCashback10',
  'weeklyCashback12',
  'weeklyCashback15',
  'weeklyCashback20',
  'weeklyFreeSpins',
  'fasterWithdrawals',
  'higherWithdrawalLimits',
  'exclusiveTournaments',
  'personalManager',
  'luxuryGifts',
  'vipEvents',
  'tailoredBonuses',
] as const;
export type LoyaltyPerk = (typeof LOYALTY_PERKS)[number];

export const levelsQuerySchema = pageQuerySchema.extend({
  sortBy: z.enum(['order', 'points']).default('order'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
