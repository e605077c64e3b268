import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  fieldFailures,
  issueToFailure,
  registrationFieldSchema,
  registrationFieldSchemas,
  registrationFormSchema,
  signInBodySchema,
  zAffirmative,
  zBooleanLike,
  zCountryCode,
  zCpf,
  zDate,
  zDateString,
  zEmail,
  zLanguageCode,
  zLogin,
  zNegative,
  zOtp,
  zPhone,
  zSlug,
} from './zod';

/** The issue messages of a failed parse. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('simple schemas', () => {
  it('accept valid values and report their rule name otherwise', () => {
    expect(zCountryCode.parse('BR')).toBe('BR');
    expect(messages(zCountryCode, 'br')).toEqual(['countryCode']);
    expect(messages(zCountryCode, 5)).toEqual(['countryCode']);
    expect(zLanguageCode.parse('pt')).toBe('pt');
    expect(messages(zLanguageCode, 'PT')).toEqual(['languageCode']);
    expect(zSlug.parse('book-of-ra')).toBe('book-of-ra');
    expect(messages(zSlug, 'a b')).toEqual(['slug']);
    expect(zOtp.parse('012345')).toBe('012345');
    expect(messages(zOtp, '12345')).toEqual(['otp']);
    expect(messages(zOtp, 123456)).toEqual(['otp']);
    expect(zEmail.parse('a@b.co')).toBe('a@b.co');
    expect(messages(zEmail, 'a@b')).toEqual(['email']);
  });

  it('refuse empty text and report a missing value as required', () => {
    expect(messages(zCountryCode, '')).toEqual(['countryCode']);
    expect(messages(zEmail, undefined)).toEqual(['required']);
    expect(zEmail.optional().parse(undefined)).toBeUndefined();
  });
});

describe('zPhone', () => {
  it('normalises to E.164 digits without +', () => {
    expect(zPhone.parse('+1 (415) 555-2671')).toBe('14155552671');
    expect(zPhone.parse('5511987654321')).toBe('5511987654321');
    expect(zPhone.parse(4915112345678)).toBe('4915112345678');
  });
  it('carries the parser kind in params', () => {
    const result = zPhone.safeParse('+7');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'custom', message: 'phone', params: { kind: 'TOO_SHORT' } });
    expect(issueToFailure(result.error?.issues[0] ?? {})).toEqual({ rule: 'phone', params: { kind: 'TOO_SHORT' } });
    expect(messages(zPhone, true)).toEqual(['phone']);
  });
});

describe('dates', () => {
  it('zDateString pads to YYYY-MM-DD', () => {
    expect(zDateString.parse('2024-2-9')).toBe('2024-02-09');
    expect(zDateString.parse('2024-02-29')).toBe('2024-02-29');
    expect(messages(zDateString, '2023-2-29')).toEqual(['date']);
    expect(messages(zDateString, 1700000000000)).toEqual(['date']);
  });
  it('zDate accepts timestamps and text', () => {
    expect(zDate.parse(86_400_000).toISOString()).toBe('1970-01-02T00:00:00.000Z');
    expect(zDate.parse('3000-12-31').toISOString()).toBe('3000-12-31T00:00:00.000Z');
    expect(messages(zDate, '3001-1-1')).toEqual(['date']);
  });
});

describe('zCpf', () => {
  it('normalises to 11 digits', () => {
    expect(zCpf.parse('529.982.247-25')).toBe('52998224725');
    expect(messages(zCpf, '111.111.111-11')).toEqual(['cpf']);
    expect(messages(zCpf, '529.982.247-26')).toEqual(['cpf']);
  });
});

describe('flags', () => {
  it('zBooleanLike converts to boolean', () => {
    expect([true, false, 1, 0, '1', '0'].map((v) => zBooleanLike.parse(v))).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(messages(zBooleanLike, 'true')).toEqual(['booleanLike']);
  });
  it('zAffirmative and zNegative', () => {
    expect(['yes', 'on', '1', 'true', 1, true].map((v) => zAffirmative.parse(v))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(messages(zAffirmative, 'no')).toEqual(['affirmative']);
    expect(messages(zAffirmative, false)).toEqual(['affirmative']);
    expect(zNegative.parse('off')).toBe(false);
    expect(messages(zNegative, 'yes')).toEqual(['negative']);
  });
});

describe('registrationFieldSchema', () => {
  it('applies the field rules with rule names and params', () => {
    const password = registrationFieldSchema('password');
    expect(password.parse('secret1')).toBe('secret1');
    expect(password.parse('')).toBeUndefined();
    const result = password.safeParse('abc');
    expect(result.error?.issues[0]).toMatchObject({ message: 'minLength', params: { min: 6 } });
  });

  it('required follows the field default unless overridden', () => {
    expect(messages(registrationFieldSchema('newPassword'), '')).toEqual(['required']);
    expect(registrationFieldSchema('newPassword', { required: false }).parse(null)).toBeUndefined();
    expect(messages(registrationFieldSchema('email', { required: true }), undefined)).toEqual(['required']);
    expect(registrationFieldSchema('email').parse(undefined)).toBeUndefined();
  });

  it('normalises phone, birthdate, age and cpf', () => {
    expect(registrationFieldSchemas.phone().parse('+5511987654321')).toBe('5511987654321');
    expect(registrationFieldSchemas.birthdate().parse('1990-5-7')).toBe('1990-05-07');
    expect(registrationFieldSchemas.age().parse('30')).toBe(30);
    expect(registrationFieldSchemas.cpf_number().parse('123.456.789-09')).toBe('12345678909');
  });

  it('works inside an ordinary z.object, missing keys included', () => {
    const body = z.object({
      email: registrationFieldSchemas.email({ required: true }),
      firstName: registrationFieldSchemas.firstName(),
    });
    expect(body.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
    expect(messages(body, {})).toEqual(['required']);
    expect(messages(body, { email: 'a@b.co', firstName: 'A' })).toEqual(['minLength']);
  });

  it('refuses values of the wrong type', () => {
    expect(messages(registrationFieldSchemas.firstName(), 12345)).toEqual(['invalid']);
    expect(messages(registrationFieldSchemas.age(), 'thirty')).toEqual(['integer']);
    expect(messages(registrationFieldSchemas.age(), true)).toEqual(['integer']);
  });
});

describe('registrationFormSchema', () => {
  const schema = registrationFormSchema([
    { name: 'email', isRequired: true },
    { name: 'password', isRequired: true },
    { name: 'password_confirmation' },
    { name: 'nickname', isRequired: false },
    { name: 'agreements', isRequired: true },
  ]);

  it('parses a valid form and drops unknown keys', () => {
    expect(
      schema.parse({
        email: 'a@b.co',
        password: 'secret1',
        password_confirmation: 'secret1',
        nickname: '',
        agreements: true,
        extra: 'x',
      }),
    ).toEqual({ email: 'a@b.co', password: 'secret1', password_confirmation: 'secret1', agreements: true });
  });

  it('reports each failing field once, including the confirmation mismatch', () => {
    const result = schema.safeParse({ email: 'bad', password: 'secret1', password_confirmation: 'secret2' });
    expect(result.success).toBe(false);
    expect(result.error && fieldFailures(result.error)).toEqual({
      email: { rule: 'email' },
      password_confirmation: { rule: 'sameAs', params: { param: 'password' } },
      agreements: { rule: 'required' },
    });
  });

  it('compares the submitted values even when the password itself fails', () => {
    const result = schema.safeParse({ email: 'a@b.co', password: 'abc', password_confirmation: 'abc', agreements: 1 });
    expect(result.error && fieldFailures(result.error)).toEqual({
      password: { rule: 'minLength', params: { min: 6 } },
    });
  });

  it('refuses a body that is not an object', () => {
    const result = schema.safeParse('nope');
    expect(result.error && fieldFailures(result.error)).toEqual({ '': { rule: 'invalid' } });
  });
});

describe('sign-in body', () => {
  it('login is an e-mail when it has an @, else a phone', () => {
    expect(zLogin.parse('player@example.com')).toBe('player@example.com');
    expect(zLogin.parse('+14155552671')).toBe('14155552671');
    expect(messages(zLogin, 'player@example')).toEqual(['email']);
    expect(messages(zLogin, '123')).toEqual(['phone']);
    expect(messages(zLogin, '  ')).toEqual(['required']);
  });
  it('login and password are required; the password has no length rule', () => {
    expect(signInBodySchema.parse({ login: '14155552671', password: '1' })).toEqual({
      login: '14155552671',
      password: '1',
    });
    const result = signInBodySchema.safeParse({});
    expect(result.error && fieldFailures(result.error)).toEqual({
      login: { rule: 'required' },
      password: { rule: 'required' },
    });
  });
});

describe('issueToFailure', () => {
  it('maps zod texts that are not rule names to invalid', () => {
    expect(issueToFailure({ message: 'Invalid input: expected string' })).toEqual({ rule: 'invalid' });
  });
  it('reads params nested by fastify-type-provider-zod and ignores zod fields', () => {
    expect(
      issueToFailure({ message: 'minLength', params: { params: { min: 6 }, input: 'abc', origin: 'string' } }),
    ).toEqual({ rule: 'minLength', params: { min: 6 } });
    expect(issueToFailure({ message: 'email', params: { input: 'x' } })).toEqual({ rule: 'email' });
  });
});
