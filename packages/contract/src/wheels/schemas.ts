import { z } from 'zod';
import { pageQuerySchema, queryArray, queryInt } from '../common/query';

/** Wheel states on the wire: 2 scheduled (before `startAt`), 3 active. Ended wheels are not listed. */
export const WheelState = { scheduled: 2, active: 3 } as const;
export type WheelStateId = (typeof WheelState)[keyof typeof WheelState];

/** How a spin rule grants spins (docs/wheels.md). */
export const WHEEL_RULE_KINDS = ['daily', 'level', 'quest'] as const;
export type WheelRuleKind = (typeof WHEEL_RULE_KINDS)[number];

/** The period of a wheel's spin limit (UTC days, ISO weeks from Monday 00:00 UTC). */
export const WHEEL_LIMIT_PERIODS = ['day', 'week'] as const;
export type WheelLimitPeriod = (typeof WHEEL_LIMIT_PERIODS)[number];

export const wheelSectorSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The sector's chance in percent (its weight over the wheel's total), rounded to 2 decimals. */
  dropRate: z.number().optional(),
});
export type WheelSector = z.infer<typeof wheelSectorSchema>;

/** A spin the player may use: `serverSeedHash` commits to its server seed before the spin (Croupier addition). */
export const wheelPlayerSpinSchema = z.object({
  id: z.string(),
  expireAt: z.string().nullable(),
  serverSeedHash: z.string(),
});
export type WheelPlayerSpin = z.infer<typeof wheelPlayerSpinSchema>;

export const wheelSchema = z.object({
  id: z.string(),
  identity: z.string(),
  title: z.string(),
  state: z.number().int(),
  /** The sectors in drawing order (the draw's weights are in this order). */
  items: z.array(wheelSectorSchema),
  startAt: z.string(),
  endAt: z.string().nullable(),
  /** Spins the player may use now, first to expire first (empty for guests). */
  playerSpins: z.array(wheelPlayerSpinSchema),
  /** Set while the wheel's period limit is reached: no spin may be used until then. */
  limitRefreshAt: z.string().nullable(),
});
export type Wheel = z.infer<typeof wheelSchema>;

export const wheelsQuerySchema = pageQuerySchema.extend({
  identity: queryArray(z.string().max(64)).optional(),
  state: queryArray(queryInt).optional(),
});
export type WheelsQuery = z.infer<typeof wheelsQuerySchema>;

export const wheelParamsSchema = z.object({ wheelId: z.string().max(64) });

/**
 * The spin's body (optional, a Croupier addition): the player's client seed, mixed into
 * the draw after the server seed was committed to. Without one the server makes one.
 */
export const wheelSpinBodySchema = z
  .object({ clientSeed: z.string().regex(/^[\x21-\x7e]{1,64}$/, 'printable ASCII without spaces, 1–64') })
  .partial()
  .nullish();

/** What the player needs to recompute a spin (`replayWheelDraw` of @croupier/games). */
export const wheelDrawSchema = z.object({
  spinId: z.string(),
  wheelId: z.string(),
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** The sectors' integer weights in drawing order, and the index drawn. */
  weights: z.array(z.number().int()),
  sectorIndex: z.number().int(),
  sectorId: z.string(),
  /** 'none' (a no-prize sector), 'given' (the bonus was issued) or 'unavailable' (no terms in the player's currency). */
  prize: z.enum(['none', 'given', 'unavailable']),
  spunAt: z.string(),
});
export type WheelDraw = z.infer<typeof wheelDrawSchema>;

/** The winning sector, with the draw's verification data (`draw`, a Croupier addition). */
export const wheelSpinResultSchema = wheelSectorSchema.extend({ draw: wheelDrawSchema });
export type WheelSpinResult = z.infer<typeof wheelSpinResultSchema>;

export const wheelDrawsQuerySchema = pageQuerySchema;

// --- the operator's API ---

export const wheelSectorBodySchema = z.object({
  title: z.string().min(1).max(100),
  /** Integer weight: the chance is weight / sum of the wheel's weights. */
  weight: z.number().int().min(1).max(1_000_000_000),
  /** The prize: a catalogue bonus given in the player's active currency; null for "no prize". */
  bonusId: z.string().uuid().nullable(),
});

export const wheelBodySchema = z
  .object({
    identity: z.string().regex(/^[a-z0-9][a-z0-9-]{1,62}$/),
    title: z.string().min(1).max(200),
    startAt: z.string().datetime({ offset: true }),
    endAt: z.string().datetime({ offset: true }).nullable().default(null),
    /** At most this many spins used per period (null: no limit). */
    limitSpins: z.number().int().min(1).max(1000).nullable().default(null),
    limitPeriod: z.enum(WHEEL_LIMIT_PERIODS).nullable().default(null),
    items: z.array(wheelSectorBodySchema).min(2).max(64),
  })
  .refine((w) => (w.limitSpins === null) === (w.limitPeriod === null), {
    message: 'limitSpins and limitPeriod go together',
    path: ['limitPeriod'],
  })
  .refine((w) => w.endAt === null || Date.parse(w.endAt) > Date.parse(w.startAt), {
    message: 'endAt must be after startAt',
    path: ['endAt'],
  });
export type WheelBody = z.infer<typeof wheelBodySchema>;

export const wheelRuleBodySchema = z
  .object({
    kind: z.enum(WHEEL_RULE_KINDS),
    /** `level`: the loyalty level id (null: every level); `quest`: the quest id (null: every quest). */
    targetId: z.string().max(64).nullable().default(null),
    spins: z.number().int().min(1).max(100).default(1),
    /** Seconds a granted spin lasts (null: daily spins end with their UTC day, others never expire). */
    expireAfterSeconds: z.number().int().min(60).max(31_536_000).nullable().default(null),
  })
  .refine((r) => r.kind !== 'daily' || r.targetId === null, {
    message: 'a daily rule has no target',
    path: ['targetId'],
  });
export type WheelRuleBody = z.infer<typeof wheelRuleBodySchema>;

export const wheelRuleSchema = z.object({
  id: z.string(),
  wheelId: z.string(),
  kind: z.enum(WHEEL_RULE_KINDS),
  targetId: z.string().nullable(),
  spins: z.number().int(),
  expireAfterSeconds: z.number().int().nullable(),
});
export type WheelRule = z.infer<typeof wheelRuleSchema>;

export const adminWheelSchema = wheelSchema.omit({ playerSpins: true, limitRefreshAt: true }).extend({
  items: z.array(wheelSectorSchema.extend({ weight: z.number().int(), bonusId: z.string().nullable() })),
  limitSpins: z.number().int().nullable(),
  limitPeriod: z.enum(WHEEL_LIMIT_PERIODS).nullable(),
  rules: z.array(wheelRuleSchema),
});
export type AdminWheel = z.infer<typeof adminWheelSchema>;

/** The operator gives spins by hand; `key` makes the grant idempotent. */
export const wheelGrantBodySchema = z.object({
  playerId: z.string().uuid(),
  spins: z.number().int().min(1).max(100),
  key: z.string().min(1).max(100),
  expireAfterSeconds: z.number().int().min(1).max(31_536_000).nullable().default(null),
});
export const wheelGrantResultSchema = z.object({ granted: z.number().int() });
