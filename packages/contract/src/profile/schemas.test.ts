import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADULT_AGE_YEARS, profileUpdateBodySchema } from './schemas';

function issues(schema: z.ZodType, value: unknown): [string, string][] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('profileUpdateBodySchema', () => {
  it('keeps absent keys absent, clears with "" or null and drops what a player may not set', () => {
    expect(
      profileUpdateBodySchema.parse({
        firstName: ' Ada ',
        lastName: '',
        city: null,
        phone: '+49 151 12345678',
        email: '',
        gender: '',
        birthdate: '1990-2-3',
        receiveSmsPromo: 1,
        status: 3,
        confirmedAt: 'now',
        id: 'x',
      }),
    ).toEqual({
      firstName: 'Ada',
      lastName: null,
      city: null,
      phone: '4915112345678',
      email: null,
      gender: null,
      birthdate: '1990-02-03',
      receiveSmsPromo: true,
    });
  });

  it('applies the shared field rules and the limits', () => {
    const thisYear = new Date().getUTCFullYear();
    expect(
      issues(profileUpdateBodySchema, {
        firstName: 'A',
        personalIdNumber: 'X',
        city: 'c'.repeat(101),
        address: 'a\u0007b',
        birthdate: `${thisYear - ADULT_AGE_YEARS + 1}-12-31`,
        gender: 'x',
        country: 'de',
        phone: '123',
        locale: 'english',
        pwaInstalled: 'yes',
      }),
    ).toEqual(
      [
        ['firstName', 'minLength'],
        ['birthdate', 'minAge'],
        ['gender', 'invalid'],
        ['address', 'invalid'],
        ['city', 'maxLength'],
        ['personalIdNumber', 'minLength'],
        ['country', 'countryCode'],
        ['locale', 'invalid'],
        ['pwaInstalled', 'booleanLike'],
        ['phone', 'phone'],
      ].sort((a, b) => order.indexOf(a[0] ?? '') - order.indexOf(b[0] ?? '')),
    );
  });
});

const order = Object.keys(profileUpdateBodySchema.shape);
