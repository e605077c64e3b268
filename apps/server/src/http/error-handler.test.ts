import { describe, expect, it } from 'vitest';
import { toAppError } from './error-handler';

describe('toAppError', () => {
  it('answers text PostgreSQL cannot store with the validation error, not a 500', () => {
    const nulInText = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const nulInJson = Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' });
    for (const error of [nulInText, nulInJson, new Error('query failed', { cause: nulInText })]) {
      expect(toAppError(error)).toMatchObject({ errorName: 'VALIDATION_FAILED', status: 422 });
    }
  });

  it('keeps other database errors a 500', () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(toAppError(deadlock)).toMatchObject({ errorName: 'INTERNAL', status: 500 });
  });
});
