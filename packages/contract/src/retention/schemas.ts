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

export const levelsQuerySchema = pageQuerySchema.extend({
  sortBy: z.enum(['order', 'points']).default('order'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
