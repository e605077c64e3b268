import { z } from 'zod';
import { dataEnvelope } from '../common/envelope';

/** Reality-check intervals a player may choose, in minutes (null: no reality checks). */
export const REALITY_CHECK_INTERVALS_MINUTES = [15, 30, 45, 60, 90, 120] as const;
/** Session-time limits a player may choose, in minutes (null: no limit). */
export const SESSION_TIME_LIMITS_MINUTES = [30, 60, 90, 120, 180, 240, 360, 480] as const;

const oneOf = (allowed: readonly number[], field: string) =>
  z
    .number()
    .int()
    .nullable()
    .refine((value) => value === null || allowed.includes(value), {
      error: `Choose one of ${allowed.join(', ')} minutes, or null for none (${field}).`,
    });

/** `GET` / `PUT /api/player/reality-check`: the player's reality-check interval and session-time limit. */
export const playSettingsSchema = z.object({
  /** Minutes between reality checks during play; null: none. */
  intervalMinutes: z.number().int().nullable(),
  /** Minutes of play per session before play ends; null: no limit. */
  sessionLimitMinutes: z.number().int().nullable(),
});
export type PlaySettings = z.infer<typeof playSettingsSchema>;
export const playSettingsResponseSchema = dataEnvelope(playSettingsSchema);

export const playSettingsBodySchema = z.object({
  intervalMinutes: oneOf(REALITY_CHECK_INTERVALS_MINUTES, 'intervalMinutes'),
  sessionLimitMinutes: oneOf(SESSION_TIME_LIMITS_MINUTES, 'sessionLimitMinutes'),
});
export type PlaySettingsBody = z.infer<typeof playSettingsBodySchema>;

/**
 * The reality-check summary of a game session: how long it has been played and its net
 * result (wins − stakes, major units of `currency`) since it began.
 */
export const realityCheckSummarySchema = z.object({
  /** When the game session began (ISO 8601). */
  startedAt: z.string(),
  /** Seconds since the game session began. */
  playedSeconds: z.number().int(),
  currency: z.string(),
  /** Stakes of the session's bets (not rolled back), major units. */
  stakes: z.number(),
  /** Wins of the session, major units. */
  wins: z.number(),
  /** wins − stakes, major units (negative: a loss). */
  netResult: z.number(),
  /** The player's reality-check interval now; null: none. */
  intervalMinutes: z.number().int().nullable(),
  /** A reality check is due: bets are refused until it is acknowledged. */
  realityCheckDue: z.boolean(),
  /** When the next reality check is due (ISO 8601); null: none. */
  nextCheckAt: z.string().nullable(),
  /** The session-time limit has been reached: bets are refused for the rest of the session. */
  sessionEnded: z.boolean(),
  /** When play ends by the session-time limit (ISO 8601); null: no limit. */
  sessionEndsAt: z.string().nullable(),
});
export type RealityCheckSummary = z.infer<typeof realityCheckSummarySchema>;
export const realityCheckSummaryResponseSchema = dataEnvelope(realityCheckSummarySchema);

/** Dev-only: which of the session's times to make due now (browser tests). */
export const devPlayDueBodySchema = z.object({ check: z.enum(['realityCheck', 'sessionTime']) });

const sandboxSlug = z
  .string()
  .max(128)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);

/** The sandbox game provider's page form: acknowledge the reality check of its launch token. */
export const devProviderRealityCheckBodySchema = z.object({
  token: z.string().min(1).max(200),
  provider: sandboxSlug,
  game: sandboxSlug,
  mode: z.enum(['real', 'demo']).default('real'),
  player: z.uuid().optional(),
  /** The page's chosen stake (index), kept across the redirect. */
  stake: z.coerce.number().int().min(0).max(9).default(0),
});
