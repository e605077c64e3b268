import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope } from '../common/envelope';

/**
 * Weekly cashback (docs/bonuses.md, "Weekly cashback"): a share of a player's net loss of
 * real money in games over a week, given back as a bonus after the week ends.
 */

/** `GET /api/game/bonuses/cashback`. */
export const cashbackQuerySchema = z.object({
  currency: z
    .string()
    .regex(/^[A-Za-z0-9]{2,10}$/, { error: 'This currency is not available.' })
    .transform((value) => value.toUpperCase()),
});

/** A cashback the player received: the bonus, its amount (major units of the currency asked) and when. */
export const cashbackSchema = z.object({
  bonusId: z.string(),
  bonusName: z.string(),
  amount: z.number(),
  date: z.string(),
});
export type Cashback = z.infer<typeof cashbackSchema>;

export const bonusCashbackEndpoints = {
  listCashback: defineEndpoint({
    method: 'GET',
    path: '/api/game/bonuses/cashback',
    access: 'player',
    query: cashbackQuerySchema,
    response: dataEnvelope(z.array(cashbackSchema)),
  }),
};
