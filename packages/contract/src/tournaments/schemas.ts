import { z } from 'zod';
import { pageQuerySchema, queryArray, queryInt } from '../common/query';
import { tournamentParticipantSchema, tournamentPrizeSchema } from '../realtime/entities';

/** How a qualifying round scores (`type` on the wire). */
export const TournamentScoring = {
  /** Sum of qualifying stakes, in the base currency. */
  totalWagered: 1,
  /** The biggest single round multiplier (win ÷ the round's stake). */
  biggestMultiplier: 2,
  /** Wins minus stakes of qualifying rounds, in the base currency. */
  netWin: 3,
  /** One point per qualifying round. */
  pointsPerRound: 4,
} as const;
export type TournamentScoringId = (typeof TournamentScoring)[keyof typeof TournamentScoring];
export const TOURNAMENT_SCORING_IDS = [1, 2, 3, 4] as const;

/** Prize kinds (`type` of a prize): a catalogue bonus, cash paid to the real balance, a free-spins bonus. */
export const TournamentPrizeType = { bonus: 1, cash: 2, freeSpins: 3 } as const;
export type TournamentPrizeTypeId = (typeof TournamentPrizeType)[keyof typeof TournamentPrizeType];

/** A recurring schedule: each occurrence is a tournament of its own, one day or one week after the last. */
export const tournamentRecurrenceSchema = z.enum(['daily', 'weekly']);
export type TournamentRecurrence = z.infer<typeof tournamentRecurrenceSchema>;

const boundOp = { min: z.enum(['gt', 'gte']), max: z.enum(['lt', 'lte']) };

/** A currency the tournament scores: bet bounds in major units and its rate to the base currency. */
export const tournamentCurrencyConditionSchema = z.object({
  isoCode: z.string(),
  minAmount: z.number().nullable(),
  minAmountOp: boundOp.min,
  maxAmount: z.number().nullable(),
  maxAmountOp: boundOp.max,
});

export const tournamentConditionsSchema = z.object({
  /** Collection identities; with `gameCollectionsExcluded` the games of these collections do not count. Empty: every game. */
  gameCollections: z.array(z.string()),
  gameCollectionsExcluded: z.boolean(),
  currencies: z.array(tournamentCurrencyConditionSchema),
});

export const tournamentRatesSchema = z.object({
  /** The base currency's code (a Croupier addition) and its rate (always 1). */
  baseCurrency: z.string(),
  baseCurrencyRate: z.number(),
  /** Base-currency units per unit of each scored currency. */
  currencyRates: z.array(z.object({ isoCode: z.string(), rate: z.number() })),
});

export const tournamentPlayerEntrySchema = z.object({ points: z.number(), place: z.number().int() });
export type TournamentPlayerEntry = z.infer<typeof tournamentPlayerEntrySchema>;

export const tournamentSchema = z.object({
  id: z.string(),
  identity: z.string(),
  title: z.string(),
  /** Croupier addition: the rules' prose (plain text). */
  description: z.string(),
  /** The scoring (TournamentScoring). */
  type: z.number().int(),
  state: z.number().int(),
  confirmationRequired: z.boolean(),
  isAvailable: z.boolean(),
  startAt: z.string(),
  endAt: z.string(),
  rates: tournamentRatesSchema,
  conditions: tournamentConditionsSchema,
  /** Croupier addition: how many players have an entry. */
  participants: z.number().int(),
  /** Croupier addition: the series' recurrence while it goes on (null: a single tournament or a stopped series). */
  recurrence: tournamentRecurrenceSchema.nullable().optional(),
});
export type Tournament = z.infer<typeof tournamentSchema>;

/** The detail: the prizes (with winners once completed), the top of the leaderboard and, signed in, the player's entry. */
export const tournamentDetailSchema = tournamentSchema.extend({
  prizes: z.array(tournamentPrizeSchema),
  leaderboard: z.array(tournamentParticipantSchema),
  playerEntry: tournamentPlayerEntrySchema.nullable().optional(),
});
export type TournamentDetail = z.infer<typeof tournamentDetailSchema>;

export const tournamentsQuerySchema = pageQuerySchema.extend({
  state: queryArray(queryInt.min(2).max(5)).optional(),
  identity: queryArray(z.string().max(100)).optional(),
});

export const tournamentParamsSchema = z.object({ tournamentId: z.string().min(1).max(100) });

const identitySchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, { error: 'invalid' });

/** The operator's definition of a tournament (amounts in major units, rates as decimals). */
export const tournamentBodySchema = z
  .object({
    identity: identitySchema,
    title: z.string().trim().min(1).max(200),
    description: z.string().trim().max(5000).default(''),
    type: z.union(TOURNAMENT_SCORING_IDS.map((id) => z.literal(id))),
    startAt: z.iso.datetime({ offset: true }),
    endAt: z.iso.datetime({ offset: true }),
    confirmationRequired: z.boolean().default(true),
    baseCurrency: z.string().min(2).max(10),
    gameCollections: z.array(z.string().max(100)).max(100).default([]),
    gameCollectionsExcluded: z.boolean().default(false),
    currencies: z
      .array(
        z.object({
          isoCode: z.string().min(2).max(10),
          rate: z.number().positive().max(1e9),
          minAmount: z.number().nonnegative().nullable().default(null),
          minAmountOp: boundOp.min.default('gte'),
          maxAmount: z.number().positive().nullable().default(null),
          maxAmountOp: boundOp.max.default('lte'),
        }),
      )
      .min(1)
      .max(50),
    prizes: z
      .array(
        z
          .object({
            place: z.number().int().min(1).max(1000),
            title: z.string().trim().min(1).max(200),
            /** TournamentPrizeType; 1 when absent. */
            type: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
            /** The catalogue bonus of a bonus (1) or free-spins (3) prize. */
            bonusId: z.guid({ error: 'invalid' }).optional(),
            /** A cash prize's (2) amount per currency, in major units. */
            amounts: z
              .array(z.object({ isoCode: z.string().min(2).max(10), amount: z.number().positive().max(1e12) }))
              .max(50)
              .optional(),
          })
          .refine((prize) => (prize.type === 2 ? prize.bonusId === undefined : prize.bonusId !== undefined), {
            path: ['bonusId'],
            error: 'A bonus or free-spins prize names its bonus; a cash prize none.',
          })
          .refine(
            (prize) =>
              prize.type === 2
                ? (prize.amounts?.length ?? 0) > 0 &&
                  new Set(prize.amounts?.map((a) => a.isoCode)).size === prize.amounts?.length
                : prize.amounts === undefined,
            { path: ['amounts'], error: 'A cash prize has one amount per currency; other prizes none.' },
          ),
      )
      .max(1000)
      .default([]),
    /** A recurring schedule (each occurrence `{identity}-{yyyy-mm-dd}` of its start, UTC); null: one tournament. */
    recurrence: tournamentRecurrenceSchema.nullable().default(null),
  })
  .refine((body) => Date.parse(body.endAt) > Date.parse(body.startAt), {
    path: ['endAt'],
    error: 'The end must come after the start.',
  })
  .refine((body) => new Set(body.prizes.map((prize) => prize.place)).size === body.prizes.length, {
    path: ['prizes'],
    error: 'Each place has one prize.',
  })
  .refine((body) => body.recurrence === null || body.identity.length <= 52, {
    path: ['identity'],
    error: 'A recurring series identity has at most 52 characters (the date is added).',
  })
  .refine(
    (body) =>
      body.recurrence === null ||
      Date.parse(body.endAt) - Date.parse(body.startAt) <= (body.recurrence === 'daily' ? 1 : 7) * 86_400_000,
    { path: ['endAt'], error: 'An occurrence lasts at most its period.' },
  )
  .refine((body) => new Set(body.currencies.map((c) => c.isoCode)).size === body.currencies.length, {
    path: ['currencies'],
    error: 'Each currency once.',
  });
export type TournamentBody = z.infer<typeof tournamentBodySchema>;
