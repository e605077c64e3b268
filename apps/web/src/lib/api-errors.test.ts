import { errorCatalogue } from '@croupier/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, hasApiStatus, isApiError } from './api';

const apiError = (name: keyof typeof errorCatalogue) =>
  new ApiError(errorCatalogue[name].status, errorCatalogue[name].code, errorCatalogue[name].message);

describe('isApiError', () => {
  it('matches an API error by its catalogue name', () => {
    expect(isApiError(apiError('DEPOSIT_LIMIT_REACHED'), 'DEPOSIT_LIMIT_REACHED')).toBe(true);
    expect(isApiError(apiError('DEPOSITS_LIMITED'), 'DEPOSIT_LIMIT_REACHED')).toBe(false);
    expect(isApiError(apiError('GAME_LIMIT_LOSS'), 'GAME_LIMIT_BET', 'GAME_LIMIT_LOSS')).toBe(true);
  });

  it('is false for anything that is not an ApiError, or one without a catalogue code', () => {
    expect(isApiError(new Error('Not found.'), 'NOT_FOUND')).toBe(false);
    expect(isApiError({ code: 1004, status: 404 }, 'NOT_FOUND')).toBe(false);
    expect(isApiError(new ApiError(404, 0, 'Not Found'), 'NOT_FOUND')).toBe(false);
  });

  it('narrows the error to the named code', () => {
    const error: unknown = apiError('OTP_INVALID');
    if (isApiError(error, 'OTP_INVALID')) expectTypeOf(error.code).toEqualTypeOf<11003>();
    // A name outside the catalogue does not compile (checked by tsc, never called).
    const unknownName = () =>
      // @ts-expect-error NO_SUCH_ERROR is not in the catalogue
      isApiError(error, 'NO_SUCH_ERROR');
    expect(unknownName).toBeTypeOf('function');
  });
});

describe('hasApiStatus', () => {
  it('matches the HTTP status of a catalogue error, whatever the code', () => {
    expect(hasApiStatus(apiError('OTP_SEND_LIMIT'), 'RATE_LIMITED')).toBe(true);
    expect(hasApiStatus(new ApiError(429, 0, 'Too Many Requests'), 'RATE_LIMITED')).toBe(true);
    expect(hasApiStatus(apiError('VALIDATION_FAILED'), 'RATE_LIMITED')).toBe(false);
    expect(hasApiStatus(new Error('x'), 'NOT_FOUND')).toBe(false);
  });
});
