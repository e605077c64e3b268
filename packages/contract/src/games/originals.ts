import { z } from 'zod';
import { dataEnvelope, pagedEnvelope } from '../common/envelope';

/** The in-house games that play on a seed pair and have a play endpoint. */
export const ORIGINALS_GAMES = ['dice', 'limbo'] as const;
export type OriginalsGame = (typeof ORIGINALS_GAMES)[number];

/** The player's seed pair: the server seed is shown only as its SHA-256 until rotated. */
export const seedPairSchema = z.object({
  id: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce of the next round. */
  nonce: z.number().int(),
});
export const revealedSeedPairSchema = seedPairSchema.extend({ serverSeed: z.string() });
export const seedsSchema = z.object({
  active: seedPairSchema,
  /** The pair just rotated out, its server seed revealed (only in the rotate answer). */
  previous: revealedSeedPairSchema.nullable(),
});
export type Seeds = z.infer<typeof seedsSchema>;
export const seedsResponseSchema = dataEnvelope(seedsSchema);
export const setClientSeedBodySchema = z.object({ clientSeed: z.string() });

/** Play bodies: `amount` in major units; the game's own fields are checked by packages/games (422 per field). */
export const dicePlayBodySchema = z.object({
  amount: z.number(),
  direction: z.string(),
  targetHundredths: z.number(),
});
export const limboPlayBodySchema = z.object({
  amount: z.number(),
  targetHundredths: z.number(),
});

export const originalsRoundSchema = z.object({
  id: z.string(),
  game: z.enum(ORIGINALS_GAMES),
  gameIdentity: z.string(),
  isDemo: z.boolean(),
  amount: z.number(),
  payout: z.number(),
  /** Payout multiplier of the round (0 on a loss). */
  multiplier: z.number(),
  currency: z.string(),
  params: z.record(z.string(), z.unknown()),
  outcome: z.record(z.string(), z.unknown()),
  seeds: z.object({
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    nonce: z.number().int(),
    /** Null until the pair is rotated. */
    serverSeed: z.string().nullable(),
  }),
  createdAt: z.string(),
});
export type OriginalsRound = z.infer<typeof originalsRoundSchema>;
/** A play answer: the round and the balance after it (minor-unit exactness kept in major numbers). */
export const originalsPlayResponseSchema = dataEnvelope(z.object({ round: originalsRoundSchema, balance: z.number() }));
export const originalsRoundResponseSchema = dataEnvelope(originalsRoundSchema);

/** `GET /api/game/spins`: the player's casino rounds. */
export const spinSchema = z.object({
  id: z.string(),
  game: z.string(),
  gameIdentity: z.string(),
  amount: z.number(),
  payout: z.number(),
  currency: z.string(),
  createdAt: z.string(),
});
export type Spin = z.infer<typeof spinSchema>;
export const spinsResponseSchema = pagedEnvelope(spinSchema);
