import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope, pagedEnvelope } from '../common/envelope';
import { playerBonusesQuerySchema, playerBonusParamsSchema, playerFreespinSchema } from './schemas';

/**
 * Free spins given to a player (docs/bonuses.md, "Free spins"): a free-spins bonus (type 3)
 * gives a grant of spins on one game at a fixed bet value. Amounts in major units of the
 * grant's currency.
 */

/** A grant as the player's list answers it: the reference's PlayerFreespin and Croupier's additions. */
export const playerFreespinDetailSchema = playerFreespinSchema.extend({
  /** The catalogue identity of the game the spins are played on (the client fetches the game by it). */
  gameId: z.string(),
  providerId: z.string(),
  usedCount: z.number().int(),
  /** Spins used, percent of `count` (two decimals). */
  progress: z.number(),
  /** The stake of one spin. */
  betAmount: z.number(),
  /** What the spins played so far have won; it becomes a bonus to wager when the grant finishes. */
  wonAmount: z.number(),
  /** The player bonus the winnings became (finished grants that won something). */
  winningsBonusId: z.string().nullable(),
});
export type PlayerFreespinDetail = z.infer<typeof playerFreespinDetailSchema>;

/** `GET /api/game/player-freespins`: the same filters as the player's bonuses. */
export const playerFreespinsQuerySchema = playerBonusesQuerySchema;
export type PlayerFreespinsQuery = z.infer<typeof playerFreespinsQuerySchema>;

/** The player's free spins: list, activation and cancellation. */
export const bonusFreespinEndpoints = {
  listPlayerFreespins: defineEndpoint({
    method: 'GET',
    path: '/api/game/player-freespins',
    access: 'player',
    query: playerFreespinsQuerySchema,
    response: pagedEnvelope(playerFreespinDetailSchema),
  }),
  activatePlayerFreespin: defineEndpoint({
    method: 'PUT',
    path: '/api/game/player-freespins/:id/activate',
    access: 'player',
    params: playerBonusParamsSchema,
    response: dataEnvelope(playerFreespinDetailSchema),
  }),
  cancelPlayerFreespin: defineEndpoint({
    method: 'PUT',
    path: '/api/game/player-freespins/:id/cancel',
    access: 'player',
    params: playerBonusParamsSchema,
    response: dataEnvelope(playerFreespinDetailSchema),
  }),
};
