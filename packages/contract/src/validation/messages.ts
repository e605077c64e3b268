/**
 * Failures are data, not text: `{ rule, params }`. The web app looks the text up in
 * content under `validation.<rule>` and fills `{min}`, `{max}` and `{param}`; the server
 * uses the same shape (see zod.ts). The English templates below are only a fallback for
 * places without content, such as server logs and API error bodies.
 */

export type MessageParams = Record<string, string | number>;

export interface ValidationFailure {
  rule: RuleName;
  params?: MessageParams;
}

/** Rule names as reported to users, with the predicate each one comes from. */
export const RULE_NAMES = [
  'required', // isPresent
  'min', // isMin, params {min}
  'max', // isMax, params {max}
  'between', // isBetween, params {min, max}
  'minLength', // isMinLength, params {min}
  'maxLength', // isMaxLength, params {max}
  'length', // isLength, params {param}
  'digits', // isDigits, params {param}
  'regex', // matchesRegex
  'url', // isUrl
  'ip', // isIp
  'alpha', // isAlpha
  'alphaNum', // isAlphaNum
  'alphaDash', // isAlphaDash
  'sameAs', // isSameAs, params {param}: the other field's name
  'minAge', // isMinAge, params {min}
  'maxAge', // isMaxAge, params {max}
  'email', // isEmail
  'numeric', // isNumeric
  'integer', // isInteger
  'decimal', // isDecimal
  'countryCode', // isCountryCode
  'languageCode', // isLanguageCode
  'phone', // isPhone, params {kind}: one of PHONE_ERROR_KINDS
  'lowercase', // isLowercase
  'uppercase', // isUppercase
  'affirmative', // isAffirmative
  'negative', // isNegative
  'date', // isDate
  'after', // isAfter, params {param}: the other date
  'afterOrEqual', // isAfterOrEqual
  'before', // isBefore
  'beforeOrEqual', // isBeforeOrEqual
  'slug', // isSlug
  'array', // isArray
  'booleanLike', // isBooleanLike
  'cpf', // isCpf
  'otp', // isOtp
  'invalid', // anything not covered by a rule (e.g. a wrongly shaped request body)
] as const;

export type RuleName = (typeof RULE_NAMES)[number];

export function isRuleName(value: unknown): value is RuleName {
  return typeof value === 'string' && (RULE_NAMES as readonly string[]).includes(value);
}

export function ruleFailure(rule: RuleName, params?: MessageParams): ValidationFailure {
  return params ? { rule, params } : { rule };
}

/**
 * Fills `{name}` placeholders (spaces inside the braces allowed) from `params`.
 * Unknown placeholders are left as they are, so a content mistake stays visible
 * instead of turning into an empty gap.
 */
export function formatMessage(template: string, params: MessageParams = {}): string {
  return template.replace(/\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export const defaultMessages: Readonly<Record<RuleName, string>> = {
  required: 'This field is required.',
  min: 'The value must be at least {min}.',
  max: 'The value must be at most {max}.',
  between: 'The value must be between {min} and {max}.',
  minLength: 'Enter at least {min} characters.',
  maxLength: 'Enter at most {max} characters.',
  length: 'Enter exactly {param} characters.',
  digits: 'Enter exactly {param} digits.',
  regex: 'The format is invalid.',
  url: 'Enter a valid URL.',
  ip: 'Enter a valid IP address.',
  alpha: 'Use letters only.',
  alphaNum: 'Use letters and digits only.',
  alphaDash: 'Use letters, digits, underscores and hyphens only.',
  sameAs: 'The values do not match.',
  minAge: 'You must be at least {min} years old.',
  maxAge: 'You must be at most {max} years old.',
  email: 'Enter a valid e-mail address.',
  numeric: 'Enter a number.',
  integer: 'Enter a whole number.',
  decimal: 'Enter a decimal number.',
  countryCode: 'Enter a two-letter country code.',
  languageCode: 'Enter a two-letter language code.',
  phone: 'Enter a valid phone number.',
  lowercase: 'Use lowercase letters only.',
  uppercase: 'Use uppercase letters only.',
  affirmative: 'This must be accepted.',
  negative: 'This must be declined.',
  date: 'Enter a valid date.',
  after: 'The date must be after {param}.',
  afterOrEqual: 'The date must be on or after {param}.',
  before: 'The date must be before {param}.',
  beforeOrEqual: 'The date must be on or before {param}.',
  slug: 'Use letters, digits, underscores and hyphens only.',
  array: 'The value must be a list.',
  booleanLike: 'The value must be true or false.',
  cpf: 'Enter a valid CPF number.',
  otp: 'Enter the 6-digit code.',
  invalid: 'The value is invalid.',
};

/**
 * The text for a failure: the content template for its rule when there is one (the
 * `validation` content group), else the English fallback.
 */
export function messageFor(failure: ValidationFailure, templates: Readonly<Record<string, string>> = {}): string {
  const template = templates[failure.rule] ?? defaultMessages[failure.rule];
  return formatMessage(template, failure.params);
}

/**
 * The error map of base type errors in other schemas (`{ error: missingOr('invalid') }`):
 * 'required' when the value is missing altogether, else `rule`.
 */
export function missingOr(rule: RuleName) {
  return (issue: { input?: unknown }): RuleName => (issue.input === undefined ? 'required' : rule);
}
