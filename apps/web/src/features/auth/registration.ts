import { isPresent, validateField, type FieldValues, type ValidationFailure } from '@croupier/contract';
import type { FieldKind } from '../../components/ui/DynamicField';
import { nicknameFromEmail } from './names';
import type { FieldRule, LoginType, RegistrationBody } from './types';

export { nicknameFromEmail };

/**
 * The registration form built from the server's field rules, and the registration body
 * it sends. Pure functions: the component
 * renders what they return, the unit tests check the rules.
 */

/** How a field is edited (the shared field renderer draws each kind). */
export type { FieldKind };

export interface FormField {
  name: string;
  kind: FieldKind;
  required: boolean;
  /** Initial value: text for inputs and dropdowns, a flag for checkboxes. */
  initial: string | boolean;
  /** Behind the 'Referral/Promo Code (Optional)' toggle. */
  behindToggle?: boolean;
}

export interface RegistrationForm {
  tab: LoginType;
  /** Rendered fields, in the server's order. */
  fields: FormField[];
  /** Values sent without a field on screen (locale, prefilled hidden country…). */
  hidden: Record<string, string>;
  /** The nickname is hidden: it is derived from the e-mail's local part. */
  deriveNickname: boolean;
}

export interface RegistrationContext {
  tab: LoginType;
  /** The current locale (sent as the hidden `locale`). */
  locale: string;
  /** The visitor's country as detected, when it is known and listed. */
  visitorCountry?: { code: string; currency: string } | undefined;
  /** Content `login.registration.initialValues`: initial checkbox states by name. */
  initialValues?: Readonly<Record<string, unknown>>;
}

const CHECKBOXES = new Set(['agreements', 'receiveEmailPromo', 'receiveSmsPromo', 'receiveBonus']);
const PASSWORDS = new Set(['password', 'password_confirmation', 'currentPassword', 'newPassword', 'repeatNewPassword']);
/** Never shown on the registration form. */
const ALWAYS_HIDDEN = new Set(['locale', 'captcha']);

const KINDS: Readonly<Record<string, FieldKind>> = {
  email: 'email',
  phone: 'phone',
  message: 'textarea',
  age: 'number',
  birthdate: 'date',
  country: 'country',
  currency: 'currency',
  gender: 'gender',
  timeZone: 'timeZone',
  language: 'language',
};

export function fieldKind(name: string): FieldKind {
  if (CHECKBOXES.has(name)) return 'checkbox';
  if (PASSWORDS.has(name)) return 'password';
  return KINDS[name] ?? 'text';
}

/** Checked for 1, true, '1', 'true', 'yes', 'on'; 0 and '' are unchecked. */
function isChecked(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (typeof value === 'string') return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
  return false;
}

function textValue(value: unknown): string {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? String(value) : '';
}

/**
 * - the active tab supplies its login field (email or phone): always first and required,
 *   whatever the rules say; the rules list the other fields;
 * - those follow, sorted by position, with their required and visible flags; a listed
 *   `phone` on the e-mail tab asks for a phone in addition (required when its rule says
 *   so); a listed `email` on the phone tab is dropped (phone registration takes none);
 * - the password is always there and required;
 * - nickname, when hidden, is derived from the e-mail (e-mail tab) or left out (phone);
 * - locale is hidden and holds the current locale;
 * - country and currency are hidden when the visitor's country is unknown, otherwise
 *   prefilled from it (and sent even when their rule hides them);
 * - the SMS promo checkbox is dropped on the e-mail tab, the e-mail promo on the phone tab;
 * - checkboxes start as the content's initial values, else the rule's value;
 * - bonusCode sits behind the referral/promo code toggle;
 * - any other hidden field sends its rule's default value, if it has one.
 */
export function buildRegistrationForm(rules: readonly FieldRule[], context: RegistrationContext): RegistrationForm {
  const { tab, visitorCountry } = context;
  const droppedPromo = tab === 'email' ? 'receiveSmsPromo' : 'receiveEmailPromo';
  const sorted = [...rules].sort((a, b) => a.position - b.position || a.id - b.id);
  const fields: FormField[] = [{ name: tab, kind: tab, required: true, initial: '' }];
  const hidden: Record<string, string> = { locale: context.locale };
  let deriveNickname = false;

  for (const rule of sorted) {
    const { name } = rule;
    if (name === droppedPromo || ALWAYS_HIDDEN.has(name)) continue;
    if (tab === 'phone' && name === 'email') continue;
    if (fields.some((field) => field.name === name)) continue;
    const kind = fieldKind(name);

    if (name === 'password') {
      fields.push({ name, kind, required: true, initial: '' });
      continue;
    }
    if (name === 'country' || name === 'currency') {
      if (!visitorCountry) continue;
      const initial = name === 'country' ? visitorCountry.code : visitorCountry.currency;
      if (rule.isVisible) fields.push({ name, kind, required: rule.isRequired, initial });
      else hidden[name] = initial;
      continue;
    }
    if (!rule.isVisible) {
      if (name === 'nickname') deriveNickname = tab === 'email';
      else if (kind === 'checkbox') hidden[name] = isChecked(context.initialValues?.[name] ?? rule.value) ? '1' : '';
      else if (isPresent(rule.value)) hidden[name] = textValue(rule.value);
      continue;
    }
    if (kind === 'checkbox') {
      const initial = context.initialValues?.[name] ?? rule.value;
      fields.push({ name, kind, required: rule.isRequired, initial: isChecked(initial) });
      continue;
    }
    fields.push({
      name,
      kind,
      required: rule.isRequired,
      initial: textValue(rule.value),
      // A required code cannot hide behind an optional toggle.
      ...(name === 'bonusCode' && !rule.isRequired ? { behindToggle: true } : {}),
    });
  }

  // The password exists whatever the rules list, right after the login field.
  if (!fields.some((field) => field.name === 'password')) {
    fields.splice(1, 0, { name: 'password', kind: 'password', required: true, initial: '' });
  }
  return { tab, fields, hidden, deriveNickname };
}

/** Form values: text for inputs, flags for checkboxes; `phoneCountry` holds the phone's country. */
export type RegistrationValues = Record<string, string | boolean>;

/** The digits sent for a phone: country prefix plus number, no '+'. */
export function fullPhone(prefix: string | undefined, digits: string): string {
  const number = digits.replace(/\D/g, '');
  return number ? `${(prefix ?? '').replace(/\D/g, '')}${number}` : '';
}

/** The first rule failure of a rendered field (checkboxes count as 1 or '', the phone with its prefix). */
export function validateRegistrationField(
  field: FormField,
  value: unknown,
  values: FieldValues,
  phonePrefix?: string,
): ValidationFailure | null {
  const options = { isRequired: field.required };
  if (field.kind === 'checkbox') return validateField(field.name, value === true ? 1 : '', values, options);
  if (field.kind === 'phone') return validateField('phone', fullPhone(phonePrefix, textValue(value)), values, options);
  return validateField(field.name, typeof value === 'string' ? value.trim() : value, values, options);
}

export interface BodyExtras {
  fingerprint: string;
  affiliateTag?: string | undefined;
  /** From the `ref` URL parameter, else ''. */
  referralCode: string;
  phonePrefix?: string;
  /** Whether the referral/promo toggle is open (a closed toggle sends no bonus code). */
  promoOpen?: boolean;
}

/**
 * The request body: every rendered field (checkboxes as 1 or ''), the hidden values, the
 * derived nickname, referralCode, fingerprint and affiliateTag (when there is one).
 */
export function buildRegistrationBody(
  form: RegistrationForm,
  values: RegistrationValues,
  extras: BodyExtras,
): RegistrationBody {
  const body: RegistrationBody = { ...form.hidden };
  for (const field of form.fields) {
    const value = values[field.name];
    if (field.kind === 'checkbox') body[field.name] = value === true ? 1 : '';
    else if (field.kind === 'phone') body[field.name] = fullPhone(extras.phonePrefix, textValue(value));
    else if (field.behindToggle && !extras.promoOpen) continue;
    else if (field.kind === 'password') body[field.name] = textValue(value);
    else body[field.name] = textValue(value).trim();
  }
  if (form.deriveNickname) body.nickname = nicknameFromEmail(textValue(values.email));
  body.referralCode = extras.referralCode;
  body.fingerprint = extras.fingerprint;
  if (extras.affiliateTag) body.affiliateTag = extras.affiliateTag;
  return body;
}

/** Initial form values of a built form. */
export function initialValues(form: RegistrationForm): RegistrationValues {
  return Object.fromEntries(form.fields.map((field) => [field.name, field.initial]));
}

/**
 * Registration rules used when the server's list cannot be loaded: the reference
 * platform's defaults without the login fields (each tab supplies its own).
 */
export const FALLBACK_REGISTRATION_RULES: readonly FieldRule[] = [
  { id: 3, name: 'password', description: '', editable: true, isRequired: true, isVisible: true, position: 3 },
  { id: 4, name: 'nickname', description: '', editable: true, isRequired: false, isVisible: false, position: 4 },
  { id: 5, name: 'country', description: '', editable: true, isRequired: true, isVisible: true, position: 5 },
  { id: 6, name: 'currency', description: '', editable: true, isRequired: true, isVisible: true, position: 6 },
  { id: 7, name: 'bonusCode', description: '', editable: true, isRequired: false, isVisible: true, position: 7 },
  {
    id: 8,
    name: 'receiveEmailPromo',
    description: '',
    editable: true,
    isRequired: false,
    isVisible: true,
    position: 8,
  },
  { id: 9, name: 'receiveSmsPromo', description: '', editable: true, isRequired: false, isVisible: true, position: 9 },
  { id: 10, name: 'agreements', description: '', editable: true, isRequired: true, isVisible: true, position: 10 },
];
