import { errorCatalogue } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  codeSendOutcome,
  genericErrorKey,
  placeServerErrors,
  registrationCurrency,
  verifyOutcome,
  withoutError,
} from './signup-logic';

const currencies = [{ code: 'EUR' }, { code: 'USD', isBase: true }];

describe('sign-up decisions', () => {
  it("starts with the visitor's currency when offered, else the base currency", () => {
    expect(registrationCurrency({ currency: 'EUR' }, currencies)).toBe('EUR');
    expect(registrationCurrency({ currency: 'BRL' }, currencies)).toBe('USD');
    expect(registrationCurrency({ currency: 'BRL' }, [{ code: 'EUR' }])).toBe('BRL');
  });

  it('shows field errors under fields on screen and the rest in the form alert', () => {
    const placed = placeServerErrors({ email: 'Taken.', referralCode: 'Unknown referrer.', locale: 'Bad locale.' }, [
      'email',
      'password',
    ]);
    expect(placed.shown).toEqual({ email: 'Taken.' });
    expect(placed.formError).toBe('Unknown referrer. Bad locale.');
    expect(placed.openPromo).toBe(false);
    expect(placeServerErrors({ email: 'Taken.' }, ['email']).formError).toBeNull();
  });

  it('opens the promo code toggle when its field has an error', () => {
    expect(placeServerErrors({ bonusCode: 'Expired.' }, ['email', 'bonusCode']).openPromo).toBe(true);
  });

  it('drops one error and keeps the same object when there is none to drop', () => {
    const errors = { email: 'Taken.', phone: 'Bad.' };
    expect(withoutError(errors, 'email')).toEqual({ phone: 'Bad.' });
    expect(errors).toEqual({ email: 'Taken.', phone: 'Bad.' });
    expect(withoutError(errors, 'nickname')).toBe(errors);
  });

  it('tells a rate limit from other failures', () => {
    expect(genericErrorKey(new ApiError(429, 1429, 'Too many'))).toBe('rateLimited.description');
    expect(genericErrorKey(new ApiError(500, 1500, 'Boom'))).toBe('somethingWrong.description');
    expect(genericErrorKey(new TypeError('offline'))).toBe('somethingWrong.description');
  });

  it('reads a failed code send: limit, field errors with the phone first, or a message', () => {
    expect(codeSendOutcome(new ApiError(429, errorCatalogue.OTP_SEND_LIMIT.code, 'Limit'))).toEqual({ kind: 'limit' });
    expect(
      codeSendOutcome(new ApiError(422, 1422, 'Invalid', { email: ['Taken.'], phone: ['Not a number.'] })),
    ).toEqual({ kind: 'fields', fields: { email: 'Taken.', phone: 'Not a number.' }, phoneMessage: 'Not a number.' });
    expect(codeSendOutcome(new ApiError(422, 1422, 'Invalid', { email: ['Taken.'] }))).toMatchObject({
      phoneMessage: 'Taken.',
    });
    expect(codeSendOutcome(new ApiError(503, 1503, 'SMS gateway down'))).toEqual({
      kind: 'error',
      message: 'SMS gateway down',
    });
    expect(codeSendOutcome(new TypeError('offline'))).toEqual({ kind: 'error', message: '' });
  });

  it('reads a failed phone registration: wrong code, field errors or a message', () => {
    expect(verifyOutcome(new ApiError(422, errorCatalogue.OTP_INVALID.code, 'Wrong code'))).toEqual({
      kind: 'invalidCode',
    });
    expect(verifyOutcome(new ApiError(422, 1422, 'Invalid', { code: ['Wrong.'] }))).toEqual({ kind: 'invalidCode' });
    expect(verifyOutcome(new ApiError(422, 1422, 'Invalid', { email: ['Taken.'] }))).toEqual({
      kind: 'fields',
      fields: { email: 'Taken.' },
    });
    expect(verifyOutcome(new ApiError(500, 1500, 'Boom'))).toEqual({ kind: 'error', message: 'Boom' });
  });
});
