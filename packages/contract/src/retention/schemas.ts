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

// --- loyalty configuration (the operator's; docs/loyalty.md) ---

/** Points per 1 major unit of real money staked in a currency, to 6 decimals. */
export const loyaltyRateSchema = z.object({
  currency: z.string(),
  pointsPerUnit: z.number(),
});
export type LoyaltyRate = z.infer<typeof loyaltyRateSchema>;

export const loyaltyRateBodySchema = z.object({
  pointsPerUnit: z
    .number()
    .min(0)
    .max(1_000_000_000)
    .refine((value) => Math.abs(value * 1e6 - Math.round(value * 1e6)) < 1e-6, { error: 'at most 6 decimals' }),
});

/** The share of a stake that counts for a game (by identity) or a provider, in percent. */
export const loyaltyContributionSchema = z.object({
  scope: z.enum(['game', 'provider']),
  key: z.string().trim().min(1).max(100),
  percent: z.number().int().min(0).max(100),
});
export type LoyaltyContribution = z.infer<typeof loyaltyContributionSchema>;

/** `percent: null` removes the row (the stake counts 100 % again, or its provider's share). */
export const loyaltyContributionBodySchema = loyaltyContributionSchema.extend({
  percent: z.number().int().min(0).max(100).nullable(),
});

/** The catalogue bonus a level gives when first reached. */
export const loyaltyLevelRewardSchema = z.object({
  levelId: z.string(),
  bonusId: z.string(),
});
export type LoyaltyLevelReward = z.infer<typeof loyaltyLevelRewardSchema>;

/** `bonusId: null` removes the level's reward. */
export const loyaltyLevelRewardBodySchema = z.object({
  bonusId: z.uuid().nullable(),
});

export const loyaltySettingsSchema = z.object({
  rates: z.array(loyaltyRateSchema),
  contributions: z.array(loyaltyContributionSchema),
  levelRewards: z.array(loyaltyLevelRewardSchema),
});
export type LoyaltySettings = z.infer<typeof loyaltySettingsSchema>;

export const loyaltyCurrencyParamsSchema = z.object({ currency: z.string().min(2).max(10) });
export const loyaltyLevelParamsSchema = z.object({ levelId: z.uuid() });
