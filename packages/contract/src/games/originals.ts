import { z } from 'zod';
import { dataEnvelope, pagedEnvelope } from '../common/envelope';

/** The in-house games that play on a seed pair and have a play endpoint. */
export const ORIGINALS_GAMES = ['dice', 'limbo', 'mines', 'plinko', 'roulette', 'slot'] as const;
export type OriginalsGame = (typeof ORIGINALS_GAMES)[number];

/** The catalogue game (identity) of each in-house game: the slot is Fruit Fiesta. */
export const ORIGINALS_CATALOGUE_IDENTITY: Readonly<Record<OriginalsGame, string>> = {
  dice: 'dice',
  limbo: 'limbo',
  mines: 'mines',
  plinko: 'plinko',
  roulette: 'roulette',
  slot: 'fruit-fiesta',
};

/** The in-house game of a catalogue identity, if it is one. */
export function originalsGameOf(identity: string): OriginalsGame | undefined {
  return ORIGINALS_GAMES.find((game) => ORIGINALS_CATALOGUE_IDENTITY[game] === identity);
}

/** Most bets one roulette spin takes. */
export const ROULETTE_MAX_BETS_PER_SPIN = 50;

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
export const plinkoPlayBodySchema = z.object({
  amount: z.number(),
  rows: z.number(),
  risk: z.string(),
});
/**
 * One paid spin; the free spins it triggers are part of the same round. With `freespinId`
 * the spin is one of a free-spins bonus's (its bet value is the stake, no money moves) and
 * `amount` is not read.
 */
export const slotPlayBodySchema = z.object({
  amount: z.number().optional(),
  freespinId: z.string().max(64).optional(),
});
/**
 * A roulette bet: `numbers` for straight, split, street, corner and sixLine; `index` (1–3)
 * for dozen and column; neither for red, black, odd, even, low, high. `amount` in major units.
 */
export const rouletteBetBodySchema = z.object({
  type: z.string(),
  numbers: z.array(z.number()).optional(),
  index: z.number().optional(),
  amount: z.number(),
});
export type RouletteBetBody = z.infer<typeof rouletteBetBodySchema>;
/** The round's stake is the sum of the bets' amounts. */
export const roulettePlayBodySchema = z.object({
  bets: z.array(rouletteBetBodySchema).min(1).max(ROULETTE_MAX_BETS_PER_SPIN),
});
export const minesStartBodySchema = z.object({
  amount: z.number(),
  mineCount: z.number(),
});
/** A tile of the 5×5 board, 0–24 row-major. */
export const minesRevealBodySchema = z.object({ tile: z.number() });

export const originalsRoundSchema = z.object({
  id: z.string(),
  game: z.enum(ORIGINALS_GAMES),
  /** The catalogue game (the slot's is `fruit-fiesta`). */
  gameIdentity: z.string(),
  /** `open`: a mines round still being played (outcome without the mines); otherwise `settled`. */
  status: z.enum(['open', 'settled']),
  isDemo: z.boolean(),
  amount: z.number(),
  payout: z.number(),
  /** Payout multiplier of the round (0 on a loss). */
  multiplier: z.number(),
  currency: z.string(),
  params: z.record(z.string(), z.unknown()),
  outcome: z.record(z.string(), z.unknown()),
  /** Mines: the player's steps `{ reveals: number[], cashOut: boolean }` for replayMines; null otherwise. */
  actions: z.object({ reveals: z.array(z.number().int()), cashOut: z.boolean() }).nullable(),
  seeds: z.object({
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    nonce: z.number().int(),
    /** Null until the pair is rotated. */
    serverSeed: z.string().nullable(),
  }),
  createdAt: z.string(),
  /** Played with a free spin of this grant (no money moved; `amount` is the grant's bet value). */
  freespinId: z.string().nullable().optional(),
});
export type OriginalsRound = z.infer<typeof originalsRoundSchema>;

/**
 * Free spins of a bonus that the session's player may play in this game and currency
 * (real money only): each spin's stake is `betAmount`, and what they win becomes a bonus to
 * wager when the last one is played.
 */
export const originalsFreespinSchema = z.object({
  id: z.string(),
  name: z.string(),
  count: z.number().int(),
  usedCount: z.number().int(),
  /** Spins left. */
  remaining: z.number().int(),
  betAmount: z.number(),
  /** What the spins played so far have won. */
  won: z.number(),
  expiresAt: z.string().nullable(),
});
export type OriginalsFreespin = z.infer<typeof originalsFreespinSchema>;

/** The grant after a free spin: finished when its last spin was played, with the bonus its winnings became. */
export const originalsFreespinAfterSchema = originalsFreespinSchema.extend({
  finished: z.boolean(),
  /** 1 open, 2 played, 3 cancelled, 4 expired. */
  result: z.number().int(),
  winningsBonus: z
    .object({
      id: z.string(),
      amount: z.number(),
      /** False when another bonus was active: this one waits, issued, to be activated. */
      activated: z.boolean(),
    })
    .nullable(),
});
export type OriginalsFreespinAfter = z.infer<typeof originalsFreespinAfterSchema>;

/**
 * A play answer: the round and the balance after it (minor-unit exactness kept in major
 * numbers), real plus bonus money as the session's `balance`; after a free spin, the grant
 * as it is now.
 */
export const originalsPlayResponseSchema = dataEnvelope(
  z.object({ round: originalsRoundSchema, balance: z.number(), freespin: originalsFreespinAfterSchema.optional() }),
);
export const originalsRoundResponseSchema = dataEnvelope(originalsRoundSchema);
/** `GET /api/game/originals/mines/active`: the open mines round to resume, or null. */
export const minesActiveResponseSchema = dataEnvelope(originalsRoundSchema.nullable());

/** `GET /api/game/spins`: the player's casino rounds. */
export const spinSchema = z.object({
  id: z.string(),
  game: z.string(),
  gameIdentity: z.string(),
  amount: z.number(),
  payout: z.number(),
  currency: z.string(),
  createdAt: z.string(),
  /** Present (true) on a free spin of a bonus: `amount` is its bet value, no money was staked. */
  isFreespin: z.boolean().optional(),
});
export type Spin = z.infer<typeof spinSchema>;
export const spinsResponseSchema = pagedEnvelope(spinSchema);
