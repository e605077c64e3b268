import { z } from 'zod';
import { missingOr } from '../validation/messages';
import { VERIFICATION_STATUSES } from '../verification/schemas';

/**
 * The profile and the field rules as the server answers them. Kept apart from the
 * request schemas (schemas.ts), which carry the field validation (phone numbers among
 * it): the web app's first screen reads these and need not load that.
 */

export const FIELD_SCENARIOS = ['registration', 'profile'] as const;
export type FieldScenario = (typeof FIELD_SCENARIOS)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const profileSchema = z.object({
  id: z.string(),
  /** 1 active, 2 limited deposits, 3 blocked, 4 self-excluded (constants player.playerStatuses). */
  status: z.number().int(),
  email: z.string().nullable(),
  /** Digits, no '+'. */
  phone: z.string().nullable(),
  phoneConfirmed: z.boolean(),
  /** When the e-mail address was confirmed; null: not confirmed. */
  confirmedAt: z.string().nullable(),
  currency: z.string().nullable(),
  country: z.string().nullable(),
  /** YYYY-MM-DD. */
  birthdate: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Falls back to the e-mail's local part. */
  nickname: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  nationality: z.string().nullable(),
  placeOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  additionalAddress: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  profession: z.string().nullable(),
  personalIdNumber: z.string().nullable(),
  securityQuestion: z.string().nullable(),
  securityAnswer: z.string().nullable(),
  timeZone: z.string().nullable(),
  locale: z.string().nullable(),
  receiveEmailPromo: z.boolean(),
  receiveSmsPromo: z.boolean(),
  agreedTc: z.boolean(),
  createdAt: z.string().nullable(),
  freshchatRestoreId: z.string().nullable(),
  segmentIds: z.array(z.string()),
  /** True only in the response of the call that created the account. */
  isNewlyRegistered: z.boolean(),
  pwaInstalled: z.boolean(),
  externalId: z.number().int(),
  /** null while the referral programme is off. */
  referralCode: z.string().nullable(),
  qualifiedReferralsCount: z.number().int().nullable(),
  /** Croupier addition: the sign-in before the current one (shown at sign-in), null for the first. */
  previousLoginAt: z.string().nullable(),
  /** Croupier addition: identity verification at the provider (GET /api/player/verification has the detail). */
  verificationStatus: z.enum(VERIFICATION_STATUSES),
});
export type Profile = z.infer<typeof profileSchema>;

/** A registration or profile field rule (`GET /api/player/fields/validations`). */
export const fieldSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  editable: z.boolean(),
  isRequired: z.boolean(),
  isVisible: z.boolean(),
  position: z.number().int(),
  /** Default value, when the operator set one. */
  value: z.union([z.string(), z.number(), z.boolean()]).optional(),
});
export type Field = z.infer<typeof fieldSchema>;

export const fieldsQuerySchema = z.object({
  scenario: z.enum(FIELD_SCENARIOS, { error: missingOr('invalid') }),
});
