import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope } from '../common/envelope';
import { queryInt } from '../common/query';
import { bonusCodeSchema } from './schemas';

/**
 * Bonus codes (docs/bonuses.md, "Bonus codes"): what a player enters in the wallet or at
 * sign-up, and the operator's codes behind them. A code the player enters is answered
 * with its `BonusCode` (status 2 applied, 3 incorrect, 4 not available) — an answer, not
 * an error; only the attempt limit is an error (400, code 5).
 */

/** `BonusCode.trigger`: 1 wallet (the bonus now), 3 deposit (the bonus with the next deposit). */
export const bonusCodeTriggerSchema = z.union([z.literal(1), z.literal(3)], {
  error: 'The trigger is 1 (wallet) or 3 (deposit).',
});

/** `GET /api/game/bonuses/bonuscodes`: `trigger` 3 answers the code waiting for a deposit. */
export const bonusCodesQuerySchema = z.object({
  trigger: queryInt.pipe(bonusCodeTriggerSchema).optional(),
});
export type BonusCodesQuery = z.infer<typeof bonusCodesQuerySchema>;

/** `POST /api/game/bonuses/bonuscodes`. */
export const enterBonusCodeBodySchema = z.object({
  bonusCode: z.string().trim().min(1, { error: 'Enter a code.' }).max(64),
  trigger: z.coerce.number().int().pipe(bonusCodeTriggerSchema),
});
export type EnterBonusCodeBody = z.input<typeof enterBonusCodeBodySchema>;

/** `DELETE /api/game/bonuses/bonuscodes` (a JSON body): the code waiting for a deposit. */
export const removeBonusCodeBodySchema = z.object({ playerBonusCodeId: z.string().min(1).max(64) });

// --- The operator's side -------------------------------------------------------------

/** `BonusCode.result` of an applied code (status 2): 1 waiting for a deposit, 2 bonus given, 3 removed. */
export const BONUS_CODE_RESULT = { pending: 1, issued: 2, removed: 3 } as const;

/**
 * `POST /api/admin/bonus-codes` and `PUT /api/admin/bonus-codes/{id}`. The code is
 * compared without regard to case; its bonus must have the trigger `code` or `registration`.
 */
export const bonusCodeBodySchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, { error: '3 to 40 letters, digits, "-" or "_".' }),
    bonusId: z.string().uuid(),
    /** 1 offered, 2 paused. */
    status: z.union([z.literal(1), z.literal(2)]).default(1),
    /** Bonuses the code may give in all (null: no cap). */
    maxUses: z.number().int().min(1).max(10_000_000).nullable().default(null),
    /** Bonuses one player may get from it (null: no cap). */
    maxUsesPerPlayer: z.number().int().min(1).max(1000).nullable().default(1),
    availableFrom: z.iso.datetime({ offset: true }).nullable().default(null),
    availableTo: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .superRefine((body, ctx) => {
    if (body.availableFrom && body.availableTo && Date.parse(body.availableFrom) >= Date.parse(body.availableTo)) {
      ctx.addIssue({ code: 'custom', path: ['availableTo'], message: 'Ends before it starts.' });
    }
  });
export type BonusCodeBody = z.input<typeof bonusCodeBodySchema>;
export type BonusCodeInput = z.output<typeof bonusCodeBodySchema>;

export const adminBonusCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  bonusId: z.string(),
  bonusName: z.string(),
  status: z.number().int(),
  maxUses: z.number().int().nullable(),
  maxUsesPerPlayer: z.number().int().nullable(),
  /** Bonuses given so far. */
  uses: z.number().int(),
  availableFrom: z.string().nullable(),
  availableTo: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBonusCode = z.infer<typeof adminBonusCodeSchema>;

export const adminBonusCodeParamsSchema = z.object({ id: z.string().uuid() });

/** The player's bonus codes: list, enter, remove the one waiting for a deposit. */
export const bonusCodeEndpoints = {
  listBonusCodes: defineEndpoint({
    method: 'GET',
    path: '/api/game/bonuses/bonuscodes',
    access: 'player',
    query: bonusCodesQuerySchema,
    response: dataEnvelope(z.array(bonusCodeSchema)),
  }),
  enterBonusCode: defineEndpoint({
    method: 'POST',
    path: '/api/game/bonuses/bonuscodes',
    access: 'player',
    body: enterBonusCodeBodySchema,
    response: dataEnvelope(bonusCodeSchema),
  }),
  removeBonusCode: defineEndpoint({
    method: 'DELETE',
    path: '/api/game/bonuses/bonuscodes',
    access: 'player',
    body: removeBonusCodeBodySchema,
    response: dataEnvelope(bonusCodeSchema),
  }),
};

/** The operator's bonus codes (`X-Admin-Key`). */
export const bonusCodeAdminEndpoints = {
  listAdminBonusCodes: defineEndpoint({
    method: 'GET',
    path: '/api/admin/bonus-codes',
    access: 'operator',
    response: dataEnvelope(z.array(adminBonusCodeSchema)),
  }),
  createBonusCode: defineEndpoint({
    method: 'POST',
    path: '/api/admin/bonus-codes',
    access: 'operator',
    body: bonusCodeBodySchema,
    status: 201,
    response: dataEnvelope(adminBonusCodeSchema),
  }),
  updateBonusCode: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/bonus-codes/:id',
    access: 'operator',
    params: adminBonusCodeParamsSchema,
    body: bonusCodeBodySchema,
    response: dataEnvelope(adminBonusCodeSchema),
  }),
};
