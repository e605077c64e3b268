import { describe, expect, it } from 'vitest';
import {
  commitServerSeed,
  generateClientSeed,
  generateServerSeed,
  validateClientSeed,
  verifyServerSeed,
} from './seeds';
import { refSha256 } from '../reference.testutil';

describe('seeds', () => {
  it('commits to a server seed with SHA-256 of its text', () => {
    expect(commitServerSeed('croupier-server-seed')).toBe(
      'd7a55198bea266f7bd24462785899a0e7a472c8ae73889dc623c8a209ef029d5',
    );
    const seed = 'ab'.repeat(32);
    expect(commitServerSeed(seed)).toBe(refSha256(seed));
    expect(verifyServerSeed(seed, refSha256(seed).toUpperCase())).toBe(true);
    expect(verifyServerSeed(seed, refSha256('other'))).toBe(false);
  });

  it('generates seeds from the injected random bytes', () => {
    const calls: number[] = [];
    const randomBytes = (length: number) => {
      calls.push(length);
      return Uint8Array.from({ length }, (_, i) => i);
    };
    expect(generateServerSeed(randomBytes)).toBe('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
    expect(generateClientSeed(randomBytes)).toBe('00010203040506070809');
    expect(calls).toEqual([32, 10]);
    expect(() => generateServerSeed(() => new Uint8Array(3))).toThrow(RangeError);
  });

  it('validates client seeds', () => {
    expect(validateClientSeed('lucky:seed#7')).toEqual({ ok: true, value: 'lucky:seed#7' });
    expect(validateClientSeed('')).toMatchObject({ ok: false, error: { field: 'clientSeed', rule: 'required' } });
    expect(validateClientSeed('x'.repeat(65))).toMatchObject({ ok: false, error: { rule: 'range' } });
    expect(validateClientSeed('has space')).toMatchObject({ ok: false, error: { rule: 'choice' } });
    expect(validateClientSeed('café')).toMatchObject({ ok: false, error: { rule: 'choice' } });
    expect(validateClientSeed(42)).toMatchObject({ ok: false, error: { rule: 'required' } });
  });
});
