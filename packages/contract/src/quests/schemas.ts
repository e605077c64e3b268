import { z } from 'zod';
import { pageQuerySchema, queryArray, queryInt } from '../common/query';

// Quests (docs/quests.md). The Quest entity itself is the realtime one (`questSchema`).

const currencyCode = z.string().trim().min(2).max(10);

export const questsQuerySchema = pageQuerySchema.extend({
  perPage: queryInt.min(1).max(100).default(5),
  /** Narrows the tasks' per-currency overrides to this currency. */
  currency: currencyCode.optional(),
});

export const playerQuestsQuerySchema = pageQuerySchema.extend({
  perPage: queryInt.min(1).max(100).default(3),
  /** 2 active, 3 and 4 completed, 5 and 6 expired (all when absent). */
  state: queryArray(queryInt.min(1).max(6)).optional(),
  currency: currencyCode.optional(),
});

export const questParamsSchema = z.object({ questId: z.uuid() });
export const playerQuestParamsSchema = z.object({ playerQuestId: z.uuid() });

const amount = z.number().min(0).max(1e12);
const games = z.array(z.string().trim().min(1).max(100)).max(200).default([]);

const taskBase = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).default(''),
  quantity: z.number().int().min(1).max(100000),
  executionOrder: z.number().int().min(1).max(1000),
};

/** Task 2: the profile fields to fill (its quantity is the number of fields). */
export const profileTaskConditionsSchema = z.object({
  fields: z.array(z.string().trim().min(1).max(50)).min(1).max(30),
});
/** Task 3: a win in one of `games` (any when empty) within the multiplier and payout bounds. */
export const winTaskConditionsSchema = z.object({
  games,
  multiplier: amount.nullable().default(null),
  maxMultiplier: amount.nullable().default(null),
  minPayout: amount.nullable().default(null),
  maxPayout: amount.nullable().default(null),
  currencies: z
    .array(
      z.object({
        isoCode: currencyCode,
        minPayout: amount.nullable().default(null),
        maxPayout: amount.nullable().default(null),
      }),
    )
    .max(50)
    .default([]),
});
/** Task 4: a real-money bet in one of `games` between `spinAmount` and `maxSpinAmount`. */
export const betTaskConditionsSchema = z.object({
  games,
  spinAmount: amount.nullable().default(null),
  maxSpinAmount: amount.nullable().default(null),
  currencies: z
    .array(
      z.object({
        isoCode: currencyCode,
        spinAmount: amount.nullable().default(null),
        maxSpinAmount: amount.nullable().default(null),
      }),
    )
    .max(50)
    .default([]),
});
/** Task 6: a credited deposit between `minAmount` and `maxAmount`. */
export const depositTaskConditionsSchema = z.object({
  minAmount: amount.nullable().default(null),
  maxAmount: amount.nullable().default(null),
  currencies: z
    .array(
      z.object({
        isoCode: currencyCode,
        minAmount: amount.nullable().default(null),
        maxAmount: amount.nullable().default(null),
      }),
    )
    .max(50)
    .default([]),
});
export type ProfileTaskConditions = z.infer<typeof profileTaskConditionsSchema>;
export type WinTaskConditions = z.infer<typeof winTaskConditionsSchema>;
export type BetTaskConditions = z.infer<typeof betTaskConditionsSchema>;
export type DepositTaskConditions = z.infer<typeof depositTaskConditionsSchema>;

export const questTaskBodySchema = z.discriminatedUnion('type', [
  z.object({ ...taskBase, type: z.literal(2), conditions: profileTaskConditionsSchema }),
  z.object({ ...taskBase, type: z.literal(3), conditions: winTaskConditionsSchema }),
  z.object({ ...taskBase, type: z.literal(4), conditions: betTaskConditionsSchema }),
  z.object({ ...taskBase, type: z.literal(6), conditions: depositTaskConditionsSchema }),
]);
export type QuestTaskBody = z.infer<typeof questTaskBodySchema>;

/** A reward: 1 a catalogue bonus (`bonusId`, in `isoCode`), 2 loyalty points, 3 wheel spins. */
export const questRewardBodySchema = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  amount: amount,
  isoCode: currencyCode,
  bonusId: z.uuid().optional(),
  lockBalance: z.boolean().default(false),
});
export type QuestRewardBody = z.infer<typeof questRewardBodySchema>;

const questFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(5000).default(''),
  order: z.number().int().min(-100000).max(100000).default(0),
  taskExecutionOrder: z.union([z.literal(1), z.literal(2)]),
  startAt: z.iso.datetime({ offset: true }).nullable().default(null),
  endAt: z.iso.datetime({ offset: true }).nullable().default(null),
  durationSeconds: z.number().int().min(60).max(31_536_000).nullable().default(null),
  enabled: z.boolean().default(true),
  rewards: z.array(questRewardBodySchema).max(10).default([]),
};

/** The operator's quest definition. */
export const questBodySchema = z.object({
  identity: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, { error: 'invalid' }),
  ...questFields,
  tasks: z.array(questTaskBodySchema).min(1).max(20),
});
export type QuestBody = z.infer<typeof questBodySchema>;

/** An update: every field but the identity; `tasks` only while no player has activated the quest. */
export const questUpdateBodySchema = z.object({
  ...questFields,
  tasks: z.array(questTaskBodySchema).min(1).max(20).optional(),
});
export type QuestUpdateBody = z.infer<typeof questUpdateBodySchema>;
