import { describe, it, expect } from 'vitest';
import {
  clampNumberOnBlur,
  clampToBounds,
  dependentFields,
  fieldsToRevalidate,
  isWithinBounds,
  passwordStrength,
  presetsWithinBounds,
  sanitizeNumberInput,
  sanitizeOtpInput,
  sanitizePhoneDigits,
  validateAmount,
  validateDynamicField,
  validateField,
  validateFields,
  validateSignIn,
  validateSignInField,
  visibleFieldError,
  withPlusPrefix,
} from './fields';

describe('password fields', () => {
  it('password is optional with a minimum length of 6', () => {
    expect(validateField('password', '')).toBeNull();
    expect(validateField('password', undefined)).toBeNull();
    expect(validateField('password', 'abcde')).toEqual({ rule: 'minLength', params: { min: 6 } });
    expect(validateField('password', 'abcdef')).toBeNull();
  });

  it('the server can make password required', () => {
    expect(validateField('password', '', {}, { isRequired: true })).toEqual({ rule: 'required' });
  });

  it('newPassword is required with a minimum length of 6', () => {
    expect(validateField('newPassword', '')).toEqual({ rule: 'required' });
    expect(validateField('newPassword', '   ')).toEqual({ rule: 'required' });
    expect(validateField('newPassword', '12345')).toEqual({ rule: 'minLength', params: { min: 6 } });
    expect(validateField('newPassword', '123456')).toBeNull();
  });

  it('the server can make a required field optional', () => {
    expect(validateField('newPassword', '', {}, { isRequired: false })).toBeNull();
    expect(validateField('newPassword', '12', {}, { isRequired: false })).toEqual({
      rule: 'minLength',
      params: { min: 6 },
    });
  });

  it('currentPassword is only required', () => {
    expect(validateField('currentPassword', '')).toEqual({ rule: 'required' });
    expect(validateField('currentPassword', 'x')).toBeNull();
  });

  it('password_confirmation must equal password', () => {
    const values = { password: 'secret1', password_confirmation: 'secret2' };
    expect(validateField('password_confirmation', 'secret2', values)).toEqual({
      rule: 'sameAs',
      params: { param: 'password' },
    });
    expect(
      validateField('password_confirmation', 'secret1', { ...values, password_confirmation: 'secret1' }),
    ).toBeNull();
    expect(validateField('password_confirmation', '', values)).toEqual({ rule: 'required' });
  });

  it('an optional confirmation still mismatches a filled password', () => {
    expect(validateField('password_confirmation', '', { password: 'secret1' }, { isRequired: false })).toEqual({
      rule: 'sameAs',
      params: { param: 'password' },
    });
    expect(validateField('password_confirmation', '', { password: '' }, { isRequired: false })).toBeNull();
  });

  it('repeatNewPassword must equal newPassword', () => {
    expect(validateField('repeatNewPassword', 'abcdefg', { newPassword: 'abcdefh' })).toEqual({
      rule: 'sameAs',
      params: { param: 'newPassword' },
    });
    expect(validateField('repeatNewPassword', 'abcdefg', { newPassword: 'abcdefg' })).toBeNull();
    expect(validateField('repeatNewPassword', '', { newPassword: 'abcdefg' })).toEqual({ rule: 'required' });
  });

  it('cross-field checks can be skipped', () => {
    expect(validateField('password_confirmation', 'a', { password: 'b' }, { skipCrossField: true })).toBeNull();
  });
});

describe('dependent fields', () => {
  it('password changes revalidate the confirmation', () => {
    expect(dependentFields.password).toEqual(['password_confirmation']);
    expect(dependentFields.newPassword).toEqual(['repeatNewPassword']);
    expect(fieldsToRevalidate('password')).toEqual(['password', 'password_confirmation']);
    expect(fieldsToRevalidate('email')).toEqual(['email']);
  });

  it('a confirmation valid before becomes invalid after the password changes, and back', () => {
    let values: Record<string, unknown> = { password: 'secret1', password_confirmation: 'secret1' };
    const revalidate = (changed: string) =>
      Object.fromEntries(fieldsToRevalidate(changed).map((name) => [name, validateField(name, values[name], values)]));

    expect(revalidate('password')).toEqual({ password: null, password_confirmation: null });
    values = { ...values, password: 'secret12' };
    expect(revalidate('password')).toEqual({
      password: null,
      password_confirmation: { rule: 'sameAs', params: { param: 'password' } },
    });
    values = { ...values, password_confirmation: 'secret12' };
    expect(revalidate('password_confirmation')).toEqual({ password_confirmation: null });
  });
});

describe('profile fields', () => {
  it('names and personal id have a minimum length of 2', () => {
    for (const name of ['firstName', 'lastName', 'personalIdNumber']) {
      expect(validateField(name, 'A')).toEqual({ rule: 'minLength', params: { min: 2 } });
      expect(validateField(name, 'Al')).toBeNull();
      expect(validateField(name, '')).toBeNull();
    }
    expect(validateField('firstName', '', {}, { isRequired: true })).toEqual({ rule: 'required' });
  });

  it('email', () => {
    expect(validateField('email', 'player@example.com')).toBeNull();
    expect(validateField('email', 'player@example')).toEqual({ rule: 'email' });
  });

  it('phone reports the parser kind', () => {
    expect(validateField('phone', '5511987654321')).toBeNull();
    expect(validateField('phone', '55')).toEqual({ rule: 'phone', params: { kind: 'TOO_SHORT' } });
    expect(validateField('phone', '999123456')).toEqual({ rule: 'phone', params: { kind: 'INVALID_COUNTRY' } });
  });

  it('birthdate, age and cpf_number', () => {
    expect(validateField('birthdate', '1990-5-17')).toBeNull();
    expect(validateField('birthdate', '1990-2-30')).toEqual({ rule: 'date' });
    expect(validateField('age', '30')).toBeNull();
    expect(validateField('age', 30.5)).toEqual({ rule: 'integer' });
    expect(validateField('cpf_number', '529.982.247-25')).toBeNull();
    expect(validateField('cpf_number', '111.111.111-11')).toEqual({ rule: 'cpf' });
  });

  it('fields without rules are only checked for presence when required', () => {
    expect(validateField('nickname', '')).toBeNull();
    expect(validateField('nickname', 'x')).toBeNull();
    expect(validateField('nickname', '', {}, { isRequired: true })).toEqual({ rule: 'required' });
  });

  it('blank optional values skip format checks', () => {
    expect(validateField('phone', '   ')).toBeNull();
  });

  it('validateFields collects every failure with server required flags', () => {
    const values = { email: 'bad', password: 'secret1', password_confirmation: 'secret2', nickname: '' };
    expect(validateFields(values, undefined, { nickname: true })).toEqual({
      email: { rule: 'email' },
      password_confirmation: { rule: 'sameAs', params: { param: 'password' } },
      nickname: { rule: 'required' },
    });
    expect(validateFields(values, ['email'])).toEqual({ email: { rule: 'email' } });
  });
});

describe('sign-in', () => {
  it('login and password are required', () => {
    expect(validateSignIn({})).toEqual({ login: { rule: 'required' }, password: { rule: 'required' } });
  });
  it('login is an e-mail by default', () => {
    expect(validateSignInField('login', 'player@example.com')).toBeNull();
    expect(validateSignInField('login', '14155552671')).toEqual({ rule: 'email' });
  });
  it('login is a phone on the phone tab', () => {
    expect(validateSignInField('login', '14155552671', { loginType: 'phone' })).toBeNull();
    expect(validateSignInField('login', 'player@example.com', { loginType: 'phone' })).toEqual({
      rule: 'phone',
      params: { kind: 'NOT_A_NUMBER' },
    });
  });
  it('the password has no length rule at sign-in', () => {
    expect(validateSignInField('password', '1')).toBeNull();
  });
  it('a rule failure takes priority over a server error', () => {
    expect(visibleFieldError({ rule: 'email' }, 'Wrong credentials')).toEqual({
      source: 'rule',
      failure: { rule: 'email' },
    });
    expect(visibleFieldError(null, 'Wrong credentials')).toEqual({ source: 'server', message: 'Wrong credentials' });
    expect(visibleFieldError(null, '')).toBeNull();
  });
});

describe('dynamic payment fields', () => {
  it('required only when flagged', () => {
    expect(validateDynamicField({ key: 'iban', isRequired: true }, '')).toEqual({ rule: 'required' });
    expect(validateDynamicField({ key: 'iban', isRequired: false, regexp: '^\\d+$' }, '')).toBeNull();
  });
  it('phone and cpf_number keys get their rules, others the pattern', () => {
    expect(validateDynamicField({ key: 'phone', regexp: '^x$' }, '5511987654321')).toBeNull();
    expect(validateDynamicField({ key: 'phone' }, '55119')).toEqual({ rule: 'phone', params: { kind: 'TOO_SHORT' } });
    expect(validateDynamicField({ key: 'cpf_number' }, '52998224724')).toEqual({ rule: 'cpf' });
    expect(validateDynamicField({ key: 'wallet_id', regexp: '^T[A-Za-z0-9]{33}$' }, 'T' + 'a'.repeat(33))).toBeNull();
    expect(validateDynamicField({ key: 'wallet_id', regexp: '^T[A-Za-z0-9]{33}$' }, 'Xabc')).toEqual({ rule: 'regex' });
    expect(validateDynamicField({ key: 'comment' }, 'anything')).toBeNull();
  });
  it('phone is sent with a plus prefix', () => {
    expect(withPlusPrefix('5511987654321')).toBe('+5511987654321');
    expect(withPlusPrefix('+5511987654321')).toBe('+5511987654321');
    expect(withPlusPrefix('')).toBe('');
  });
});

describe('amounts', () => {
  it('bounds include their ends and missing bounds do not limit', () => {
    expect(isWithinBounds(10, { min: 10, max: 100 })).toBe(true);
    expect(isWithinBounds(100, { min: 10, max: 100 })).toBe(true);
    expect(isWithinBounds(9.99, { min: 10, max: 100 })).toBe(false);
    expect(isWithinBounds(1e9, { min: 10 })).toBe(true);
    expect(isWithinBounds(0, { max: null })).toBe(true);
    expect(isWithinBounds(Number.NaN, {})).toBe(false);
  });
  it('presets and clamping', () => {
    const presets = [{ amount: 5 }, { amount: 20, default: true }, { amount: 500 }];
    expect(presetsWithinBounds(presets, { min: 10, max: 100 })).toEqual([{ amount: 20, default: true }]);
    expect(clampToBounds(5, { min: 10, max: 100 })).toBe(10);
    expect(clampToBounds(500, { min: 10, max: 100 })).toBe(100);
    expect(clampToBounds(50, { min: 10, max: 100 })).toBe(50);
  });
  it('validateAmount', () => {
    const bounds = { min: 10, max: 100 };
    expect(validateAmount('', bounds)).toEqual({ rule: 'required' });
    expect(validateAmount('abc', bounds)).toEqual({ rule: 'decimal' });
    expect(validateAmount('9', bounds)).toEqual({ rule: 'between', params: { min: 10, max: 100 } });
    expect(validateAmount(50, bounds)).toBeNull();
    expect(validateAmount(5, { min: 10 })).toEqual({ rule: 'min', params: { min: 10 } });
    expect(validateAmount(500, { max: 100 })).toEqual({ rule: 'max', params: { max: 100 } });
    expect(validateAmount(60, { ...bounds, balance: 50 })).toEqual({ rule: 'max', params: { max: 50 } });
    expect(validateAmount(50, { ...bounds, balance: 50 })).toBeNull();
  });
});

describe('sanitisers', () => {
  it('OTP: digits only; a completed code that is not 6 long is cleared', () => {
    expect(sanitizeOtpInput('123456')).toBe('123456');
    expect(sanitizeOtpInput('123 456')).toBe('123456');
    expect(sanitizeOtpInput('12345')).toBe('');
    expect(sanitizeOtpInput('1234567')).toBe('');
    expect(sanitizeOtpInput('abcdef')).toBe('');
    expect(sanitizeOtpInput('')).toBe('');
  });

  it('phone digits: digits only, at most 12', () => {
    expect(sanitizePhoneDigits('(11) 98765-4321')).toBe('11987654321');
    expect(sanitizePhoneDigits('1234567890123456')).toBe('123456789012');
    expect(sanitizePhoneDigits('abc')).toBe('');
  });

  it('number input: decimal only, leading zeros stripped, at most 10 characters', () => {
    expect(sanitizeNumberInput('007')).toBe('7');
    expect(sanitizeNumberInput('0')).toBe('0');
    expect(sanitizeNumberInput('000')).toBe('0');
    expect(sanitizeNumberInput('0.5')).toBe('0.5');
    expect(sanitizeNumberInput('00.50')).toBe('0.50');
    expect(sanitizeNumberInput('12a3.4.5')).toBe('123.45');
    expect(sanitizeNumberInput('10,5')).toBe('10.5');
    expect(sanitizeNumberInput('-15')).toBe('15');
    expect(sanitizeNumberInput('12.')).toBe('12.');
    expect(sanitizeNumberInput('12345678901234')).toBe('1234567890');
    expect(sanitizeNumberInput('0000000000012')).toBe('12');
    expect(sanitizeNumberInput('')).toBe('');
  });

  it('clamps on blur', () => {
    expect(clampNumberOnBlur('', 10, 100)).toBe(10);
    expect(clampNumberOnBlur(null, 10, 100)).toBe(10);
    expect(clampNumberOnBlur('5', 10, 100)).toBe(10);
    expect(clampNumberOnBlur('150', 10, 100)).toBe(100);
    expect(clampNumberOnBlur('42.5', 10, 100)).toBe(42.5);
    expect(clampNumberOnBlur('12.', 10, 100)).toBe(12);
    expect(clampNumberOnBlur(10, 10, 100)).toBe(10);
    expect(clampNumberOnBlur(100, 10, 100)).toBe(100);
    expect(clampNumberOnBlur('1e9', 10)).toBe(10);
    expect(clampNumberOnBlur('1000000', 10)).toBe(1000000);
  });
});

describe('passwordStrength', () => {
  it('thresholds at 2 and 4 characters', () => {
    expect(passwordStrength('')).toBeNull();
    expect(passwordStrength(undefined)).toBeNull();
    expect(passwordStrength('a')).toBe('weak');
    expect(passwordStrength('ab')).toBe('weak');
    expect(passwordStrength('abc')).toBe('good');
    expect(passwordStrength('abcd')).toBe('good');
    expect(passwordStrength('abcde')).toBe('strong');
    expect(passwordStrength('a very long password')).toBe('strong');
  });
});
