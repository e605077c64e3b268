import { z } from 'zod';
import { dataEnvelope } from '../common/envelope';

/** `POST /api/game/games/{idOrIdentity}/play` (GameStart). */
export const gameStartBodySchema = z.object({
  /** The account to play from (real money); the active account when omitted. Ignored in demo. */
  accountId: z.string().max(64).optional(),
  /** Absolute URL the game's lobby button returns to. */
  lobbyUrl: z.string().max(2000).optional(),
  locale: z.string().max(16).optional(),
  countryCode: z.string().max(2).optional(),
  /** 1 mobile, 2 desktop */
  platform: z.union([z.literal(1), z.literal(2)]).optional(),
  demoMode: z.boolean().default(false),
});
export type GameStartBody = z.infer<typeof gameStartBodySchema>;

export const gameStartSchema = z.object({
  /** Where the page points its game frame. */
  gameUrl: z.string(),
  /** The game session token the game presents on every wallet call (short-lived). */
  token: z.string(),
});
export type GameStart = z.infer<typeof gameStartSchema>;
export const gameStartResponseSchema = dataEnvelope(gameStartSchema);

/**
 * Answers of the provider callbacks, with the status names game aggregators use (Hub88).
 * Every answer carries the balance as it is now, also when the call was refused.
 */
export const GAME_WALLET_STATUSES = [
  'OK',
  'UNKNOWN',
  'INVALID_PARTNER',
  'INVALID_TOKEN',
  'INVALID_GAME',
  'WRONG_CURRENCY',
  'NOT_ENOUGH_MONEY',
  'USER_DISABLED',
  'INVALID_SIGNATURE',
  'TOKEN_EXPIRED',
  'WRONG_SYNTAX',
  'WRONG_TYPES',
  'DUPLICATE_TRANSACTION',
  'TRANSACTION_DOES_NOT_EXIST',
  'TRANSACTION_ROLLED_BACK',
  'BET_OUT_OF_LIMITS',
  /** Responsible gaming: a limit of the player (loss, wager) would be passed by the bet. */
  'LIMIT_REACHED',
  /** Responsible gaming: the player must acknowledge a reality check before betting on. */
  'REALITY_CHECK',
  /**
   * A free round (a win naming `freeRoundsId`) the casino does not take: the free rounds are
   * not this session's player, account or game, not active, used up or past their deadline.
   */
  'FREE_ROUNDS_NOT_AVAILABLE',
] as const;
export const gameWalletStatusSchema = z.enum(GAME_WALLET_STATUSES);
export type GameWalletStatus = z.infer<typeof gameWalletStatusSchema>;

/** Amounts of the callbacks are integers in minor units of the session's currency. */
const minorAmount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const providerId = z.string().min(1).max(200);

export const gameWalletBalanceRequestSchema = z.object({
  token: z.string().min(1).max(200),
  currency: z.string().max(16).optional(),
});
export const gameWalletBetRequestSchema = z.object({
  token: z.string().min(1).max(200),
  transactionId: providerId,
  roundId: providerId,
  amount: minorAmount,
  currency: z.string().max(16),
});
export const gameWalletWinRequestSchema = gameWalletBetRequestSchema.extend({
  /**
   * Set on the result of a free round: the id of the free rounds the casino granted
   * (`freeRoundsId` of the grant call). No bet precedes it; `amount` is what the round won.
   */
  freeRoundsId: z.uuid().optional(),
});
export const gameWalletRollbackRequestSchema = z.object({
  token: z.string().min(1).max(200),
  transactionId: providerId,
  /** The bet to undo; it may be unknown (the bet never arrived). */
  referenceTransactionId: providerId,
  roundId: providerId,
});
/**
 * A correction of what a settled round paid (a sportsbook's resettlement of a corrected
 * result): `amount` is signed, in minor units; positive credits the player, negative takes
 * money back (at most the real balance; the rest is recorded as a shortfall).
 */
export const gameWalletResettleRequestSchema = z.object({
  token: z.string().min(1).max(200),
  transactionId: providerId,
  roundId: providerId,
  amount: z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
});
export const gameWalletEndRoundRequestSchema = z.object({
  token: z.string().min(1).max(200),
  roundId: providerId,
});

export const gameWalletResponseSchema = z.object({
  status: gameWalletStatusSchema,
  /** Real money, minor units. */
  balance: z.number().int(),
  /** Bonus money, minor units (kept apart). */
  bonusBalance: z.number().int(),
  currency: z.string(),
  /** The operator's id of the recorded transaction (bet, win, rollback). */
  transactionId: z.string().optional(),
});
export type GameWalletResponse = z.infer<typeof gameWalletResponseSchema>;

/**
 * Free rounds, the casino's calls to a provider (docs/bonuses.md, "Free spins"): a grant of
 * `rounds` rounds of `betAmount` (minor units) on one game for one player, to be played until
 * `expiresAt`; each round's result comes back as a `win` naming `freeRoundsId`. Signed like
 * the callbacks (`X-Croupier-Signature` over the raw body with the provider's secret). The
 * provider keeps one grant per `freeRoundsId`: a repeated call changes nothing.
 */
export const freeRoundsGrantSchema = z.object({
  freeRoundsId: z.uuid(),
  /** The casino's player id (as the game launch hands it to the provider). */
  playerId: z.uuid(),
  currency: z.string().min(1).max(16),
  /** The game's catalogue identity. */
  gameId: z.string().min(1).max(128),
  rounds: z.number().int().min(1).max(1000),
  betAmount: minorAmount.min(1),
  expiresAt: z.iso.datetime().nullable(),
});
export type FreeRoundsGrant = z.infer<typeof freeRoundsGrantSchema>;
export const freeRoundsCancelSchema = z.object({ freeRoundsId: z.uuid() });
export type FreeRoundsCancel = z.infer<typeof freeRoundsCancelSchema>;
/** The provider's answer to a grant or cancel: `OK`, or why not (the casino retries any other answer). */
export const freeRoundsAnswerSchema = z.object({ status: z.string().max(64) });
