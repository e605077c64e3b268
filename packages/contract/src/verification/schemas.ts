import { z } from 'zod';

/**
 * Identity verification (KYC) through a hosted provider. A player's status changes only
 * when the provider reports a review: none → pending (documents submitted) → approved,
 * rejected (final) or retry (the provider asks for new documents).
 */
export const VERIFICATION_STATUSES = ['none', 'pending', 'approved', 'rejected', 'retry'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The player's verification as `GET /api/player/verification` answers it. */
export const verificationSchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  /** The reviewer's comment of a rejection or a request to try again; null otherwise. */
  reason: z.string().nullable(),
  /** When the provider last reported a change; null while nothing was reported. */
  updatedAt: z.string().nullable(),
  /**
   * The configured rules, in major units of the base currency (null: off): a withdrawal
   * above the first, or deposits adding up to more than the second, need a verified identity.
   */
  requiredForWithdrawalsAboveBase: z.number().nullable(),
  requiredForDepositsAboveBase: z.number().nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;

/** What the realtime event `player.verification.updated` carries. */
export const verificationStatusUpdateSchema = verificationSchema.pick({ status: true, reason: true, updatedAt: true });
export type VerificationStatusUpdate = z.infer<typeof verificationStatusUpdateSchema>;

/**
 * `POST /api/player/services/sumsub/auth`: the reference client reads `token` at the root.
 * Croupier adds `url`, the provider's hosted verification page for this player (the
 * sandbox's page outside production), and the same content under `data`.
 */
const verificationAuthBody = {
  /** Access token for the provider's web SDK, bound to the player. */
  token: z.string(),
  /** The hosted verification page to open; null when the provider offers none. */
  url: z.string().nullable(),
};
export const verificationAuthResponseSchema = z.object({
  ...verificationAuthBody,
  data: z.object(verificationAuthBody),
});
export type VerificationAuthResponse = z.infer<typeof verificationAuthResponseSchema>;

/** What the webhook endpoint answers the provider. */
export const verificationWebhookResultSchema = z.object({
  /** False when this event was applied before (a repeated delivery) or is older than the last one applied. */
  applied: z.boolean(),
  status: z.enum(VERIFICATION_STATUSES).nullable(),
});
