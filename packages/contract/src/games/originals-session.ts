import { z } from 'zod';
import { dataEnvelope } from '../common/envelope';
import { ORIGINALS_GAMES, originalsFreespinSchema } from './originals';

/**
 * `GET /api/game/originals/session`: what the in-house game frame needs to start, for the
 * session of its `X-Game-Session` token. Amounts in major units of `currency`.
 */
export const originalsSessionSchema = z.object({
  /** The catalogue game (the slot's is `fruit-fiesta`). */
  gameIdentity: z.string(),
  game: z.enum(ORIGINALS_GAMES),
  /** The catalogue name, for the page title. */
  name: z.string(),
  currency: z.string(),
  /** Decimal places of the currency's minor unit (2 for EUR, 0 for JPY). */
  decimals: z.number().int(),
  isDemo: z.boolean(),
  /** What the session can stake: real money plus bonus money (a bet takes real money first). */
  balance: z.number(),
  minStake: z.number(),
  maxStake: z.number(),
  /** The player's active free spins for this game and currency (empty in demo play). */
  freespins: z.array(originalsFreespinSchema),
});
export type OriginalsSession = z.infer<typeof originalsSessionSchema>;
export const originalsSessionResponseSchema = dataEnvelope(originalsSessionSchema);
