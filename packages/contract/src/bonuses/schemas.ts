import { z } from 'zod';
import { pageQuerySchema, queryArray, queryInt } from '../common/query';

/**
 * Bonuses: the operator's catalogue, what a player was given, codes and cashback
 * (docs/bonuses.md). Amounts are major-unit numbers, as everywhere on the wire; the
 * `baseCurrency…` fields are in the base currency.
 */

const isoDate = z.string();

const currencyCode = z
  .string()
  .regex(/^[A-Za-z0-9]{2,10}$/, { error: 'This currency is not available.' })
  .transform((value) => value.toUpperCase());

/** Types, statuses and results are `BonusType`, `BonusStatus` and `BonusResult` (settings/enums). */
export const bonusTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** What makes the catalogue offer a bonus (the operator's side; the reference's `triggerType`). */
export const BONUS_TRIGGERS = ['deposit', 'code', 'registration', 'cashback', 'manual', 'referral'] as const;
export type BonusTrigger = (typeof BONUS_TRIGGERS)[number];

export const amountItemSchema = z.object({ amount: z.number(), currency: z.string() });
export type AmountItem = z.infer<typeof amountItemSchema>;

export const amountRangeItemSchema = z.object({
  currency: z.string(),
  amountFrom: z.number().nullable().optional(),
  amountTo: z.number().nullable().optional(),
});
export type AmountRangeItem = z.infer<typeof amountRangeItemSchema>;

/** When a deposit bonus applies: per-currency deposit bounds first, else bounds in base currency. */
export const triggerConditionsSchema = z.object({
  invoiceAmountItems: z.array(amountRangeItemSchema),
  baseCurrencyInvoiceAmountFrom: z.number().nullable(),
  baseCurrencyInvoiceAmountTo: z.number().nullable(),
  availableFrom: isoDate.nullable().optional(),
  availableTo: isoDate.nullable().optional(),
});
export type TriggerConditions = z.infer<typeof triggerConditionsSchema>;

export const freespinPresetSchema = z.object({
  id: z.string(),
  currency: z.string(),
  name: z.string(),
  originalCurrency: z.string(),
  /** The bet value of one spin, major units. */
  price: z.number(),
  quantity: z.number().int(),
});

/** What is granted. `maxAmountItems` and `maxBonusAmountItems` carry the same content (both names are read). */
export const assignConditionsSchema = z.object({
  amountItems: z.array(amountItemSchema),
  baseCurrencyAmount: z.number().nullable(),
  depositPercentage: z.number().nullable(),
  baseCurrencyMaxAmount: z.number().nullable(),
  maxAmountItems: z.array(amountItemSchema),
  maxBonusAmountItems: z.array(amountItemSchema),
  freespinDurationMinutes: z.number().nullable().optional(),
  gameId: z.string().nullable().optional(),
  providerId: z.string().nullable().optional(),
  presets: z.array(freespinPresetSchema),
  /** Cashback: the share of the period's net loss returned, percent. */
  cashbackPercentage: z.number().nullable().optional(),
});
export type AssignConditions = z.infer<typeof assignConditionsSchema>;

/** A game category's share of a bet that counts toward the wager, percent (0 to 100). */
export const categoryContributionSchema = z.object({ category: z.string(), percentage: z.number() });

/** The sportsbook's wager conditions: min and max bet per currency, or in base currency. */
export const wagerConditionsSchema = z.object({
  amountItems: z.array(amountRangeItemSchema),
  baseCurrencyAmountFrom: z.number().nullable(),
  baseCurrencyAmountTo: z.number().nullable(),
});
export type WagerConditions = z.infer<typeof wagerConditionsSchema>;

/** The casino's: bet bounds, the games or providers included (or excluded), contributions per category. */
export const wagerCasinoConditionsSchema = wagerConditionsSchema.extend({
  gameIds: z.array(z.string()),
  gameIdsExcluded: z.boolean(),
  providerIds: z.array(z.string()),
  providerIdsExcluded: z.boolean(),
  /** Categories not listed count 100 %. */
  categoryContributions: z.array(categoryContributionSchema).optional(),
});
export type WagerCasinoConditions = z.infer<typeof wagerCasinoConditionsSchema>;

/** A catalogue bonus as players see it (`GET /api/game/bonuses`). */
export const bonusSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 1 available. */
  status: z.number().int(),
  type: z.number().int(),
  wagerCasino: z.number(),
  wagerSportsbook: z.number(),
  baseCurrencyMaxWinAmount: z.number().nullable(),
  maxWinAmountItems: z.array(amountItemSchema),
  maxWinMultiplier: z.number().nullable(),
  maxWinAmount: z.number().nullable().optional(),
  sticky: z.boolean().nullable(),
  cashable: z.boolean(),
  package: z.object({ id: z.string(), name: z.string() }).nullable(),
  packagePriority: z.number().int(),
  assignConditions: assignConditionsSchema,
  triggerConditions: triggerConditionsSchema,
  wagerCasinoConditions: wagerCasinoConditionsSchema,
  wagerSportsbookConditions: wagerConditionsSchema,
  /** Days to activate once issued, and to wager once active (null: no deadline). */
  activationDays: z.number().nullable().optional(),
  wageringDays: z.number().nullable().optional(),
  isBonusCancelLock: z.boolean().optional(),
  /**
   * Free spins that come with this bonus: the free-spins bonuses beside it in its package
   * step (given with the same deposit; never offered on their own). Absent when none.
   */
  freespins: z.array(z.object({ count: z.number().int(), gameId: z.string() })).optional(),
});
export type Bonus = z.infer<typeof bonusSchema>;

/** A package as anyone may see it (the welcome-package page, the home banner): its steps in order. */
export const bonusPackageOfferSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The package's bonuses on offer now, by priority (steps of the same priority come together). */
  bonuses: z.array(bonusSchema),
});
export type BonusPackageOffer = z.infer<typeof bonusPackageOfferSchema>;

/** `GET /api/game/bonuses`. */
export const bonusesQuerySchema = z.object({
  currency: currencyCode,
  amount: z.coerce.number().positive().optional(),
  bonusIds: queryArray(z.string().max(64)).optional(),
  questId: z.string().max(64).optional(),
  triggerType: queryInt.optional(),
  skipCondition: queryArray(queryInt).optional(),
});
export type BonusesQuery = z.infer<typeof bonusesQuerySchema>;

/** `GET /api/game/bonuses/status`. */
export const bonusStatusQuerySchema = z.object({
  bonusIds: queryArray(z.string().max(64)).pipe(z.array(z.string()).max(100)),
  currency: currencyCode,
});

/** `issueStatus`: 1 already issued to the player; 2 not available; 3 available. */
export const BONUS_ISSUE_STATUS = { issued: 1, unavailable: 2, available: 3 } as const;
export const bonusStatusSchema = z.object({ id: z.string(), issueStatus: z.number().int() });

/** A bonus issued to the player. */
export const playerBonusSchema = z.object({
  id: z.string(),
  playerId: z.string().optional(),
  name: z.string(),
  /** 1 cash, 2 percentage, 3 free spins, 4 cashback. */
  bonusType: z.number().int(),
  /** 1 issued, 2 active, 3 finished. */
  status: z.number().int(),
  /** 1 issued or activated, 2 played, 3 canceled, 4 expired, 5 lost. */
  result: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  wagerCasino: z.number().optional(),
  wagerSportsbook: z.number().optional(),
  currentWagerPercentage: z.number().optional(),
  currentWagerAmount: z.number().optional(),
  currentWagerCasinoAmount: z.number().optional(),
  currentWagerSportsbookAmount: z.number().optional(),
  /** What is left to wager (full = current + required). */
  requiredWagerCasinoAmount: z.number().optional(),
  requiredWagerSportsbookAmount: z.number().optional(),
  openedTransactionsCount: z.number().int().optional(),
  isBonusCancelLock: z.boolean().optional(),
  /** Maximum bet while wagering; shown in the "max bet exceeded" modal. */
  maxBetAmount: z.number().nullable(),
  activationExpiredAt: isoDate.nullable().optional(),
  wageringExpiredAt: isoDate.nullable().optional(),
  createdAt: isoDate.optional(),
  finishedAt: isoDate.nullable().optional(),
  packageId: z.string().nullable().optional(),
  packagePriority: z.number().optional(),
  issueSessionId: z.string().nullable().optional(),
  /** Detail fields (read when present). */
  bonusBalance: z.number().optional(),
  wagerCasinoConditions: wagerCasinoConditionsSchema.optional(),
  wagerSportsbookConditions: wagerConditionsSchema.optional(),
  maxWinMultiplier: z.number().nullable().optional(),
  maxWinAmount: z.number().nullable().optional(),
  sticky: z.boolean().nullable().optional(),
  cashable: z.boolean().optional(),
});
export type PlayerBonus = z.infer<typeof playerBonusSchema>;

/** Free spins issued to the player. */
export const playerFreespinSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 1 issued, 2 active, 3 finished. */
  status: z.number().int(),
  /** 1 issued or activated, 2 played, 3 canceled, 4 expired. */
  result: z.number().int(),
  count: z.number().int(),
  usedCount: z.number().int().optional(),
  progress: z.number().optional(),
  gameId: z.string(),
  currency: z.string(),
  providerId: z.string().optional(),
  activationExpiredAt: isoDate.nullable().optional(),
  wageringExpiredAt: isoDate.nullable().optional(),
  expiredAt: isoDate.nullable().optional(),
  issuedAt: isoDate.optional(),
  createdAt: isoDate.optional(),
  packageId: z.string().nullable().optional(),
  packagePriority: z.number().optional(),
  issueSessionId: z.string().nullable().optional(),
});
export type PlayerFreespin = z.infer<typeof playerFreespinSchema>;

/** A bonus code the player entered. */
export const bonusCodeSchema = z.object({
  id: z.string(),
  playerId: z.string(),
  bonusCode: z.string(),
  /** 1 wallet, 3 deposit. */
  trigger: z.number().int(),
  /** 2 applied, 3 incorrect, 4 not available. */
  status: z.number().int(),
  result: z.number().int().optional(),
  createdAt: isoDate,
});
export type BonusCode = z.infer<typeof bonusCodeSchema>;

/** `GET /api/game/player-bonuses` and `…/player-freespins`. */
export const playerBonusesQuerySchema = pageQuerySchema.extend({
  status: queryArray(queryInt).optional(),
  currency: queryArray(currencyCode).optional(),
  packageId: queryArray(z.string().max(64)).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
export type PlayerBonusesQuery = z.infer<typeof playerBonusesQuerySchema>;

export const playerBonusParamsSchema = z.object({ id: z.string().max(64) });

// --- The operator's side -------------------------------------------------------------

/** Deposit bounds or a cash amount in one currency, as the operator writes it. */
const operatorRange = z.object({
  currency: currencyCode,
  amountFrom: z.number().positive().nullable().optional(),
  amountTo: z.number().positive().nullable().optional(),
});
const operatorAmount = z.object({ currency: currencyCode, amount: z.number().positive() });

/**
 * `POST /api/admin/bonuses` and `PUT /api/admin/bonuses/{id}`: a catalogue bonus. Amounts
 * in major units of their currency; the server refuses more decimals than the currency has.
 */
export const bonusBodySchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    type: bonusTypeSchema,
    /** 1 available, 2 paused (not offered; issued bonuses run on). */
    status: z.union([z.literal(1), z.literal(2)]).default(1),
    trigger: z.enum(BONUS_TRIGGERS),
    packageId: z.string().uuid().nullable().default(null),
    packagePriority: z.number().int().min(0).max(1000).default(0),
    availableFrom: z.iso.datetime({ offset: true }).nullable().default(null),
    availableTo: z.iso.datetime({ offset: true }).nullable().default(null),
    /** Deposit bounds per currency (deposit trigger). */
    depositRanges: z.array(operatorRange).max(50).default([]),
    baseCurrencyDepositFrom: z.number().positive().nullable().default(null),
    baseCurrencyDepositTo: z.number().positive().nullable().default(null),
    /** Type 1: the amount per currency. */
    amounts: z.array(operatorAmount).max(50).default([]),
    baseCurrencyAmount: z.number().positive().nullable().default(null),
    /** Type 2: percent of the deposit, capped per currency or in base currency. */
    depositPercentage: z.number().positive().max(1000).nullable().default(null),
    maxAmounts: z.array(operatorAmount).max(50).default([]),
    baseCurrencyMaxAmount: z.number().positive().nullable().default(null),
    /** Type 3: the game, spins and the bet value per currency. */
    freespins: z
      .object({
        gameId: z.string().min(1).max(100),
        count: z.number().int().min(1).max(1000),
        betValues: z.array(operatorAmount).min(1).max(50),
        durationMinutes: z.number().int().positive().nullable().default(null),
      })
      .nullable()
      .default(null),
    /** Type 4: percent of the period's net loss. */
    cashbackPercentage: z.number().positive().max(100).nullable().default(null),
    wagerCasino: z.number().min(0).max(200).default(0),
    wagerSportsbook: z.number().min(0).max(200).default(0),
    /** Max bet while wagering per currency (`amountTo`) and min bet (`amountFrom`). */
    betRanges: z.array(operatorRange).max(50).default([]),
    baseCurrencyBetFrom: z.number().positive().nullable().default(null),
    baseCurrencyBetTo: z.number().positive().nullable().default(null),
    gameIds: z.array(z.string().min(1).max(100)).max(500).default([]),
    gameIdsExcluded: z.boolean().default(false),
    providerIds: z.array(z.string().min(1).max(100)).max(100).default([]),
    providerIdsExcluded: z.boolean().default(false),
    categoryContributions: z
      .array(z.object({ category: z.string().min(1).max(64), percentage: z.number().int().min(0).max(100) }))
      .max(50)
      .default([]),
    maxWinMultiplier: z.number().positive().max(1000).nullable().default(null),
    maxWinAmounts: z.array(operatorAmount).max(50).default([]),
    baseCurrencyMaxWinAmount: z.number().positive().nullable().default(null),
    sticky: z.boolean().nullable().default(null),
    cashable: z.boolean().default(true),
    isBonusCancelLock: z.boolean().default(false),
    /** How many times one player may receive it (null: no limit, e.g. a reload bonus). */
    perPlayerLimit: z.number().int().min(1).max(1000).nullable().default(1),
    activationDays: z.number().positive().max(365).nullable().default(7),
    wageringDays: z.number().positive().max(365).nullable().default(30),
  })
  .superRefine((body, ctx) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (body.type === 1) {
      need(body.amounts.length > 0 || body.baseCurrencyAmount !== null, 'amounts', 'A cash bonus needs an amount.');
    }
    if (body.type === 2) need(body.depositPercentage !== null, 'depositPercentage', 'Give the percentage.');
    if (body.type === 2) need(body.trigger === 'deposit', 'trigger', 'A percentage bonus follows a deposit.');
    if (body.type === 3) need(body.freespins !== null, 'freespins', 'Give the game, spins and bet value.');
    if (body.type === 4) need(body.cashbackPercentage !== null, 'cashbackPercentage', 'Give the percentage.');
    if (body.type === 4) need(body.trigger === 'cashback', 'trigger', 'A cashback bonus has the cashback trigger.');
    if (body.availableFrom && body.availableTo) {
      need(Date.parse(body.availableFrom) < Date.parse(body.availableTo), 'availableTo', 'Ends before it starts.');
    }
  });
export type BonusBody = z.input<typeof bonusBodySchema>;
export type BonusInput = z.output<typeof bonusBodySchema>;

/** A catalogue bonus as the operator sees it: the player's shape and the operator's fields. */
export const adminBonusSchema = bonusSchema.extend({
  trigger: z.enum(BONUS_TRIGGERS),
  createdAt: isoDate,
  updatedAt: isoDate,
  issuedCount: z.number().int(),
});
export type AdminBonus = z.infer<typeof adminBonusSchema>;

export const bonusPackageBodySchema = z.object({ name: z.string().trim().min(1).max(120) });
export const bonusPackageSchema = z.object({ id: z.string(), name: z.string(), createdAt: isoDate });
export type BonusPackage = z.infer<typeof bonusPackageSchema>;

/** `POST /api/admin/players/{playerId}/bonuses`: issue a catalogue bonus to a player by hand. */
export const issueBonusBodySchema = z.object({
  bonusId: z.string().uuid(),
  currency: currencyCode,
  /** For a percentage bonus: the deposit it is a percentage of, major units. */
  depositAmount: z.number().positive().optional(),
});
export const adminPlayerParamsSchema = z.object({ playerId: z.string().uuid() });
export const adminBonusParamsSchema = z.object({ id: z.string().uuid() });
