/**
 * zod 4 schemas for server requests, built on the same predicates as the forms.
 *
 * Issue messages are rule names ('minLength', 'phone', ...) and any parameters ride in
 * the issue's `params` ({ min: 6 }, { kind: 'TOO_SHORT' }). A bare rule name is what the
 * content keys already use (`validation.<rule>`), so the server can localise it with
 * `messageFor` and a client can show its own text; putting JSON inside the message would
 * make every consumer parse strings, and zod already carries structured `params`.
 * `issueToFailure` turns an issue (or a fastify-type-provider-zod validation entry)
 * back into a `ValidationFailure`.
 *
 * Unlike the predicates, these schemas refuse empty values: optionality is expressed
 * with `.optional()` or, for form fields, with `required: false`.
 */
import { z } from 'zod';
import { fieldRules, isRuledField, validateField, type FieldValues, type RuledFieldName } from './fields';
import {
  missingOr,
  ruleFailure,
  isRuleName,
  type MessageParams,
  type RuleName,
  type ValidationFailure,
} from './messages';
import {
  formatDateText,
  isCountryCode,
  isEmail,
  isEmpty,
  isLanguageCode,
  isOtp,
  isPresent,
  isSlug,
  normalizeCpf,
  isCpf,
  parseDate,
  parsePhone,
} from './rules';

type TransformContext = z.core.$RefinementCtx<unknown>;

function addFailure(ctx: TransformContext, value: unknown, result: ValidationFailure): void {
  ctx.addIssue({
    code: 'custom',
    message: result.rule,
    input: value,
    ...(result.params ? { params: result.params } : {}),
  });
}

/** A string accepted by `predicate` (empty refused), reporting `rule` for any failure. */
function ruleString(rule: RuleName, predicate: (value: string) => boolean) {
  return z.string({ error: missingOr(rule) }).refine((value) => value !== '' && predicate(value), { error: rule });
}

export const zCountryCode = ruleString('countryCode', isCountryCode);
export const zLanguageCode = ruleString('languageCode', isLanguageCode);
export const zSlug = ruleString('slug', isSlug);
export const zOtp = ruleString('otp', isOtp);
export const zEmail = ruleString('email', isEmail);

/** A phone number, with or without '+', as text or number; output: E.164 digits without '+'. */
export const zPhone = z.union([z.string(), z.number()], { error: missingOr('phone') }).transform((value, ctx) => {
  const result = parsePhone(value);
  if (!result.ok) {
    addFailure(ctx, value, ruleFailure('phone', { kind: result.error }));
    return z.NEVER;
  }
  return result.value.slice(1);
});

/** Year-month-day text (1-2 digit month and day); output: zero-padded YYYY-MM-DD. */
export const zDateString = z.string({ error: missingOr('date') }).transform((value, ctx) => {
  const date = parseDate(value);
  if (!date) {
    addFailure(ctx, value, ruleFailure('date'));
    return z.NEVER;
  }
  return formatDateText(date);
});

/** A timestamp or year-month-day text; output: a Date (text is midnight UTC). */
export const zDate = z.union([z.string(), z.number()], { error: missingOr('date') }).transform((value, ctx) => {
  const date = parseDate(value);
  if (!date) {
    addFailure(ctx, value, ruleFailure('date'));
    return z.NEVER;
  }
  return date;
});

/** A CPF with or without '.' and '-'; output: the 11 digits. */
export const zCpf = z.string({ error: missingOr('cpf') }).transform((value, ctx) => {
  const digits = isCpf(value) ? normalizeCpf(value) : null;
  if (!digits) {
    addFailure(ctx, value, ruleFailure('cpf'));
    return z.NEVER;
  }
  return digits;
});

/** true, false, 1, 0, '1' or '0'; output: a boolean. */
export const zBooleanLike = z
  .union([z.boolean(), z.literal([0, 1, '0', '1'])], { error: missingOr('booleanLike') })
  .transform((value) => value === true || value === 1 || value === '1');

/** yes, on, 1, true (also the number 1 and boolean true); output: true. Use for agreements. */
export const zAffirmative = z
  .literal(['yes', 'on', '1', 'true', 1, true], { error: missingOr('affirmative') })
  .transform((): true => true);

/** no, off, 0, false; output: false. */
export const zNegative = z
  .literal(['no', 'off', '0', 'false', 0, false], { error: missingOr('negative') })
  .transform((): false => false);

// ---------------------------------------------------------------------------
// Registration and profile fields
// ---------------------------------------------------------------------------

/** What each ruled field becomes after validation. */
export interface RegistrationFieldOutput {
  password: string;
  newPassword: string;
  password_confirmation: string;
  repeatNewPassword: string;
  currentPassword: string;
  firstName: string;
  lastName: string;
  personalIdNumber: string;
  email: string;
  /** E.164 digits without '+'. */
  phone: string;
  /** YYYY-MM-DD. */
  birthdate: string;
  age: number;
  /** 11 digits. */
  cpf_number: string;
}

/** Shape check before the rules run: text fields must be text, age a number or integer text. */
function normalizeField<N extends RuledFieldName>(name: N, value: unknown): RegistrationFieldOutput[N] | null;
function normalizeField(name: RuledFieldName, value: unknown): string | number | null {
  switch (name) {
    case 'phone': {
      const result = parsePhone(value);
      return result.ok ? result.value.slice(1) : null;
    }
    case 'birthdate': {
      const date = parseDate(value);
      return date ? formatDateText(date) : null;
    }
    case 'age':
      return typeof value === 'number' || typeof value === 'string' ? Number(value) : null;
    case 'cpf_number':
      return normalizeCpf(value);
    default:
      return typeof value === 'string' ? value : null;
  }
}

export interface RegistrationFieldSchemaOptions {
  /** The server's isRequired flag; the field's default when left out. */
  required?: boolean;
}

/**
 * One form field on its own. Rules that compare two fields (the confirmations) need the
 * whole form: use `registrationFormSchema` for those. An empty optional value
 * (undefined, null, '') comes out as undefined.
 */
export function registrationFieldSchema<N extends RuledFieldName>(
  name: N,
  options: { required: true },
): z.ZodType<RegistrationFieldOutput[N], unknown>;
export function registrationFieldSchema<N extends RuledFieldName>(
  name: N,
  options?: RegistrationFieldSchemaOptions,
): z.ZodType<RegistrationFieldOutput[N] | undefined, unknown>;
export function registrationFieldSchema<N extends RuledFieldName>(
  name: N,
  options: RegistrationFieldSchemaOptions = {},
): z.ZodType<RegistrationFieldOutput[N] | undefined, unknown> {
  const required = options.required ?? fieldRules[name].required;
  return (
    z
      // `.optional()` first: an absent key must reach the transform (to report 'required'
      // or become undefined) without zod 4 objects refusing it as "nonoptional", and the
      // schema must stay convertible to JSON Schema for the API docs (`.prefault(undefined)`
      // did the former but broke the latter).
      .unknown()
      .optional()
      .transform((value, ctx): RegistrationFieldOutput[N] | undefined => {
        const result = validateField(name, value, {}, { isRequired: required, skipCrossField: true });
        if (result) {
          addFailure(ctx, value, result);
          return z.NEVER;
        }
        if (!isPresent(value)) return undefined;
        const normalized = normalizeField(name, value);
        if (normalized === null) {
          addFailure(ctx, value, ruleFailure('invalid'));
          return z.NEVER;
        }
        return normalized;
      })
  );
}

/** Factories for every ruled field, e.g. `registrationFieldSchemas.email({ required: true })`. */
export const registrationFieldSchemas: {
  [N in RuledFieldName]: (
    options?: RegistrationFieldSchemaOptions,
  ) => z.ZodType<RegistrationFieldOutput[N] | undefined, unknown>;
} = {
  password: (o) => registrationFieldSchema('password', o),
  newPassword: (o) => registrationFieldSchema('newPassword', o),
  password_confirmation: (o) => registrationFieldSchema('password_confirmation', o),
  repeatNewPassword: (o) => registrationFieldSchema('repeatNewPassword', o),
  currentPassword: (o) => registrationFieldSchema('currentPassword', o),
  firstName: (o) => registrationFieldSchema('firstName', o),
  lastName: (o) => registrationFieldSchema('lastName', o),
  personalIdNumber: (o) => registrationFieldSchema('personalIdNumber', o),
  email: (o) => registrationFieldSchema('email', o),
  phone: (o) => registrationFieldSchema('phone', o),
  birthdate: (o) => registrationFieldSchema('birthdate', o),
  age: (o) => registrationFieldSchema('age', o),
  cpf_number: (o) => registrationFieldSchema('cpf_number', o),
};

/** A server field rule as the fields/validations call returns it. */
export interface FieldRequirement {
  name: string;
  isRequired?: boolean;
}

/** Fields without rules of their own: any value, checked for presence when required. */
function unruledFieldSchema(required: boolean) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (required && !isPresent(value)) {
        addFailure(ctx, value, ruleFailure('required'));
        return z.NEVER;
      }
      return isEmpty(value) ? undefined : value;
    });
}

/**
 * A whole registration or profile form from the server's field rules (scenario
 * registration or profile), including the confirmation checks, which are reported on
 * the confirming field and compare the submitted values as the form does. Unknown keys
 * are dropped.
 */
export function registrationFormSchema(fields: readonly FieldRequirement[]) {
  const shape: Record<string, z.ZodType<unknown, unknown>> = {};
  for (const field of fields) {
    shape[field.name] = isRuledField(field.name)
      ? registrationFieldSchema(field.name, field.isRequired === undefined ? {} : { required: field.isRequired })
      : unruledFieldSchema(field.isRequired ?? false);
  }
  const object = z.object(shape, { error: 'invalid' });
  return z.unknown().transform((raw, ctx): Record<string, unknown> => {
    const parsed = object.safeParse(raw);
    const failed = new Set<string>();
    for (const issue of parsed.error?.issues ?? []) {
      failed.add(String(issue.path[0] ?? ''));
      ctx.addIssue({ ...issueToFailureIssue(issue), path: issue.path });
    }
    if (typeof raw === 'object' && raw !== null) {
      // The raw values, not the parsed ones: a failed field has no parsed value to compare.
      const values = raw as FieldValues;
      for (const field of fields) {
        if (!isRuledField(field.name) || failed.has(field.name)) continue;
        for (const check of fieldRules[field.name].checks) {
          if (check.crossField === undefined) continue;
          const result = check.run(values[field.name], values);
          if (result) {
            failed.add(field.name);
            ctx.addIssue({ ...issueFromFailure(result), path: [field.name] });
          }
        }
      }
    }
    return parsed.success && failed.size === 0 ? parsed.data : z.NEVER;
  });
}

function issueFromFailure(result: ValidationFailure) {
  return { code: 'custom' as const, message: result.rule, ...(result.params ? { params: result.params } : {}) };
}

function issueToFailureIssue(issue: z.core.$ZodIssue) {
  return issueFromFailure(issueToFailure(issue));
}

// ---------------------------------------------------------------------------
// Sign-in
// ---------------------------------------------------------------------------

/**
 * A login: an e-mail when it contains '@', else a phone number (normalised to digits
 * without '+'). The server does not know which tab was used, so it decides by shape.
 */
export const zLogin = z.string({ error: missingOr('invalid') }).transform((value, ctx) => {
  if (!isPresent(value)) {
    addFailure(ctx, value, ruleFailure('required'));
    return z.NEVER;
  }
  if (value.includes('@')) {
    if (isEmail(value)) return value;
    addFailure(ctx, value, ruleFailure('email'));
    return z.NEVER;
  }
  const result = parsePhone(value);
  if (!result.ok) {
    addFailure(ctx, value, ruleFailure('phone', { kind: result.error }));
    return z.NEVER;
  }
  return result.value.slice(1);
});

/** Sign-in body. The password is only required: old accounts may predate the length rule. */
export const signInBodySchema = z.object({
  login: zLogin,
  password: z.string({ error: missingOr('invalid') }).refine(isPresent, { error: 'required' }),
});

// ---------------------------------------------------------------------------
// Issues back to failures
// ---------------------------------------------------------------------------

// Only the keys our rules use: zod's own issue fields (input, origin...) must not leak
// into user-facing placeholders.
const PARAM_KEYS = ['min', 'max', 'param', 'kind'] as const;

function toMessageParams(value: unknown): MessageParams | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const params: MessageParams = {};
  for (const key of PARAM_KEYS) {
    const item: unknown = key in value ? (value as Record<string, unknown>)[key] : undefined;
    if (typeof item === 'string' || typeof item === 'number') params[key] = item;
  }
  return Object.keys(params).length > 0 ? params : undefined;
}

/**
 * A failure from a zod issue, or from a fastify-type-provider-zod validation entry
 * (which nests the issue's own params one level down). Messages that are not rule
 * names (zod's own texts for wrongly shaped bodies) become `invalid`.
 */
export function issueToFailure(issue: { message?: string; params?: unknown }): ValidationFailure {
  if (!isRuleName(issue.message)) return ruleFailure('invalid');
  const outer = issue.params;
  const nested = typeof outer === 'object' && outer !== null && 'params' in outer ? outer.params : outer;
  return ruleFailure(issue.message, toMessageParams(nested));
}

/** The first failure per field path ('a.b' for nested keys) of a zod error. */
export function fieldFailures(error: z.ZodError): Record<string, ValidationFailure> {
  const result: Record<string, ValidationFailure> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    result[key] ??= issueToFailure(issue);
  }
  return result;
}
