import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  emailRegistrationBodySchema,
  otpSendBodySchema,
  passwordChangeBodySchema,
  passwordConfirmBodySchema,
  phoneRegistrationBodySchema,
  signInRequestSchema,
  zCheckbox,
} from './schemas';

/** [path, rule] of each issue of a failed parse. */
function issues(schema: z.ZodType, value: unknown): [string, string][] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

const password = 'correct horse';

describe('zCheckbox', () => {
  it('reads every checkbox spelling of the platform', () => {
    for (const checked of [1, '1', true, 'true', 'on']) expect(zCheckbox.parse(checked)).toBe(true);
    for (const unchecked of [0, '0', false, 'false', 'off', '', null]) expect(zCheckbox.parse(unchecked)).toBe(false);
    expect(issues(zCheckbox, 'maybe')).toEqual([['', 'booleanLike']]);
    expect(issues(zCheckbox, 2)).toEqual([['', 'booleanLike']]);
  });
});

describe('registration bodies', () => {
  it('normalise values, keep an additional phone and drop unknown keys', () => {
    const parsed = emailRegistrationBodySchema.parse({
      email: ' ada@example.com ',
      password,
      password_confirmation: password,
      currency: 'eur',
      country: '',
      locale: 'pt-br',
      agreements: '1',
      receiveEmailPromo: '',
      nickname: '  Ada  ',
      status: 3,
      phone: '4915112345678',
    });
    expect(parsed).toEqual({
      email: 'ada@example.com',
      password,
      password_confirmation: password,
      currency: 'EUR',
      country: null,
      locale: 'pt-br',
      agreements: true,
      receiveEmailPromo: false,
      nickname: 'Ada',
      phone: '4915112345678',
    });
    expect(emailRegistrationBodySchema.parse({ email: 'ada@example.com', password, phone: '' }).phone).toBeUndefined();
  });

  it('report every problem, the confirmation included', () => {
    expect(
      issues(emailRegistrationBodySchema, {
        email: 'nope',
        password,
        password_confirmation: 'other',
        birthdate: '2999-01-01',
        currency: 'E U R',
      }),
    ).toEqual([
      ['currency', 'invalid'],
      ['birthdate', 'minAge'],
      ['email', 'email'],
      ['password_confirmation', 'sameAs'],
    ]);
  });

  it('leave the confirmation alone when the password itself fails', () => {
    expect(
      issues(emailRegistrationBodySchema, { email: 'a@b.co', password: 'abc', password_confirmation: 'abc' }),
    ).toEqual([['password', 'minLength']]);
  });

  it('need phone and code for phone registration', () => {
    expect(phoneRegistrationBodySchema.parse({ phone: '+49 151 12345678', code: '012345', password })).toMatchObject({
      phone: '4915112345678',
      code: '012345',
    });
    expect(issues(phoneRegistrationBodySchema, { password })).toEqual([
      ['phone', 'required'],
      ['code', 'required'],
    ]);
  });
});

describe('other bodies', () => {
  it('sign-in caps the password and keeps the phone digits', () => {
    expect(signInRequestSchema.parse({ login: '+49 151 12345678', password: 'x' })).toEqual({
      login: '4915112345678',
      password: 'x',
    });
    expect(issues(signInRequestSchema, { login: 'a@b.co', password: 'x'.repeat(129) })).toEqual([
      ['password', 'maxLength'],
    ]);
  });

  it('one-time codes need a known reason', () => {
    expect(issues(otpSendBodySchema, { phone: '4915112345678', reason: 'spam' })).toEqual([['reason', 'invalid']]);
  });

  it('password forms compare the repetition and default closeOtherSessions to true', () => {
    expect(
      passwordChangeBodySchema.parse({ currentPassword: 'old', newPassword: password, repeatNewPassword: password }),
    ).toMatchObject({ closeOtherSessions: true });
    expect(
      passwordChangeBodySchema.parse({
        currentPassword: 'old',
        newPassword: password,
        repeatNewPassword: password,
        closeOtherSessions: 0,
      }).closeOtherSessions,
    ).toBe(false);
    expect(issues(passwordConfirmBodySchema, { code: 'c', newPassword: password, repeatNewPassword: 'x' })).toEqual([
      ['repeatNewPassword', 'sameAs'],
    ]);
  });
});
