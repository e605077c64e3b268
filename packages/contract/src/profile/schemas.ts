import { z } from 'zod';
import { validateField, type RuledFieldName } from '../validation/fields';
import { missingOr, ruleFailure, type ValidationFailure } from '../validation/messages';
import {
  formatDateText,
  hasControlCharacter,
  isCountryCode,
  isEmail,
  isMaxLength,
  isMinAge,
  parseDate,
  parsePhone,
} from '../validation/rules';
import { zBooleanLike } from '../validation/zod';
import { GENDERS, type Gender } from './model';

/**
 * Profile and the field rules of the registration and profile forms (`Field`, from
 * `GET /api/player/fields/validations`). Failures are reported by shared rule names, like every request schema.
 */

/** Players must be adults: a birthdate that makes someone younger is refused. */
export const ADULT_AGE_YEARS = 18;

/** Longest accepted value of each free-text profile field, in characters. */
export const PROFILE_TEXT_LIMITS = {
  nickname: 64,
  firstName: 100,
  lastName: 100,
  nationality: 100,
  placeOfBirth: 100,
  address: 200,
  additionalAddress: 200,
  city: 100,
  postalCode: 20,
  profession: 100,
  personalIdNumber: 50,
  securityQuestion: 200,
  securityAnswer: 200,
  timeZone: 64,
  freshchatRestoreId: 200,
} as const;

/** A locale code as clients send it: `en`, `pt-BR` (also lower-cased `pt-br`). */
export const LOCALE_CODE_PATTERN = /^[A-Za-z]{2}(?:-[A-Za-z]{2})?$/;

type Ctx = z.core.$RefinementCtx<unknown>;

function fail(ctx: Ctx, input: unknown, failure: ValidationFailure): never {
  ctx.addIssue({ code: 'custom', message: failure.rule, input, ...(failure.params ? { params: failure.params } : {}) });
  return z.NEVER;
}

/**
 * Optional single-line text of a form. Trimmed; '' and null come out as null (clear the
 * value); an absent key stays undefined (leave it unchanged). `field` applies that
 * field's shared rule (e.g. firstName: at least 2 characters).
 */
export function clearableText(options: { max: number; field?: RuledFieldName }) {
  return z
    .union([z.string(), z.null()], { error: missingOr('invalid') })
    .transform((value, ctx): string | null => {
      if (value === null) return null;
      const text = value.trim();
      if (text === '') return null;
      if (hasControlCharacter(text)) return fail(ctx, value, ruleFailure('invalid'));
      const failure = options.field ? validateField(options.field, text, {}, { skipCrossField: true }) : null;
      if (failure) return fail(ctx, value, failure);
      if (!isMaxLength(text, options.max)) return fail(ctx, value, ruleFailure('maxLength', { max: options.max }));
      return text;
    })
    .optional();
}

/** An e-mail address, or ''/null for none. */
export const clearableEmail = z
  .union([z.string(), z.null()], { error: missingOr('email') })
  .transform((value, ctx): string | null => {
    const text = value?.trim() ?? '';
    if (text === '') return null;
    return isEmail(text) ? text : fail(ctx, value, ruleFailure('email'));
  })
  .optional();

/** A phone number (digits, '+' allowed), or ''/null for none; output: E.164 digits without '+'. */
export const clearablePhone = z
  .union([z.string(), z.number(), z.null()], { error: missingOr('phone') })
  .transform((value, ctx): string | null => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const result = parsePhone(value);
    return result.ok ? result.value.slice(1) : fail(ctx, value, ruleFailure('phone', { kind: result.error }));
  })
  .optional();

/** YYYY-MM-DD (1-2 digit month and day accepted) of an adult, or ''/null for none. */
export const clearableBirthdate = z
  .union([z.string(), z.null()], { error: missingOr('date') })
  .transform((value, ctx): string | null => {
    const text = value?.trim() ?? '';
    if (text === '') return null;
    const date = parseDate(text);
    if (!date) return fail(ctx, value, ruleFailure('date'));
    if (!isMinAge(text, ADULT_AGE_YEARS)) return fail(ctx, value, ruleFailure('minAge', { min: ADULT_AGE_YEARS }));
    return formatDateText(date);
  })
  .optional();

export const clearableGender = z
  .union([z.enum(GENDERS), z.literal(''), z.null()], { error: missingOr('invalid') })
  .transform((value): Gender | null => (value === '' ? null : value))
  .optional();

/** An upper-case ISO country code, or ''/null for none. */
export const clearableCountry = z
  .union([z.string(), z.null()], { error: missingOr('countryCode') })
  .transform((value, ctx): string | null => {
    if (value === null || value === '') return null;
    return isCountryCode(value) ? value : fail(ctx, value, ruleFailure('countryCode'));
  })
  .optional();

/** A locale code; '' means "not given". Whether the site has it is the server's check. */
export const optionalLocale = z
  .string({ error: missingOr('invalid') })
  .trim()
  .refine((value) => value === '' || LOCALE_CODE_PATTERN.test(value), { error: 'invalid' })
  .transform((value) => (value === '' ? undefined : value))
  .optional();

// ---------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

/**
 * `PUT /api/player/profile`: any subset of the fields a player may edit. An absent key
 * leaves the value unchanged; '' or null clears it. Every other key (status, id,
 * externalId, confirmedAt, phoneConfirmed, currency, balances…) is ignored: it is not
 * part of this schema, so it never reaches the server's update.
 */
export const profileUpdateBodySchema = z.object(
  {
    email: clearableEmail,
    phone: clearablePhone,
    nickname: clearableText({ max: PROFILE_TEXT_LIMITS.nickname }),
    firstName: clearableText({ max: PROFILE_TEXT_LIMITS.firstName, field: 'firstName' }),
    lastName: clearableText({ max: PROFILE_TEXT_LIMITS.lastName, field: 'lastName' }),
    birthdate: clearableBirthdate,
    gender: clearableGender,
    nationality: clearableText({ max: PROFILE_TEXT_LIMITS.nationality }),
    placeOfBirth: clearableText({ max: PROFILE_TEXT_LIMITS.placeOfBirth }),
    address: clearableText({ max: PROFILE_TEXT_LIMITS.address }),
    additionalAddress: clearableText({ max: PROFILE_TEXT_LIMITS.additionalAddress }),
    city: clearableText({ max: PROFILE_TEXT_LIMITS.city }),
    postalCode: clearableText({ max: PROFILE_TEXT_LIMITS.postalCode }),
    profession: clearableText({ max: PROFILE_TEXT_LIMITS.profession }),
    personalIdNumber: clearableText({ max: PROFILE_TEXT_LIMITS.personalIdNumber, field: 'personalIdNumber' }),
    securityQuestion: clearableText({ max: PROFILE_TEXT_LIMITS.securityQuestion }),
    securityAnswer: clearableText({ max: PROFILE_TEXT_LIMITS.securityAnswer }),
    /** An id of constants `player.timeZone`. */
    timeZone: clearableText({ max: PROFILE_TEXT_LIMITS.timeZone }),
    country: clearableCountry,
    locale: optionalLocale,
    receiveEmailPromo: zBooleanLike.optional(),
    receiveSmsPromo: zBooleanLike.optional(),
    pwaInstalled: zBooleanLike.optional(),
    freshchatRestoreId: clearableText({ max: PROFILE_TEXT_LIMITS.freshchatRestoreId }),
  },
  { error: 'invalid' },
);
export type ProfileUpdateBody = z.output<typeof profileUpdateBodySchema>;
