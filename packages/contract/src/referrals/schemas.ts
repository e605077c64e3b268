import { z } from 'zod';
import { paginationMetaSchema } from '../common/envelope';
import { pageQuerySchema } from '../common/query';

/**
 * The referral programme (docs/referrals.md): a player's link brings friends; a friend who
 * deposits and wagers enough within the window qualifies, and the owner gets the owner
 * bonus (a catalogue bonus with the `referral` trigger, `triggerType` 11).
 */

/** `Referral.qualified`: 1 in progress, 2 qualified, 3 unqualified (the window ended first). */
export const ReferralStatus = { IN_PROGRESS: 1, QUALIFIED: 2, UNQUALIFIED: 3 } as const;
export type ReferralStatusId = (typeof ReferralStatus)[keyof typeof ReferralStatus];

/** `GET /api/player/referral-settings`. */
export const referralSettingsSchema = z.object({
  enabled: z.boolean(),
  maxReferralCount: z.number().int().nullable(),
  ownerBonusId: z.string().nullable(),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

/** One friend the player brought (no name or contact: only the dates and the status). */
export const referralSchema = z.object({
  qualified: z.number().int(),
  registrationDate: z.string(),
  qualificationDate: z.string().nullable(),
  /** Until when the friend may qualify (the countdown while `qualified` is 1). */
  qualificationEndDate: z.string(),
});
export type Referral = z.infer<typeof referralSchema>;

export const referralsQuerySchema = pageQuerySchema;

/**
 * `GET /api/player/profile/referrals`: the list at the root (`referrals`, as the reference
 * client reads it) and the same rows under `data`, so it is a `{ data, meta }` page too.
 */
export const referralsPageSchema = z.object({
  referrals: z.array(referralSchema),
  data: z.array(referralSchema),
  meta: paginationMetaSchema,
});
export type ReferralsPage = z.infer<typeof referralsPageSchema>;

/** A qualification threshold in one currency, major units on the wire. */
export const referralThresholdSchema = z.object({
  currency: z
    .string()
    .regex(/^[A-Za-z0-9]{2,10}$/, { error: 'This currency is not available.' })
    .transform((value) => value.toUpperCase()),
  /** Deposits needed within the window. */
  depositAmount: z.number().min(0),
  /** Real-money bets needed within the window (rolled-back bets do not count). */
  wagerAmount: z.number().min(0),
});
export type ReferralThreshold = z.infer<typeof referralThresholdSchema>;

/** The operator's settings (`GET`/`PUT /api/admin/referral-settings`). */
export const referralAdminSettingsSchema = z.object({
  enabled: z.boolean(),
  /** How many friends one owner may bring; null: no cap. */
  maxReferralCount: z.number().int().min(1).max(100_000).nullable(),
  /** The catalogue bonus the owner gets per qualified friend (trigger `referral`); null: none. */
  ownerBonusId: z.uuid().nullable(),
  /** Days after the friend's registration within which the thresholds must be met. */
  qualificationDays: z.number().int().min(1).max(365),
  /** Per currency; a friend qualifies in a currency listed here. */
  thresholds: z.array(referralThresholdSchema).max(50),
});
export type ReferralAdminSettings = z.infer<typeof referralAdminSettingsSchema>;
