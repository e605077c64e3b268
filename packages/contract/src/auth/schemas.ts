import { z } from 'zod';
import { missingOr, type RuleName } from '../validation/messages';
import { isMaxLength, isPresent } from '../validation/rules';
import { registrationFieldSchema, signInBodySchema, zEmail, zOtp } from '../validation/zod';
import {
  clearableBirthdate,
  clearableCountry,
  clearableGender,
  clearableText,
  optionalLocale,
  PROFILE_TEXT_LIMITS,
} from '../profile/schemas';

/**
 * Registration, sign-in, sessions, one-time codes and passwords.
 * Field failures are shared rule names, so the server's error handler and the forms
 * show the same texts.
 */

/** Purposes a one-time code is sent for; a code only works for the purpose it was sent for. */
export const OTP_REASONS = ['registration', 'phoneVerification', 'changingPass'] as const;
export type OtpReason = (typeof OTP_REASONS)[number];

/** Passwords: at least 6 characters, at most 128 (long passphrases welcome). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
/** Single-use codes and tokens (reset, confirmation, autologin) are opaque text up to this length. */
export const OPAQUE_CODE_MAX_LENGTH = 512;
/** Browser visitor ids and affiliate tags are kept as given, up to this length. */
export const CLIENT_TAG_MAX_LENGTH = 256;

function withinMax(max: number) {
  // No `abort`: an aborted issue would keep the confirmation checks from running.
  return { error: 'maxLength' as RuleName, params: { max } };
}

function trimmed<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), schema);
}

/** A new password: the shared `password` rule (min 6), required, at most 128 characters. */
export const zNewPassword = registrationFieldSchema('password', { required: true }).refine(
  (value) => isMaxLength(value, PASSWORD_MAX_LENGTH),
  withinMax(PASSWORD_MAX_LENGTH),
);

/** An existing password: only required (old accounts may predate the length rule). */
const zCurrentPassword = z
  .string({ error: missingOr('invalid') })
  .refine(isPresent, { error: 'required' })
  .refine((value) => isMaxLength(value, PASSWORD_MAX_LENGTH), withinMax(PASSWORD_MAX_LENGTH));

/** An opaque single-use code or token from a link or an e-mail. */
const zOpaqueCode = z
  .string({ error: missingOr('invalid') })
  .trim()
  .refine((value) => value !== '', { error: 'required' })
  .refine((value) => value.length <= OPAQUE_CODE_MAX_LENGTH, withinMax(OPAQUE_CODE_MAX_LENGTH));

const optionalTag = clearableText({ max: CLIENT_TAG_MAX_LENGTH });

/**
 * A registration checkbox: checked is `1`, unchecked `''` (as the reference client sends them); `0`, `true`,
 * `false` and their text forms are accepted as well. Output: a boolean.
 */
export const zCheckbox = z
  .union([z.boolean(), z.literal([0, 1, '0', '1', '', 'true', 'false', 'on', 'off']), z.null()], {
    error: missingOr('booleanLike'),
  })
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true' || value === 'on');

/** A currency code (upper-cased); '' means "not given". Whether it is enabled is the server's check. */
const optionalCurrency = z
  .string({ error: missingOr('invalid') })
  .trim()
  .toUpperCase()
  .refine((value) => value === '' || /^[A-Z0-9]{2,10}$/.test(value), { error: 'invalid' })
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/**
 * A confirmation must equal the password it confirms. Checked even when other fields
 * fail, so that a form shows every problem at once; skipped when the password itself
 * failed (its own error says what to fix, and there is nothing valid to compare with).
 */
function confirms(field: string, original: string) {
  return {
    when: () => true,
    check: (value: unknown, ctx: z.core.$RefinementCtx<unknown>): void => {
      if (typeof value !== 'object' || value === null) return;
      const values = value as Record<string, unknown>;
      const confirmation = values[field];
      if (confirmation === undefined || typeof values[original] !== 'string') return;
      if (confirmation !== values[original]) {
        ctx.addIssue({
          code: 'custom',
          message: 'sameAs',
          params: { param: original },
          path: [field],
          input: confirmation,
        });
      }
    },
  };
}

const passwordConfirmation = confirms('password_confirmation', 'password');
const newPasswordConfirmation = confirms('repeatNewPassword', 'newPassword');

/** Keys shared by e-mail and phone registration (the names of the registration fields). */
const registrationShape = {
  password: zNewPassword,
  /** Compared with the password; required when the field rules say so. */
  password_confirmation: z.string({ error: missingOr('invalid') }).optional(),
  currency: optionalCurrency,
  country: clearableCountry,
  locale: optionalLocale,
  /** Derived from the e-mail's local part when absent. */
  nickname: clearableText({ max: PROFILE_TEXT_LIMITS.nickname }),
  agreements: zCheckbox.optional(),
  receiveEmailPromo: zCheckbox.optional(),
  receiveSmsPromo: zCheckbox.optional(),
  /** The referrer's code (the `ref` URL parameter). */
  referralCode: clearableText({ max: 64 }),
  bonusCode: clearableText({ max: 64 }),
  firstName: clearableText({ max: PROFILE_TEXT_LIMITS.firstName, field: 'firstName' }),
  lastName: clearableText({ max: PROFILE_TEXT_LIMITS.lastName, field: 'lastName' }),
  birthdate: clearableBirthdate,
  gender: clearableGender,
  city: clearableText({ max: PROFILE_TEXT_LIMITS.city }),
  address: clearableText({ max: PROFILE_TEXT_LIMITS.address }),
  postalCode: clearableText({ max: PROFILE_TEXT_LIMITS.postalCode }),
  fingerprint: optionalTag,
  affiliateTag: optionalTag,
};

/**
 * `POST /api/player/register`. Unknown keys are ignored. `phone` is an additional, unverified
 * number, kept when the registration field rules list a `phone`.
 */
export const emailRegistrationBodySchema = z
  .object(
    {
      ...registrationShape,
      email: trimmed(registrationFieldSchema('email', { required: true })),
      phone: registrationFieldSchema('phone'),
    },
    { error: 'invalid' },
  )
  .superRefine(passwordConfirmation.check, { when: passwordConfirmation.when });
export type EmailRegistrationBody = z.output<typeof emailRegistrationBodySchema>;

/** `POST /api/player/register/phone`: the registration fields plus the one-time code. `email` is ignored. */
export const phoneRegistrationBodySchema = z
  .object(
    { ...registrationShape, phone: registrationFieldSchema('phone', { required: true }), code: zOtp },
    { error: 'invalid' },
  )
  .superRefine(passwordConfirmation.check, { when: passwordConfirmation.when });
export type PhoneRegistrationBody = z.output<typeof phoneRegistrationBodySchema>;

/** `POST /api/player/register/confirm`: the code of the `/verify/{code}` link. */
export const registerConfirmBodySchema = z.object({ code: zOpaqueCode }, { error: 'invalid' });

/** `POST /api/player/sessions`: e-mail or phone digits, password, browser visitor id. */
export const signInRequestSchema = signInBodySchema.extend({
  password: zCurrentPassword,
  fingerprint: optionalTag,
});
export type SignInRequest = z.output<typeof signInRequestSchema>;

/** `POST /api/player/sessions/token`: a one-time autologin token. */
export const autologinBodySchema = z.object({ token: zOpaqueCode, fingerprint: optionalTag }, { error: 'invalid' });

export const otpReasonSchema = z.enum(OTP_REASONS, { error: missingOr('invalid') });

/** `POST /api/player/otp/send`. */
export const otpSendBodySchema = z.object(
  { phone: registrationFieldSchema('phone', { required: true }), reason: otpReasonSchema },
  { error: 'invalid' },
);
export type OtpSendBody = z.output<typeof otpSendBodySchema>;

/** `POST /api/player/otp/verify`. */
export const otpVerifyBodySchema = z.object(
  { phone: registrationFieldSchema('phone', { required: true }), code: zOtp, reason: otpReasonSchema },
  { error: 'invalid' },
);
export type OtpVerifyBody = z.output<typeof otpVerifyBodySchema>;

/** `POST /api/player/passwords/reset`. */
export const passwordResetBodySchema = z.object({ email: trimmed(zEmail) }, { error: 'invalid' });

/** `POST /api/player/passwords/confirm`: the code from the e-mail link or from a verified SMS code. */
export const passwordConfirmBodySchema = z
  .object(
    {
      code: zOpaqueCode,
      newPassword: zNewPassword,
      repeatNewPassword: z.string({ error: missingOr('invalid') }).refine(isPresent, { error: 'required' }),
    },
    { error: 'invalid' },
  )
  .superRefine(newPasswordConfirmation.check, { when: newPasswordConfirmation.when });
export type PasswordConfirmBody = z.output<typeof passwordConfirmBodySchema>;

/**
 * `PUT /api/player/passwords`. `closeOtherSessions` (Croupier addition, default true)
 * ends every other session of the player once the password has changed.
 */
export const passwordChangeBodySchema = z
  .object(
    {
      currentPassword: zCurrentPassword,
      newPassword: zNewPassword,
      repeatNewPassword: z.string({ error: missingOr('invalid') }).refine(isPresent, { error: 'required' }),
      closeOtherSessions: zCheckbox.optional().transform((value) => value ?? true),
    },
    { error: 'invalid' },
  )
  .superRefine(newPasswordConfirmation.check, { when: newPasswordConfirmation.when });
export type PasswordChangeBody = z.output<typeof passwordChangeBodySchema>;
