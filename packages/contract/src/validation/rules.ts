/**
 * Reusable validation predicates shared by the server and the web forms.
 *
 * Conventions:
 * - Every predicate except `isPresent` (rule `required`) passes on an empty value
 *   (undefined, null or ''), so optional fields only need `isPresent` when required.
 * - Predicates take `unknown` because form state and request bodies are untyped until
 *   validated; anything of the wrong type fails instead of throwing.
 * - Function names carry an `is`/`matches` prefix so that re-exporting them from the
 *   contract root cannot clash with ordinary identifiers such as `min` or `length`. The
 *   rule name reported to users is listed in `messages.ts` (`isMinLength` → 'minLength').
 */
// Why `max` metadata: `min` only checks leading digits and possible lengths, so it
// accepts numbers outside the national numbering plan (e.g. +55 11 08765-4321, a
// Brazilian mobile without its leading 9) that `max` rejects. A phone number here
// receives a paid one-time code and becomes a login, so precision is worth the ~75 kB of
// extra metadata; server and browser share this module, so they never disagree.
import {
  ParseError,
  parsePhoneNumberWithError,
  validatePhoneNumberLength,
  type PhoneNumber,
} from 'libphonenumber-js/max';

export type EmptyValue = undefined | null | '';

export function isEmpty(value: unknown): value is EmptyValue {
  return value === undefined || value === null || value === '';
}

/** Text view of a value for text rules: strings as they are, finite numbers in decimal. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Code points, so that an emoji counts as one character. */
function textLength(text: string): number {
  return [...text].length;
}

const NUMBER_TEXT = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A finite number from a number or plain decimal text (no exponent, no spaces). */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUMBER_TEXT.test(value)) return Number(value);
  return null;
}

/**
 * True when the text holds a C0 control character or DEL: never part of a name or an
 * address, and NUL cannot be stored. `multiLine` lets tab, line feed and carriage return
 * through (free text such as a message).
 */
export function hasControlCharacter(text: string, options: { multiLine?: boolean } = {}): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x7f || (code < 0x20 && !(options.multiLine && (code === 0x09 || code === 0x0a || code === 0x0d)))) {
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------
// Generic rules
// ---------------------------------------------------------------------------

/** Rule `required`. Whitespace-only text and empty lists count as missing; `false` is a value. */
export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return !Number.isNaN(value);
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** Rule `min`: a number (or numeric text) at least `min`. */
export function isMin(value: unknown, min: number): boolean {
  if (isEmpty(value)) return true;
  const n = toFiniteNumber(value);
  return n !== null && n >= min;
}

/** Rule `max`: a number (or numeric text) at most `max`. */
export function isMax(value: unknown, max: number): boolean {
  if (isEmpty(value)) return true;
  const n = toFiniteNumber(value);
  return n !== null && n <= max;
}

/** Rule `between`: a number within [min, max], bounds included. */
export function isBetween(value: unknown, min: number, max: number): boolean {
  if (isEmpty(value)) return true;
  const n = toFiniteNumber(value);
  return n !== null && n >= min && n <= max;
}

function lengthOf(value: unknown): number | null {
  if (Array.isArray(value)) return value.length;
  const text = asText(value);
  return text === null ? null : textLength(text);
}

/** Rule `minLength`: text (in characters) or a list with at least `min` items. */
export function isMinLength(value: unknown, min: number): boolean {
  if (isEmpty(value)) return true;
  const len = lengthOf(value);
  return len !== null && len >= min;
}

/** Rule `maxLength`. */
export function isMaxLength(value: unknown, max: number): boolean {
  if (isEmpty(value)) return true;
  const len = lengthOf(value);
  return len !== null && len <= max;
}

/** Rule `length`: exactly `length` characters or items. */
export function isLength(value: unknown, length: number): boolean {
  if (isEmpty(value)) return true;
  return lengthOf(value) === length;
}

/** Rule `digits`: exactly `count` decimal digits and nothing else. */
export function isDigits(value: unknown, count: number): boolean {
  if (isEmpty(value)) return true;
  const text = asText(value);
  return text !== null && text.length === count && /^\d+$/.test(text);
}

/**
 * Turns a pattern into a stateless RegExp. Server-configured patterns arrive as text,
 * either bare (`^\d+$`) or in literal form (`/^\d+$/i`). The g and y flags are dropped
 * because they make `test` depend on the previous call.
 */
export function toRegExp(pattern: RegExp | string): RegExp | null {
  try {
    if (pattern instanceof RegExp) return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
    const literal = /^\/(.*)\/([dgimsuvy]*)$/s.exec(pattern);
    if (literal?.[1] !== undefined) return new RegExp(literal[1], (literal[2] ?? '').replace(/[gy]/g, ''));
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

/** Rule `regex`. An unusable pattern fails: a broken configuration must not let anything through. */
export function matchesRegex(value: unknown, pattern: RegExp | string): boolean {
  if (isEmpty(value)) return true;
  const text = asText(value);
  const re = toRegExp(pattern);
  return text !== null && re !== null && re.test(text);
}

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

// Octets with leading zeros (010) are refused: some parsers read them as octal.
function isIPv4Text(text: string): boolean {
  return IPV4.test(text);
}

// Zone ids (fe80::1%eth0) are refused: they are meaningless outside the host that wrote them.
function isIPv6Text(input: string): boolean {
  let text = input;
  if (text.includes('.')) {
    // An embedded IPv4 tail stands for the last two groups.
    const lastColon = text.lastIndexOf(':');
    if (lastColon < 0 || !isIPv4Text(text.slice(lastColon + 1))) return false;
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (part: string): string[] => (part === '' ? [] : part.split(':'));
  if (halves.length === 2) {
    const head = groups(halves[0] ?? '');
    const tail = groups(halves[1] ?? '');
    return head.length + tail.length <= 7 && [...head, ...tail].every((g) => HEX_GROUP.test(g));
  }
  const all = text.split(':');
  return all.length === 8 && all.every((g) => HEX_GROUP.test(g));
}

/** Rule `ip`: an IPv4 or IPv6 address, or only the given version. */
export function isIp(value: unknown, version?: 4 | 6): boolean {
  if (isEmpty(value)) return true;
  if (typeof value !== 'string') return false;
  if (version === 4) return isIPv4Text(value);
  if (version === 6) return isIPv6Text(value);
  return isIPv4Text(value) || isIPv6Text(value);
}

const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

function isHostName(host: string): boolean {
  if (host.length > 253) return false;
  const labels = host.split('.');
  const tld = labels[labels.length - 1] ?? '';
  // A top-level label is never all digits, which also keeps 1.2.3.999 from passing as a name.
  return labels.length >= 2 && labels.every((l) => DOMAIN_LABEL.test(l)) && tld.length >= 2 && /[A-Za-z]/.test(tld);
}

/** Rule `url`: an absolute http(s) address with a real host (name with a dot, IP or localhost). */
export function isUrl(value: unknown, protocols: readonly string[] = ['http', 'https']): boolean {
  if (isEmpty(value)) return true;
  if (typeof value !== 'string' || /\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (!protocols.includes(url.protocol.replace(/:$/, ''))) return false;
  const host = url.hostname;
  if (host.startsWith('[')) return isIPv6Text(host.slice(1, -1));
  return host === 'localhost' || isIPv4Text(host) || isHostName(host);
}

/** Rule `alpha`: letters only, any script (names such as "José" or "Łukasz"). */
export function isAlpha(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return typeof value === 'string' && /^[\p{L}\p{M}]+$/u.test(value);
}

/** Rule `alphaNum`: letters and digits. */
export function isAlphaNum(value: unknown): boolean {
  if (isEmpty(value)) return true;
  const text = asText(value);
  return text !== null && /^[\p{L}\p{M}\p{Nd}]+$/u.test(text);
}

/** Rule `alphaDash`: letters, digits, underscore and hyphen. */
export function isAlphaDash(value: unknown): boolean {
  if (isEmpty(value)) return true;
  const text = asText(value);
  return text !== null && /^[\p{L}\p{M}\p{Nd}_-]+$/u.test(text);
}

/** Rule `sameAs`: strictly equal to the other value. */
export function isSameAs(value: unknown, other: unknown): boolean {
  if (isEmpty(value)) return true;
  return value === other;
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/**
 * Rule `email`, a pragmatic subset of RFC 5322: a dot-atom local part of at most 64
 * characters, exactly one @, a host name with a dot, and at most 254 characters in all.
 * Quoted local parts, IP-literal domains and non-ASCII addresses are refused on purpose:
 * they are valid on paper but mail providers and our own mailer do not handle them.
 */
export function isEmail(value: unknown): boolean {
  if (isEmpty(value)) return true;
  if (typeof value !== 'string' || value.length > 254) return false;
  const parts = value.split('@');
  if (parts.length !== 2) return false;
  const [local = '', domain = ''] = parts;
  return local.length > 0 && local.length <= 64 && EMAIL_LOCAL.test(local) && isHostName(domain);
}

/** Rule `numeric`: unsigned digits with an optional fraction (12, 12.5), or such a number. */
export function isNumeric(value: unknown): boolean {
  if (isEmpty(value)) return true;
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0;
  return typeof value === 'string' && /^(?:\d+(?:\.\d+)?|\.\d+)$/.test(value);
}

/** Rule `integer`: a whole number, optionally negative. */
export function isInteger(value: unknown): boolean {
  if (isEmpty(value)) return true;
  if (typeof value === 'number') return Number.isInteger(value);
  return typeof value === 'string' && /^-?\d+$/.test(value);
}

/** Rule `decimal`: a number with an optional sign and fraction. */
export function isDecimal(value: unknown): boolean {
  if (isEmpty(value)) return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && /^-?(?:\d+(?:\.\d+)?|\.\d+)$/.test(value);
}

// ---------------------------------------------------------------------------
// Platform rules
// ---------------------------------------------------------------------------

/** Exactly two uppercase letters (ISO 3166-1 alpha-2 shape). */
export function isCountryCode(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return typeof value === 'string' && /^[A-Z]{2}$/.test(value);
}

/** Exactly two lowercase letters (ISO 639-1 shape). */
export function isLanguageCode(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return typeof value === 'string' && /^[a-z]{2}$/.test(value);
}

/** Text without uppercase letters (digits and punctuation are allowed). */
export function isLowercase(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return typeof value === 'string' && value === value.toLowerCase();
}

/** Text without lowercase letters. */
export function isUppercase(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return typeof value === 'string' && value === value.toUpperCase();
}

// Exact spellings only: a flag read case-insensitively would make 'YES' and 'Yes' valid
// on one side and not on a stricter consumer.
const AFFIRMATIVE: readonly unknown[] = ['yes', 'on', '1', 'true', 1, true];
const NEGATIVE: readonly unknown[] = ['no', 'off', '0', 'false', 0, false];
const BOOLEAN_LIKE: readonly unknown[] = [true, false, 1, 0, '1', '0'];

/** yes, on, 1 or true (text, number 1 or boolean true). */
export function isAffirmative(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return AFFIRMATIVE.includes(value);
}

/** no, off, 0 or false. */
export function isNegative(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return NEGATIVE.includes(value);
}

/** true, false, 1, 0, '1' or '0' (the text 'true' is not boolean-like, as in the reference platform's rule). */
export function isBooleanLike(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return BOOLEAN_LIKE.includes(value);
}

/** Letters, digits, underscore, hyphen. ASCII only, because slugs end up in URLs. */
export function isSlug(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return typeof value === 'string' && /^[A-Za-z0-9_-]+$/.test(value);
}

/** Must be a list. */
export function isArray(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return Array.isArray(value);
}

/** Exactly 6 digits, as text (a number would lose leading zeros). */
export function isOtp(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return typeof value === 'string' && /^\d{6}$/.test(value);
}

// ---------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------

export const MIN_DATE_YEAR = 1000;
export const MAX_DATE_YEAR = 3000;
/** Largest magnitude a JavaScript Date accepts, in milliseconds. */
const MAX_TIMESTAMP = 8.64e15;
const DATE_TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

export type DateInput = number | string;
/** A reference date for comparisons: a date input or a Date object (such as "now"). */
export type DateReference = DateInput | Date;

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * A date value as a Date, or null. Numbers are millisecond timestamps. Text is
 * year-month-day with a four-digit year in 1000-3000 and one- or two-digit month and
 * day, read as midnight UTC so that the calendar day never shifts with the time zone.
 */
export function parseDate(value: unknown): Date | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) && Math.abs(value) <= MAX_TIMESTAMP ? new Date(value) : null;
  }
  if (typeof value !== 'string') return null;
  const match = DATE_TEXT.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return new Date(Date.UTC(year, month - 1, day));
}

/** Rule `date`: a timestamp or year-month-day text (see `parseDate`). */
export function isDate(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return parseDate(value) !== null;
}

function referenceDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  return parseDate(value);
}

/** The calendar day of a date as zero-padded YYYY-MM-DD (UTC). */
export function formatDateText(date: Date): string {
  const y = String(date.getUTCFullYear()).padStart(4, '0');
  const m = String(date.getUTCMonth() + 1).padStart(2, '0');
  const d = String(date.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** -1, 0 or 1 as `a` is before, equal to or after `b`; null when either is not a valid date. */
export function compareDates(a: unknown, b: unknown): -1 | 0 | 1 | null {
  const left = referenceDate(a);
  const right = referenceDate(b);
  if (!left || !right) return null;
  const diff = left.getTime() - right.getTime();
  return diff < 0 ? -1 : diff > 0 ? 1 : 0;
}

/** Rule `after`: strictly after `other`; fails when either side is not a valid date. */
export function isAfter(value: unknown, other: DateReference): boolean {
  if (isEmpty(value)) return true;
  return isDate(value) && compareDates(value, other) === 1;
}

/** Rule `afterOrEqual`. */
export function isAfterOrEqual(value: unknown, other: DateReference): boolean {
  if (isEmpty(value)) return true;
  const c = isDate(value) ? compareDates(value, other) : null;
  return c === 1 || c === 0;
}

/** Rule `before`. */
export function isBefore(value: unknown, other: DateReference): boolean {
  if (isEmpty(value)) return true;
  return isDate(value) && compareDates(value, other) === -1;
}

/** Rule `beforeOrEqual`. */
export function isBeforeOrEqual(value: unknown, other: DateReference): boolean {
  if (isEmpty(value)) return true;
  const c = isDate(value) ? compareDates(value, other) : null;
  return c === -1 || c === 0;
}

/**
 * Whole years from `birth` to `today`, by UTC calendar day. A 29 February birthday is
 * reached on 1 March in common years.
 */
export function ageOn(birth: Date, today: Date): number {
  let age = today.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < birth.getUTCMonth() ||
    (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age--;
  return age;
}

/** Rule `minAge`: the birthdate makes the person at least `min` years old on `today`. */
export function isMinAge(value: unknown, min: number, today: DateReference = new Date()): boolean {
  if (isEmpty(value)) return true;
  const birth = isDate(value) ? parseDate(value) : null;
  const now = referenceDate(today);
  return birth !== null && now !== null && ageOn(birth, now) >= min;
}

/** Rule `maxAge`: at most `max` years old on `today`. */
export function isMaxAge(value: unknown, max: number, today: DateReference = new Date()): boolean {
  if (isEmpty(value)) return true;
  const birth = isDate(value) ? parseDate(value) : null;
  const now = referenceDate(today);
  return birth !== null && now !== null && ageOn(birth, now) <= max;
}

// ---------------------------------------------------------------------------
// Phone
// ---------------------------------------------------------------------------

export const PHONE_ERROR_KINDS = ['NOT_A_NUMBER', 'INVALID_COUNTRY', 'TOO_SHORT', 'TOO_LONG'] as const;
export type PhoneErrorKind = (typeof PHONE_ERROR_KINDS)[number];

export type PhoneParseResult =
  | { ok: true; /** E.164, e.g. +14155552671 */ value: string; country: string | undefined }
  | { ok: false; error: PhoneErrorKind };

function phoneErrorKind(code: string | undefined): PhoneErrorKind {
  return PHONE_ERROR_KINDS.find((k) => k === code) ?? 'NOT_A_NUMBER';
}

/**
 * Parses an international number. The platform stores "prefix plus number" digits
 * without '+', so a missing '+' is added. Errors are the parser's kinds; a number that
 * parses but is not valid reports its length problem when there is one, else
 * NOT_A_NUMBER (the closest of the four kinds the product knows).
 */
export function parsePhone(input: unknown): PhoneParseResult {
  let text: string;
  if (typeof input === 'string') text = input.trim();
  else if (typeof input === 'number' && Number.isSafeInteger(input) && input > 0) text = String(input);
  else return { ok: false, error: 'NOT_A_NUMBER' };
  if (text === '') return { ok: false, error: 'NOT_A_NUMBER' };
  const international = text.startsWith('+') ? text : `+${text}`;
  let parsed: PhoneNumber;
  try {
    // extract: false, or "call me on +1..." would pass as a phone number.
    parsed = parsePhoneNumberWithError(international, { extract: false });
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, error: phoneErrorKind(error.message) };
    throw error;
  }
  // The stored value is digits only and cannot carry an extension, so one is refused
  // rather than silently dropped.
  if (parsed.ext) return { ok: false, error: 'NOT_A_NUMBER' };
  if (!parsed.isValid()) return { ok: false, error: phoneErrorKind(validatePhoneNumberLength(international)) };
  return { ok: true, value: parsed.number, country: parsed.country };
}

/** Rule `phone`: a valid international number, with or without the leading '+'. */
export function isPhone(value: unknown): boolean {
  if (isEmpty(value)) return true;
  return parsePhone(value).ok;
}

// ---------------------------------------------------------------------------
// CPF (Brazilian individual taxpayer number)
// ---------------------------------------------------------------------------

/** The 11 digits of a CPF written with optional '.' and '-' separators, or null. */
export function normalizeCpf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const digits = value.replace(/[.-]/g, '');
  return /^\d{11}$/.test(digits) ? digits : null;
}

function cpfCheckDigit(digits: readonly number[], count: number): number {
  let sum = 0;
  // Weights run from count+1 down to 2 over the first `count` digits.
  for (let i = 0; i < count; i++) sum += (digits[i] ?? 0) * (count + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** Rule `cpf`: 11 digits with valid check digits; repeated digits (111.111.111-11) are refused. */
export function isCpf(value: unknown): boolean {
  if (isEmpty(value)) return true;
  const text = normalizeCpf(value);
  if (text === null || /^(\d)\1{10}$/.test(text)) return false;
  const digits = [...text].map(Number);
  return cpfCheckDigit(digits, 9) === digits[9] && cpfCheckDigit(digits, 10) === digits[10];
}
