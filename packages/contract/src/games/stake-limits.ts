import { z } from 'zod';
import { dataEnvelope } from '../common/envelope';

/** The operator's stake limits of a game in one currency, in major units of that currency. */
export const stakeLimitSchema = z.object({
  currency: z.string(),
  minStake: z.number(),
  maxStake: z.number(),
  updatedAt: z.string(),
});
export type StakeLimit = z.infer<typeof stakeLimitSchema>;

/** `PUT /api/admin/games/{idOrIdentity}/stake-limits/{currency}`: amounts in major units. */
export const stakeLimitBodySchema = z.object({
  minStake: z.number().positive(),
  maxStake: z.number().positive(),
});
export type StakeLimitBody = z.infer<typeof stakeLimitBodySchema>;

export const stakeLimitParamsSchema = z.object({
  id: z.string().max(128),
  currency: z
    .string()
    .regex(/^[A-Z0-9]{2,10}$/, 'a currency code')
    .describe('ISO 4217 or the crypto code (USD, BTC…)'),
});

export const stakeLimitResponseSchema = dataEnvelope(stakeLimitSchema);
export const stakeLimitsResponseSchema = dataEnvelope(z.array(stakeLimitSchema));
