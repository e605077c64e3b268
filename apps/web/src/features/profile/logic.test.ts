import type { Profile } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import type { FieldRule } from '../auth';
import {
  buildProfileForm,
  changedProfileBody,
  countryName,
  initialProfileValues,
  needsEmailConfirmation,
  placeFieldErrors,
  replaceSession,
  sessionState,
  shortPlayerId,
  splitPhone,
  summarizeUserAgent,
  validatePasswordField,
  validateProfileField,
  wireValue,
  type PasswordValues,
  type ProfileFormField,
} from './logic';

const PROFILE: Profile = {
  id: '3f2a9c1e-1111-4222-8333-444455556666',
  status: 1,
  email: 'ada@example.com',
  phone: '4915112345678',
  phoneConfirmed: false,
  confirmedAt: null,
  currency: 'EUR',
  country: 'DE',
  birthdate: '1990-02-03',
  firstName: 'Ada',
  lastName: null,
  nickname: 'ada',
  gender: null,
  nationality: null,
  placeOfBirth: null,
  address: null,
  additionalAddress: null,
  city: 'Berlin',
  postalCode: null,
  profession: null,
  personalIdNumber: null,
  securityQuestion: null,
  securityAnswer: null,
  timeZone: null,
  locale: 'en',
  receiveEmailPromo: true,
  receiveSmsPromo: false,
  agreedTc: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  freshchatRestoreId: null,
  segmentIds: [],
  isNewlyRegistered: false,
  pwaInstalled: false,
  externalId: 1001,
  referralCode: null,
  qualifiedReferralsCount: null,
  previousLoginAt: null,
  verificationStatus: 'none',
};

let nextId = 1;
function rule(name: string, extra: Partial<FieldRule> = {}): FieldRule {
  nextId += 1;
  return {
    id: nextId,
    name,
    description: '',
    editable: true,
    isRequired: false,
    isVisible: true,
    position: nextId * 10,
    ...extra,
  };
}

const COUNTRIES = [
  { code: 'DE', phonePrefix: '49' },
  { code: 'US', phonePrefix: '1' },
  { code: 'CA', phonePrefix: '1' },
  { code: 'AG', phonePrefix: '1268' },
  { code: 'PT', phonePrefix: '351' },
];
const prefixOf = (code: unknown) => COUNTRIES.find((country) => country.code === code)?.phonePrefix;

describe('buildProfileForm', () => {
  it('keeps visible rules in position order, each once, with their kinds', () => {
    const fields = buildProfileForm(
      [
        rule('city', { position: 30 }),
        rule('email', { position: 10 }),
        rule('gender', { position: 20 }),
        rule('city', { position: 40 }),
        rule('receiveEmailPromo', { position: 50 }),
        rule('birthdate', { position: 60 }),
        rule('timeZone', { position: 70 }),
      ],
      PROFILE,
    );
    expect(fields.map((field) => [field.name, field.kind])).toEqual([
      ['email', 'email'],
      ['gender', 'gender'],
      ['city', 'text'],
      ['receiveEmailPromo', 'checkbox'],
      ['birthdate', 'date'],
      ['timeZone', 'timeZone'],
    ]);
  });

  it('leaves out hidden rules and the site language', () => {
    const fields = buildProfileForm([rule('locale'), rule('nickname', { isVisible: false }), rule('city')], PROFILE);
    expect(fields.map((field) => field.name)).toEqual(['city']);
  });

  it('a not-editable rule can be filled in once: editable while empty, text once set', () => {
    const rules = [rule('country', { editable: false })];
    expect(buildProfileForm(rules, PROFILE)).toEqual([
      { name: 'country', kind: 'country', required: false, editable: false },
    ]);
    expect(buildProfileForm(rules, { ...PROFILE, country: null })[0]?.editable).toBe(true);
  });

  it('shows fields the update call does not take as text, and drops them when empty', () => {
    expect(buildProfileForm([rule('currency')], PROFILE)).toEqual([
      { name: 'currency', kind: 'currency', required: false, editable: false },
    ]);
    expect(buildProfileForm([rule('currency')], { ...PROFILE, currency: null })).toEqual([]);
  });

  it('keeps the required flag of the rule', () => {
    expect(buildProfileForm([rule('firstName', { isRequired: true })], PROFILE)[0]?.required).toBe(true);
  });
});

describe('splitPhone', () => {
  it('finds the longest calling code that starts the number', () => {
    expect(splitPhone('4915112345678', COUNTRIES)).toEqual({ country: 'DE', number: '15112345678' });
    expect(splitPhone('12684641234', COUNTRIES)).toEqual({ country: 'AG', number: '4641234' });
    expect(splitPhone('351912345678', COUNTRIES)).toEqual({ country: 'PT', number: '912345678' });
  });

  it("prefers the player's country among equal codes", () => {
    expect(splitPhone('14165550123', COUNTRIES, 'CA')).toEqual({ country: 'CA', number: '4165550123' });
    expect(splitPhone('14165550123', COUNTRIES, 'DE')).toEqual({ country: 'US', number: '4165550123' });
  });

  it("without a phone starts from the player's country; without a match keeps the digits", () => {
    expect(splitPhone(null, COUNTRIES, 'DE')).toEqual({ country: 'DE', number: '' });
    expect(splitPhone('', COUNTRIES)).toEqual({ country: '', number: '' });
    expect(splitPhone('7912345678', COUNTRIES)).toEqual({ country: '', number: '7912345678' });
  });
});

describe('form values and the update body', () => {
  const fields = buildProfileForm(
    [rule('email'), rule('phone'), rule('firstName'), rule('gender'), rule('receiveSmsPromo'), rule('city')],
    PROFILE,
  );
  const initial = initialProfileValues(fields, PROFILE, COUNTRIES);

  it('starts from the profile: text, flags, and the phone split into country and number', () => {
    expect(initial).toEqual({
      email: 'ada@example.com',
      phone: '15112345678',
      phoneCountry: 'DE',
      firstName: 'Ada',
      gender: '',
      receiveSmsPromo: false,
      city: 'Berlin',
    });
  });

  it('sends nothing when nothing changed', () => {
    expect(changedProfileBody(fields, initial, { ...initial }, prefixOf)).toEqual({});
    // Spaces around a value are not a change.
    expect(changedProfileBody(fields, initial, { ...initial, city: ' Berlin ' }, prefixOf)).toEqual({});
  });

  it('sends only the changed fields, trimmed; an emptied field is sent as "" (clear)', () => {
    const values = { ...initial, firstName: ' Augusta ', city: '', receiveSmsPromo: true, gender: 'female' };
    expect(changedProfileBody(fields, initial, values, prefixOf)).toEqual({
      firstName: 'Augusta',
      city: '',
      receiveSmsPromo: true,
      gender: 'female',
    });
  });

  it('sends the phone as prefix and digits, also when only its country changed', () => {
    expect(changedProfileBody(fields, initial, { ...initial, phone: '15199999999' }, prefixOf)).toEqual({
      phone: '4915199999999',
    });
    expect(changedProfileBody(fields, initial, { ...initial, phoneCountry: 'PT' }, prefixOf)).toEqual({
      phone: '35115112345678',
    });
    expect(changedProfileBody(fields, initial, { ...initial, phone: '' }, prefixOf)).toEqual({ phone: '' });
  });

  it('never sends read-only fields', () => {
    const withCountry = buildProfileForm([rule('country', { editable: false }), rule('city')], PROFILE);
    const start = initialProfileValues(withCountry, PROFILE, COUNTRIES);
    expect(changedProfileBody(withCountry, start, { ...start, country: 'PT', city: 'Bonn' }, prefixOf)).toEqual({
      city: 'Bonn',
    });
  });

  it('wireValue: booleans for checkboxes, digits with prefix for the phone', () => {
    const checkbox: ProfileFormField = { name: 'receiveEmailPromo', kind: 'checkbox', required: false, editable: true };
    expect(wireValue(checkbox, { receiveEmailPromo: true })).toBe(true);
    expect(wireValue(checkbox, {})).toBe(false);
    const phone: ProfileFormField = { name: 'phone', kind: 'phone', required: false, editable: true };
    expect(wireValue(phone, { phone: '151 1234' }, '+49')).toBe('491511234');
    expect(wireValue(phone, { phone: '' }, '49')).toBe('');
  });
});

describe('validateProfileField', () => {
  const field = (name: string, kind: ProfileFormField['kind'] = 'text', required = false): ProfileFormField => ({
    name,
    kind,
    required,
    editable: true,
  });

  it('applies the shared field rules', () => {
    expect(validateProfileField(field('firstName'), { firstName: 'A' })).toEqual({
      rule: 'minLength',
      params: { min: 2 },
    });
    expect(validateProfileField(field('firstName'), { firstName: 'Ada' })).toBeNull();
    expect(validateProfileField(field('email', 'email'), { email: 'ada@@example.com' })?.rule).toBe('email');
    expect(validateProfileField(field('birthdate', 'date'), { birthdate: '2023-02-29' })?.rule).toBe('date');
  });

  it('applies the required flag of the server rule; an optional field may be emptied', () => {
    expect(validateProfileField(field('city', 'text', true), { city: '  ' })).toEqual({ rule: 'required' });
    expect(validateProfileField(field('city'), { city: '' })).toBeNull();
    expect(validateProfileField(field('firstName'), { firstName: '' })).toBeNull();
  });

  it('applies the update schema: lengths, control characters, an adult birthdate', () => {
    expect(validateProfileField(field('city'), { city: 'c'.repeat(101) })).toEqual({
      rule: 'maxLength',
      params: { max: 100 },
    });
    expect(validateProfileField(field('address'), { address: 'Main St\u0007 1' })?.rule).toBe('invalid');
    const minor = `${new Date().getFullYear() - 10}-01-01`;
    expect(validateProfileField(field('birthdate', 'date'), { birthdate: minor })).toEqual({
      rule: 'minAge',
      params: { min: 18 },
    });
    expect(validateProfileField(field('birthdate', 'date'), { birthdate: '1990-02-03' })).toBeNull();
  });

  it('checks the phone with its country prefix', () => {
    const phone = field('phone', 'phone');
    expect(validateProfileField(phone, { phone: '15112345678', phoneCountry: 'DE' }, '49')).toBeNull();
    expect(validateProfileField(phone, { phone: '123', phoneCountry: 'DE' }, '49')?.rule).toBe('phone');
    expect(validateProfileField(phone, { phone: '' }, '49')).toBeNull();
  });

  it('does not check read-only fields', () => {
    expect(validateProfileField({ ...field('firstName'), editable: false }, { firstName: 'A' })).toBeNull();
  });
});

describe('validatePasswordField', () => {
  const values = (patch: Partial<PasswordValues>): PasswordValues => ({
    currentPassword: 'old secret',
    newPassword: 'new secret',
    repeatNewPassword: 'new secret',
    closeOtherSessions: true,
    ...patch,
  });

  it('requires all three and at least 6 characters for the new one', () => {
    expect(validatePasswordField('currentPassword', values({ currentPassword: '' }))).toEqual({ rule: 'required' });
    expect(validatePasswordField('newPassword', values({ newPassword: '12345' }))).toEqual({
      rule: 'minLength',
      params: { min: 6 },
    });
    expect(validatePasswordField('newPassword', values({}))).toBeNull();
  });

  it('compares the repeat with the new password', () => {
    expect(validatePasswordField('repeatNewPassword', values({ repeatNewPassword: 'other secret' }))?.rule).toBe(
      'sameAs',
    );
    expect(validatePasswordField('repeatNewPassword', values({ repeatNewPassword: '' }))).toEqual({
      rule: 'required',
    });
    expect(validatePasswordField('repeatNewPassword', values({}))).toBeNull();
  });

  it('caps passwords at 128 characters', () => {
    expect(validatePasswordField('newPassword', values({ newPassword: 'x'.repeat(129) }))).toEqual({
      rule: 'maxLength',
      params: { max: 128 },
    });
  });
});

describe('small helpers', () => {
  it('places 422 errors on fields on screen, the rest apart', () => {
    expect(placeFieldErrors({ email: 'taken', locale: 'bad' }, ['email', 'city'])).toEqual({
      fields: { email: 'taken' },
      rest: ['bad'],
    });
  });

  it('shows the first segment of the id upper-case', () => {
    expect(shortPlayerId('3f2a9c1e-1111-4222-8333-444455556666')).toBe('3F2A9C1E');
    expect(shortPlayerId('abc')).toBe('ABC');
  });

  it('asks for confirmation only for a stored, unconfirmed address', () => {
    expect(needsEmailConfirmation({ email: 'a@example.com', confirmedAt: null })).toBe(true);
    expect(needsEmailConfirmation({ email: 'a@example.com', confirmedAt: '2024-01-01T00:00:00Z' })).toBe(false);
    expect(needsEmailConfirmation({ email: null, confirmedAt: null })).toBe(false);
  });
});

describe('sessions', () => {
  const row = { sessionId: 'a', closedAt: null, isCurrent: false };

  it('marks the current session by the token claim or the server flag, then open or ended', () => {
    expect(sessionState(row, 'a')).toBe('current');
    expect(sessionState({ ...row, isCurrent: true }, undefined)).toBe('current');
    expect(sessionState(row, 'b')).toBe('active');
    expect(sessionState({ ...row, closedAt: '2024-01-01T00:00:00Z' }, 'b')).toBe('ended');
  });

  it('replaces a closed row in place', () => {
    const rows: { sessionId: string; closedAt: string | null }[] = [
      { sessionId: 'a', closedAt: null },
      { sessionId: 'b', closedAt: null },
    ];
    expect(replaceSession(rows, { sessionId: 'b', closedAt: 'x' })).toEqual([
      { sessionId: 'a', closedAt: null },
      { sessionId: 'b', closedAt: 'x' },
    ]);
  });

  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      { browser: 'Chrome 126', os: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      { browser: 'Edge 126', os: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      { browser: 'Safari 17', os: 'macOS' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 17', os: 'iOS 17' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      { browser: 'Chrome 126', os: 'iOS 17' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      { browser: 'Samsung Internet 25', os: 'Android 14' },
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
      { browser: 'Firefox 127', os: 'Linux' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
      { browser: 'Opera 111', os: 'Windows' },
    ],
    ['node', { browser: null, os: null }],
    ['', { browser: null, os: null }],
  ])('reads %s', (userAgent, expected) => {
    expect(summarizeUserAgent(userAgent)).toEqual(expected);
  });

  it('names countries in the locale, with fallbacks', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName(null, 'en')).toBeNull();
  });
});
