import { describe, expect, it } from 'vitest';
import {
  buildRegistrationBody,
  buildRegistrationForm,
  FALLBACK_REGISTRATION_RULES,
  fullPhone,
  initialValues,
  nicknameFromEmail,
  validateRegistrationField,
  type RegistrationContext,
} from './registration';
import type { FieldRule } from './types';

let nextId = 1;
const rule = (name: string, position: number, extra: Partial<FieldRule> = {}): FieldRule => ({
  id: nextId++,
  name,
  description: '',
  editable: true,
  isRequired: false,
  isVisible: true,
  position,
  ...extra,
});

/** The server's list: the fields besides the login, which each tab supplies. */
const RULES: FieldRule[] = [
  rule('agreements', 90, { isRequired: true }),
  rule('password', 20, { isRequired: false }),
  rule('nickname', 30, { isVisible: false }),
  rule('locale', 31, { isVisible: false }),
  rule('captcha', 32),
  rule('country', 40, { isRequired: true }),
  rule('currency', 41, { isRequired: true }),
  rule('firstName', 50, { isRequired: true }),
  rule('bonusCode', 60),
  rule('receiveEmailPromo', 70),
  rule('receiveSmsPromo', 71, { value: 1 }),
  rule('password_confirmation', 21, { isRequired: true }),
  rule('timeZone', 80, { isVisible: false, value: 'Europe/Berlin' }),
  rule('gender', 81, { isVisible: false }),
];

const context = (extra: Partial<RegistrationContext> = {}): RegistrationContext => ({
  tab: 'email',
  locale: 'de',
  visitorCountry: { code: 'DE', currency: 'EUR' },
  initialValues: { receiveEmailPromo: true, receiveSmsPromo: false, agreements: false },
  ...extra,
});

describe('registration form from the field rules', () => {
  it('orders by position; e-mail tab: e-mail field, no phone, no SMS promo; hidden nickname derived', () => {
    const form = buildRegistrationForm(RULES, context());
    expect(form.fields.map((field) => field.name)).toEqual([
      'email',
      'password',
      'password_confirmation',
      'country',
      'currency',
      'firstName',
      'bonusCode',
      'receiveEmailPromo',
      'agreements',
    ]);
    expect(form.deriveNickname).toBe(true);
    expect(form.hidden).toEqual({ locale: 'de', timeZone: 'Europe/Berlin' });
  });

  it('phone tab: phone field, no e-mail, no e-mail promo; a hidden nickname is left out', () => {
    const form = buildRegistrationForm(RULES, context({ tab: 'phone' }));
    const names = form.fields.map((field) => field.name);
    expect(names[0]).toBe('phone');
    expect(names).not.toContain('email');
    expect(names).not.toContain('receiveEmailPromo');
    expect(names).toContain('receiveSmsPromo');
    expect(form.deriveNickname).toBe(false);
    expect(form.fields.find((field) => field.name === 'phone')?.kind).toBe('phone');
  });

  it('e-mail tab: a listed phone is asked for in addition, after the e-mail, required as its rule says', () => {
    const optional = buildRegistrationForm([...RULES, rule('phone', 22)], context());
    expect(optional.fields.slice(0, 4).map((field) => [field.name, field.kind, field.required])).toEqual([
      ['email', 'email', true],
      ['password', 'password', true],
      ['password_confirmation', 'password', true],
      ['phone', 'phone', false],
    ]);
    const required = buildRegistrationForm([...RULES, rule('phone', 22, { isRequired: true })], context());
    expect(required.fields.find((field) => field.name === 'phone')?.required).toBe(true);
    const hidden = buildRegistrationForm([...RULES, rule('phone', 22, { isVisible: false })], context());
    expect(hidden.fields.map((field) => field.name)).not.toContain('phone');
  });

  it('phone tab: a listed phone is its own login field (once, first); a listed e-mail is dropped', () => {
    const form = buildRegistrationForm(
      [...RULES, rule('phone', 22, { isRequired: false }), rule('email', 5, { isRequired: true })],
      context({ tab: 'phone' }),
    );
    const names = form.fields.map((field) => field.name);
    expect(names.filter((name) => name === 'phone')).toHaveLength(1);
    expect(form.fields[0]).toMatchObject({ name: 'phone', required: true });
    expect(names).not.toContain('email');
  });

  it('a listed e-mail on the e-mail tab (an older list) does not add a second e-mail field', () => {
    const form = buildRegistrationForm([...RULES, rule('email', 25, { isRequired: false })], context());
    expect(form.fields.filter((field) => field.name === 'email')).toEqual([
      { name: 'email', kind: 'email', required: true, initial: '' },
    ]);
    expect(form.fields[0]?.name).toBe('email');
  });

  it('takes required from the rules; the login field and the password are always required', () => {
    const form = buildRegistrationForm(RULES, context());
    const required = Object.fromEntries(form.fields.map((field) => [field.name, field.required]));
    expect(required).toMatchObject({
      email: true,
      password: true, // the rule says optional: a registration without a password cannot sign in
      password_confirmation: true,
      firstName: true,
      bonusCode: false,
      receiveEmailPromo: false,
      agreements: true,
    });
  });

  it('country and currency: prefilled from the visitor country; hidden (not sent) when it is unknown', () => {
    const known = buildRegistrationForm(RULES, context());
    expect(initialValues(known)).toMatchObject({ country: 'DE', currency: 'EUR' });

    const unknown = buildRegistrationForm(RULES, context({ visitorCountry: undefined }));
    const names = unknown.fields.map((field) => field.name);
    expect(names).not.toContain('country');
    expect(names).not.toContain('currency');
    expect(unknown.hidden).not.toHaveProperty('country');

    // A rule that hides them still sends the detected values.
    const hiddenRules = RULES.map((item) =>
      item.name === 'country' || item.name === 'currency' ? { ...item, isVisible: false } : item,
    );
    const hidden = buildRegistrationForm(hiddenRules, context());
    expect(hidden.hidden).toMatchObject({ country: 'DE', currency: 'EUR' });
    expect(hidden.fields.map((field) => field.name)).not.toContain('country');
  });

  it('checkboxes start from the content initial values, else the rule value', () => {
    const form = buildRegistrationForm(RULES, context({ tab: 'phone' }));
    // content says false for SMS promo although the rule's value is 1
    expect(initialValues(form)).toMatchObject({ receiveSmsPromo: false, agreements: false });
    const withoutContent = buildRegistrationForm(RULES, context({ tab: 'phone', initialValues: {} }));
    expect(initialValues(withoutContent)).toMatchObject({ receiveSmsPromo: true, agreements: false });
  });

  it('puts the bonus code behind the promo toggle; adds missing login and password fields', () => {
    const form = buildRegistrationForm(RULES, context());
    expect(form.fields.find((field) => field.name === 'bonusCode')?.behindToggle).toBe(true);
    const bare = buildRegistrationForm([rule('agreements', 1)], context({ tab: 'phone' }));
    expect(bare.fields.map((field) => [field.name, field.required])).toEqual([
      ['phone', true],
      ['password', true],
      ['agreements', false],
    ]);
  });

  it('has fallback rules for when the server list is unavailable', () => {
    const form = buildRegistrationForm(FALLBACK_REGISTRATION_RULES, context());
    expect(form.fields.map((field) => field.name)).toEqual([
      'email',
      'password',
      'country',
      'currency',
      'bonusCode',
      'receiveEmailPromo',
      'agreements',
    ]);
  });
});

describe('registration validation', () => {
  const form = buildRegistrationForm(RULES, context());
  const field = (name: string) => {
    const found = form.fields.find((item) => item.name === name);
    if (!found) throw new Error(name);
    return found;
  };

  it('a required checkbox must be checked; optional ones may stay empty', () => {
    expect(validateRegistrationField(field('agreements'), false, {})).toEqual({ rule: 'required' });
    expect(validateRegistrationField(field('agreements'), true, {})).toBeNull();
    expect(validateRegistrationField(field('receiveEmailPromo'), false, {})).toBeNull();
  });

  it('applies the shared rules: e-mail, password length, confirmation, min lengths', () => {
    expect(validateRegistrationField(field('email'), 'not-an-email', {})?.rule).toBe('email');
    expect(validateRegistrationField(field('email'), ' jane@example.com ', {})).toBeNull();
    expect(validateRegistrationField(field('password'), '12345', {})?.rule).toBe('minLength');
    expect(validateRegistrationField(field('password_confirmation'), 'abcdef', { password: 'abcdeg' })?.rule).toBe(
      'sameAs',
    );
    expect(validateRegistrationField(field('firstName'), 'J', {})?.rule).toBe('minLength');
    expect(validateRegistrationField(field('firstName'), '', {})?.rule).toBe('required');
  });

  it('validates a phone as prefix plus digits', () => {
    const phoneForm = buildRegistrationForm(RULES, context({ tab: 'phone' }));
    const phone = phoneForm.fields[0];
    if (!phone) throw new Error('phone');
    expect(validateRegistrationField(phone, '', {}, '49')?.rule).toBe('required');
    expect(validateRegistrationField(phone, '15123456789', {}, '49')).toBeNull();
    expect(validateRegistrationField(phone, '123', {}, '49')).toMatchObject({ rule: 'phone' });
    expect(fullPhone('+49', '151 2345')).toBe('491512345');
    expect(fullPhone('49', '')).toBe('');
  });
});

describe('registration body', () => {
  it("e-mail: checkboxes as 1 or '', hidden values, derived nickname, referral, fingerprint, affiliate tag", () => {
    const form = buildRegistrationForm(RULES, context());
    const body = buildRegistrationBody(
      form,
      {
        ...initialValues(form),
        email: ' jane.doe@example.com ',
        password: 'secret1 ',
        password_confirmation: 'secret1 ',
        firstName: ' Jane ',
        bonusCode: 'WELCOME',
        receiveEmailPromo: true,
        agreements: true,
      },
      { fingerprint: 'fp-1', affiliateTag: 'aff-9', referralCode: 'REF1' },
    );
    expect(body).toEqual({
      email: 'jane.doe@example.com',
      password: 'secret1 ',
      password_confirmation: 'secret1 ',
      country: 'DE',
      currency: 'EUR',
      firstName: 'Jane',
      receiveEmailPromo: 1,
      agreements: 1,
      locale: 'de',
      timeZone: 'Europe/Berlin',
      nickname: 'jane.doe',
      referralCode: 'REF1',
      fingerprint: 'fp-1',
      affiliateTag: 'aff-9',
    });
    expect(body).not.toHaveProperty('receiveSmsPromo');
    expect(body).not.toHaveProperty('bonusCode'); // the promo toggle was closed
  });

  it("phone: digits with prefix, no nickname, unchecked boxes as '', no affiliate tag without a cookie", () => {
    const form = buildRegistrationForm(RULES, context({ tab: 'phone' }));
    const body = buildRegistrationBody(
      form,
      { ...initialValues(form), phone: '15123456789', password: 'secret1', bonusCode: 'X1' },
      { fingerprint: '', referralCode: '', phonePrefix: '49', promoOpen: true },
    );
    expect(body).toMatchObject({ phone: '4915123456789', receiveSmsPromo: '', agreements: '', bonusCode: 'X1' });
    expect(body).not.toHaveProperty('nickname');
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('affiliateTag');
  });

  it('e-mail with a listed phone: sends the phone as prefix plus digits, or empty when left out', () => {
    const form = buildRegistrationForm([...RULES, rule('phone', 22)], context());
    const values = { ...initialValues(form), email: 'jane@example.com', password: 'secret1' };
    const extras = { fingerprint: '', referralCode: '', phonePrefix: '49' };
    expect(buildRegistrationBody(form, { ...values, phone: '151 2345 6789' }, extras)).toMatchObject({
      email: 'jane@example.com',
      phone: '4915123456789',
    });
    expect(buildRegistrationBody(form, values, extras)).toMatchObject({ phone: '' });
  });

  it('derives the nickname from the local part', () => {
    expect(nicknameFromEmail('a.b+c@example.com')).toBe('a.b+c');
    expect(nicknameFromEmail('@example.com')).toBe('');
    expect(nicknameFromEmail('plain')).toBe('');
  });
});
