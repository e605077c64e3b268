import { z } from 'zod';
import { gameImagesSchema } from '../games/schemas';
import { loyaltyLevelSchema } from '../retention/schemas';

/**
 * Entities as realtime events carry them (docs/api.md, Realtime). Amounts are major-unit
 * numbers and dates ISO strings with a zone, as in REST responses. Fields the reference
 * client only declares are optional here. When a domain's REST module defines its own
 * schema of the same entity (wallet, payment, bonus, quests, messenger), that module
 * should own it and this file import it, so that one shape serves both.
 */

const isoDate = z.string();

/** Wallet account: owned by the wallet module. */
export { walletAccountSchema, type WalletAccount } from '../wallet/schemas';

/** An invoice as the payment channel carries it. */
export const invoiceUpdateSchema = z.object({
  id: z.string(),
  playerId: z.string(),
  amount: z.number(),
  currency: z.string(),
  paymentMethod: z.string(),
  /** 1 pending, 2 success, 3 error, 4 processing, 5 preparing. */
  status: z.number().int(),
  createdAt: isoDate,
  /** Ordinal of the player's successful deposit (analytics). */
  number: z.number().int().nullable(),
  /** `qr` completes an asynchronous deposit. */
  publicData: z.object({ qr: z.string().optional(), url: z.string().optional() }).nullable(),
  /** 1 deposit, 2 withdrawal. */
  invoiceType: z.number().int().optional(),
});
export type InvoiceUpdate = z.infer<typeof invoiceUpdateSchema>;

/** Bonus codes, player bonuses and free spins: owned by the bonuses module. */
export {
  bonusCodeSchema,
  playerBonusSchema,
  playerFreespinSchema,
  type BonusCode,
  type PlayerBonus,
  type PlayerFreespin,
} from '../bonuses/schemas';

/** A task inside a quest. `conditions` depend on `type`. */
export const questTaskSchema = z.object({
  id: z.string(),
  isCompleted: z.boolean(),
  isActive: z.boolean(),
  /** 2 profile fields, 3 win, 4 bet, 6 deposit. */
  type: z.number().int(),
  progress: z.number(),
  quantity: z.number(),
  name: z.string(),
  description: z.string().optional(),
  executionOrder: z.number().int().optional(),
  conditions: z.record(z.string(), z.unknown()).optional(),
});

export const questRewardSchema = z.object({
  type: z.number().int(),
  amount: z.number(),
  attributes: z.object({ isoCode: z.string(), lockBalance: z.boolean() }),
});

/** A quest. */
export const questSchema = z.object({
  id: z.string(),
  playerId: z.string().optional(),
  /** 1 available, 2 active, 3 and 4 completed, 5 and 6 expired. */
  state: z.number().int(),
  name: z.string(),
  identity: z.string().optional(),
  description: z.string().optional(),
  order: z.number().int().optional(),
  tasks: z.array(questTaskSchema),
  /** 1 any order, 2 sequential. */
  taskExecutionOrder: z.number().int().optional(),
  packageOrder: z.number().int().nullable().optional(),
  rewards: z.array(questRewardSchema).optional(),
  endAt: isoDate.nullable().optional(),
});
export type Quest = z.infer<typeof questSchema>;

/** Task progress as `quest.task.updated` carries it. */
export const questTaskUpdateSchema = z.object({
  id: z.string(),
  questId: z.string(),
  playerId: z.string(),
  isActive: z.boolean(),
  isCompleted: z.boolean(),
  progress: z.number(),
  quantity: z.number(),
  type: z.number().int(),
  name: z.string().optional(),
  createdAt: isoDate.optional(),
  updatedAt: isoDate.optional(),
});
export type QuestTaskUpdate = z.infer<typeof questTaskUpdateSchema>;

/** The player's loyalty account. */
export const loyaltyAccountSchema = z.object({
  id: z.string().optional(),
  playerId: z.string().optional(),
  points: z.number(),
  currentLevel: loyaltyLevelSchema,
  nextLevel: loyaltyLevelSchema.nullable(),
  createdAt: isoDate.optional(),
  updatedAt: isoDate.nullable().optional(),
});
export type LoyaltyAccount = z.infer<typeof loyaltyAccountSchema>;

/** A messenger notification. */
export const messengerMessageSchema = z.object({
  id: z.string(),
  playerId: z.string().optional(),
  /** 1 unread, 2 read. */
  state: z.number().int(),
  readAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate.nullable().optional(),
  content: z.object({
    title: z.string(),
    body: z.string(),
    link: z.object({ url: z.string(), label: z.string() }).optional(),
    image: z.string().optional(),
  }),
});
export type MessengerMessage = z.infer<typeof messengerMessageSchema>;

/** A tournament prize; `entry` is the winner once the tournament is over. */
export const tournamentPrizeSchema = z.object({
  place: z.number().int(),
  type: z.number().int().optional(),
  title: z.string(),
  bonusId: z.string().optional(),
  /** Croupier addition: a cash prize's (`type` 2) amount per currency, in major units. */
  amounts: z.array(z.object({ isoCode: z.string(), amount: z.number() })).optional(),
  entry: z
    .object({
      playerId: z.string(),
      nickname: z.string().nullable(),
      points: z.number(),
      createdAt: isoDate.optional(),
      updatedAt: isoDate.nullable().optional(),
    })
    .optional(),
});
export type TournamentPrize = z.infer<typeof tournamentPrizeSchema>;

export const tournamentParticipantSchema = z.object({
  playerId: z.string(),
  nickname: z.string().nullable(),
  place: z.number().int(),
  points: z.number(),
});
export type TournamentParticipant = z.infer<typeof tournamentParticipantSchema>;

/** A bet on the activity board. */
export const activityBoardBetSchema = z.object({
  id: z.string(),
  nickname: z.string().nullable(),
  amount: z.number(),
  payout: z.number(),
  baseCurrencyAmount: z.number(),
  baseCurrencyPayout: z.number(),
  currency: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  gameImages: gameImagesSchema,
  gameCustomImages: gameImagesSchema,
  createdAt: isoDate,
});
export type ActivityBoardBet = z.infer<typeof activityBoardBetSchema>;
