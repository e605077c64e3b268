import {
  issueToFailure,
  PASSWORD_MAX_LENGTH,
  profileUpdateBodySchema,
  ruleFailure,
  validateField,
  type Country,
  type Profile,
  type Session,
  type ValidationFailure,
} from '@croupier/contract';
import { fieldKind, type FieldKind, type FieldRule, fullPhone } from '../auth';

/**
 * The profile "info" form and the "security" page as pure functions: the components render what these return and the
 * unit tests check them.
 */

// ---------------------------------------------------------------------------
// The profile form
// ---------------------------------------------------------------------------

/** The keys `PUT /api/player/profile` accepts; anything else is shown, never sent. */
export type EditableName = keyof typeof profileUpdateBodySchema.shape;

export function isUpdatableField(name: string): name is EditableName {
  return Object.hasOwn(profileUpdateBodySchema.shape, name);
}

export interface ProfileFormField {
  name: string;
  kind: FieldKind;
  required: boolean;
  /**
   * False: shown as text. A field is read-only when the update call does not take it
   * (currency…), or when its rule says `editable: false` and it already holds a value
   * (such a field can be filled in once, not changed).
   */
  editable: boolean;
}

/** Form values: text for inputs and selects, flags for checkboxes; `phoneCountry` holds the phone's country. */
export type ProfileValues = Record<string, string | boolean>;

/** Locale is the site language (changed by the language switcher), so the form never shows it. */
const NEVER_SHOWN = new Set(['locale', 'captcha', 'password', 'password_confirmation', 'agreements']);

const PROFILE_KINDS: Readonly<Partial<Record<string, FieldKind>>> = { locale: 'language' };

function profileValue(profile: Profile, name: string): unknown {
  return (profile as unknown as Record<string, unknown>)[name];
}

function hasValue(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

/**
 * The visible fields of the `profile` scenario, in the rules' order (position, then id),
 * each once, with whether it can be edited now.
 */
export function buildProfileForm(rules: readonly FieldRule[], profile: Profile): ProfileFormField[] {
  const sorted = [...rules].sort((a, b) => a.position - b.position || a.id - b.id);
  const fields: ProfileFormField[] = [];
  for (const rule of sorted) {
    if (!rule.isVisible || NEVER_SHOWN.has(rule.name)) continue;
    if (fields.some((field) => field.name === rule.name)) continue;
    const kind = PROFILE_KINDS[rule.name] ?? fieldKind(rule.name);
    const filled = hasValue(profileValue(profile, rule.name));
    const editable = isUpdatableField(rule.name) && (rule.editable || !filled);
    // A read-only field without a value has nothing to show.
    if (!editable && !filled) continue;
    fields.push({ name: rule.name, kind, required: rule.isRequired, editable });
  }
  return fields;
}

/**
 * The country of a stored phone (digits, no '+') and the rest of the number: the
 * longest calling code that starts it, the player's country first among equals (+1 is
 * the United States and Canada). Without a match the country stays empty.
 */
export function splitPhone(
  digits: string | null | undefined,
  countries: readonly Pick<Country, 'code' | 'phonePrefix'>[],
  preferredCountry?: string | null,
): { country: string; number: string } {
  const phone = (digits ?? '').replace(/\D/g, '');
  if (!phone) return { country: preferredCountry ?? '', number: '' };
  let best: { code: string; prefix: string } | undefined;
  for (const country of countries) {
    const prefix = country.phonePrefix.replace(/\D/g, '');
    if (!prefix || !phone.startsWith(prefix)) continue;
    const longer = !best || prefix.length > best.prefix.length;
    const preferred = best && prefix.length === best.prefix.length && country.code === preferredCountry;
    if (longer || preferred) best = { code: country.code, prefix };
  }
  return best ? { country: best.code, number: phone.slice(best.prefix.length) } : { country: '', number: phone };
}

/** The form's starting values from the profile. */
export function initialProfileValues(
  fields: readonly ProfileFormField[],
  profile: Profile,
  countries: readonly Pick<Country, 'code' | 'phonePrefix'>[],
): ProfileValues {
  const values: ProfileValues = {};
  for (const field of fields) {
    const value = profileValue(profile, field.name);
    if (field.kind === 'checkbox') values[field.name] = value === true;
    else if (field.kind === 'phone') {
      const { country, number } = splitPhone(profile.phone, countries, profile.country);
      values.phone = number;
      values.phoneCountry = country;
    } else values[field.name] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return values;
}

/** What the update call would get for a field: trimmed text ('' clears), booleans, the phone as digits with its prefix. */
export function wireValue(field: ProfileFormField, values: ProfileValues, phonePrefix?: string): string | boolean {
  const value = values[field.name];
  if (field.kind === 'checkbox') return value === true;
  const text = typeof value === 'string' ? value : '';
  if (field.kind === 'phone') return fullPhone(phonePrefix, text);
  return text.trim();
}

/**
 * The first rule failure of an editable field: the server's required flag and the shared
 * field rules (`validateField`), then the update schema of the contract (lengths, control
 * characters, an adult's birthdate, phone and e-mail) — the checks the server runs.
 */
export function validateProfileField(
  field: ProfileFormField,
  values: ProfileValues,
  phonePrefix?: string,
): ValidationFailure | null {
  if (!field.editable) return null;
  const value = wireValue(field, values, phonePrefix);
  const failure = validateField(field.name, value, values, { isRequired: field.required });
  if (failure) return failure;
  if (!isUpdatableField(field.name)) return null;
  const result = profileUpdateBodySchema.shape[field.name].safeParse(value);
  const issue = result.success ? undefined : result.error.issues[0];
  return issue ? issueToFailure(issue) : null;
}

/**
 * The body of `PUT /api/player/profile`: only the editable fields whose value differs
 * from the profile as loaded ('' clears a value). Empty when nothing changed.
 */
export function changedProfileBody(
  fields: readonly ProfileFormField[],
  initial: ProfileValues,
  values: ProfileValues,
  prefixOf: (country: unknown) => string | undefined,
): Record<string, string | boolean> {
  const body: Record<string, string | boolean> = {};
  for (const field of fields) {
    if (!field.editable || !isUpdatableField(field.name)) continue;
    const before = wireValue(field, initial, prefixOf(initial.phoneCountry));
    const after = wireValue(field, values, prefixOf(values.phoneCountry));
    if (before !== after) body[field.name] = after;
  }
  return body;
}

/** Splits 422 field errors into those a field on screen shows and the rest (shown above the button). */
export function placeFieldErrors(
  errors: Readonly<Record<string, string>>,
  onScreen: readonly string[],
): { fields: Record<string, string>; rest: string[] } {
  const names = new Set(onScreen);
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [name, message] of Object.entries(errors)) {
    if (names.has(name)) fields[name] = message;
    else rest.push(message);
  }
  return { fields, rest };
}

/** "ID" of a player: the first dash-separated segment of the id, upper-case. */
export function shortPlayerId(id: string): string {
  return (id.split('-')[0] ?? id).toUpperCase();
}

/** The e-mail notice shows while an address is stored and not confirmed. */
export function needsEmailConfirmation(profile: Pick<Profile, 'email' | 'confirmedAt'>): boolean {
  return Boolean(profile.email) && !profile.confirmedAt;
}

// ---------------------------------------------------------------------------
// Confirmation e-mail resend
// ---------------------------------------------------------------------------

/** After a sent e-mail the button rests this long (the mail takes a moment to arrive). */
export const RESEND_COOLDOWN_MS = 60_000;
/** The server mails at most 3 confirmations per 10 minutes: after its 429 the button rests that long. */
export const RESEND_LIMITED_COOLDOWN_MS = 10 * 60_000;

// ---------------------------------------------------------------------------
// Password change
// ---------------------------------------------------------------------------

export type PasswordField = 'currentPassword' | 'newPassword' | 'repeatNewPassword';

export interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  repeatNewPassword: string;
  closeOtherSessions: boolean;
}

/** Shared rules (all three required, new at least 6, repeat equal to new) plus the 128-character cap. */
export function validatePasswordField(name: PasswordField, values: PasswordValues): ValidationFailure | null {
  const value = values[name];
  const failure = validateField(name, value, { ...values }, { isRequired: true });
  if (failure) return failure;
  if (name !== 'repeatNewPassword' && [...value].length > PASSWORD_MAX_LENGTH) {
    return ruleFailure('maxLength', { max: PASSWORD_MAX_LENGTH });
  }
  return null;
}

// ---------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------

export const SESSIONS_PER_PAGE = 10;

export type SessionState = 'current' | 'active' | 'ended';

/**
 * The current session is the one of this tab's token (the JWT `sessionId` claim, or the
 * server's `isCurrent`); a session with `closedAt` has ended (closed or lapsed).
 */
export function sessionState(
  item: Pick<Session, 'sessionId' | 'closedAt' | 'isCurrent'>,
  currentId?: string,
): SessionState {
  if (item.isCurrent || (currentId !== undefined && item.sessionId === currentId)) return 'current';
  return item.closedAt ? 'ended' : 'active';
}

/** Replaces one row of a page of sessions (the close call answers the closed session). */
export function replaceSession<T extends Pick<Session, 'sessionId'>>(rows: readonly T[], updated: T): T[] {
  return rows.map((row) => (row.sessionId === updated.sessionId ? updated : row));
}

export interface UserAgentSummary {
  /** Browser name and major version, e.g. 'Chrome 126'. */
  browser: string | null;
  /** Operating system, e.g. 'Windows', 'iOS 17'. */
  os: string | null;
}

const BROWSERS: readonly [RegExp, string][] = [
  // Order matters: Edge, Opera and Samsung Internet also say Chrome and Safari.
  [/\bEdgA?\/(\d+)/, 'Edge'],
  [/\bEdgiOS\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bYaBrowser\/(\d+)/, 'Yandex Browser'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\bChrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

function osOf(userAgent: string): string | null {
  if (/\bWindows NT\b/.test(userAgent)) return 'Windows';
  const android = /\bAndroid(?: (\d+))?/.exec(userAgent);
  if (android) return android[1] ? `Android ${android[1]}` : 'Android';
  const ios = /\b(?:iPhone|iPad|iPod)\b.*? OS (\d+)/.exec(userAgent);
  if (ios) return `iOS ${ios[1]}`;
  if (/\b(?:iPhone|iPad|iPod)\b/.test(userAgent)) return 'iOS';
  if (/\bCrOS\b/.test(userAgent)) return 'ChromeOS';
  if (/\bMac OS X\b|\bMacintosh\b/.test(userAgent)) return 'macOS';
  if (/\bLinux\b/.test(userAgent)) return 'Linux';
  return null;
}

/** Browser and system named by a user agent, as far as they can be told. */
export function summarizeUserAgent(userAgent: string): UserAgentSummary {
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  return { browser, os: osOf(userAgent) };
}

/** A country's name in the given locale, the code itself when the browser does not know it. */
export function countryName(code: string | null | undefined, locale: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
