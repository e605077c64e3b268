import { z } from 'zod';
import { CashLimitPeriod, COOLING_OFF_PERIODS, LimitDefinition, SELF_EXCLUSION_PERIODS } from '../settings/enums';

/**
 * Responsible-gaming limits (docs/player-protection.md, "Limits"): bet, loss and deposit
 * limits per currency and period, cooling-off and self-exclusion. Amounts on the wire are
 * major units like every amount of the API; the server keeps minor units.
 */

/** How long a pending increase or removal of a cash limit waits before it takes effect. */
export const LIMIT_CHANGE_DELAY_MS = 24 * 60 * 60 * 1000;

/** After a self-exclusion ends, play resumes this long after the player's deliberate request. */
export const EXCLUSION_RETURN_DELAY_MS = 24 * 60 * 60 * 1000;

/** Cash limits (bet, loss, deposit): the ones with an amount, a currency and a period. */
export const CASH_LIMIT_DEFINITIONS = [LimitDefinition.BET, LimitDefinition.LOSS, LimitDefinition.DEPOSIT] as const;
export type CashLimitDefinition = (typeof CASH_LIMIT_DEFINITIONS)[number];

export const isCashLimitDefinition = (definition: number): definition is CashLimitDefinition =>
  (CASH_LIMIT_DEFINITIONS as readonly number[]).includes(definition);

/** `Limit`: one limit of the player, as `GET /api/player/limits` lists it. */
export const limitSchema = z.object({
  id: z.string(),
  /** 1 bet, 2 loss, 3 deposit, 4 self-exclusion, 5 cooling-off */
  definition: z.number().int(),
  /** 1 active; any other value is pending (the client shows it so). */
  status: z.number().int(),
  /** Cash limits: the amount in force now (major units); null otherwise. */
  amount: z.number().nullable(),
  /** Cash limits: what the running period has used (stakes, net loss or deposits), in major units. */
  currentAmount: z.number().nullable(),
  currency: z.string().nullable(),
  /** Cash limits: 'daily' | 'weekly' | 'monthly'; cooling-off and self-exclusion: their period id. */
  period: z.string().nullable(),
  startedAt: z.string().nullable(),
  /**
   * Cooling-off and self-exclusion: when it ends (null: permanent). Cash limits: when a
   * pending change takes effect; null without one.
   */
  expiredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  /** A removal is pending (edit and remove are disabled). */
  cancelProcess: z.boolean(),
  /** A pending increase exists (it replaces the amount at `expiredAt`). */
  pendingExist: z.boolean(),
  /** Croupier addition: the amount a pending increase sets, in major units. */
  pendingAmount: z.number().nullable(),
  /** Croupier addition (self-exclusion): the player asked to return; play resumes at `returnAt`. */
  returnAt: z.string().nullable(),
  /** Croupier addition (cash limits): when the running period ends and the used amount resets. */
  periodEndsAt: z.string().nullable(),
});
export type Limit = z.infer<typeof limitSchema>;

const cashPeriodSchema = z.enum(CashLimitPeriod, { error: 'Choose a period: daily, weekly or monthly.' });
const coolingOffIds = COOLING_OFF_PERIODS.map((p) => p.id) as [string, ...string[]];
const selfExclusionIds = SELF_EXCLUSION_PERIODS.map((p) => p.id) as [string, ...string[]];

/**
 * `POST /api/player/limits`. The reference client sends `{ definition, period, amount,
 * currency }` for cash limits and `{ definition, period }` for cooling-off and
 * self-exclusion; the service checks which fields a definition needs (422 per field).
 */
export const createLimitBodySchema = z.object({
  definition: z
    .number()
    .int()
    .pipe(
      z.union(
        [
          z.literal(LimitDefinition.BET),
          z.literal(LimitDefinition.LOSS),
          z.literal(LimitDefinition.DEPOSIT),
          z.literal(LimitDefinition.SELF_EXCLUSION),
          z.literal(LimitDefinition.COOLING_OFF),
        ],
        { error: 'Unknown limit type.' },
      ),
    ),
  period: z.string().max(16).optional(),
  /** Major units, a number or a decimal string. */
  amount: z.union([z.number(), z.string().max(40)]).optional(),
  currency: z.string().max(10).optional(),
});
export type CreateLimitBody = z.infer<typeof createLimitBodySchema>;

/** `PUT /api/player/limits/{limitId}`: a cash limit's amount, or a cooling-off's period (only longer). */
export const updateLimitBodySchema = z.object({
  period: z.string().max(16).optional(),
  amount: z.union([z.number(), z.string().max(40)]).optional(),
});
export type UpdateLimitBody = z.infer<typeof updateLimitBodySchema>;

export const limitParamsSchema = z.object({ limitId: z.string().min(1).max(64) });

export const cashLimitPeriodSchema = cashPeriodSchema;
export const coolingOffPeriodSchema = z.enum(coolingOffIds, { error: 'Choose a cooling-off period.' });
export const selfExclusionPeriodSchema = z.enum(selfExclusionIds, { error: 'Choose a self-exclusion period.' });
