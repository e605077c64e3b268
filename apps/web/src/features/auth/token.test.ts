import { describe, expect, it } from 'vitest';
import { fakeJwt } from './test-helpers';
import { decodeTokenClaims, isTokenExpired, tokenExpiresAt, tokenSessionId, TOKEN_EXPIRY_MARGIN_MS } from './token';

describe('session token', () => {
  const exp = 1_900_000_000; // seconds
  const token = fakeJwt({ exp, sessionId: 's-1', sub: 'p-1', name: 'Zoë ✓' });

  it('reads the claims without verifying (base64url, UTF-8)', () => {
    expect(decodeTokenClaims(token)).toMatchObject({ exp, sessionId: 's-1', sub: 'p-1', name: 'Zoë ✓' });
    expect(tokenExpiresAt(token)).toBe(exp * 1000);
    expect(tokenSessionId(token)).toBe('s-1');
  });

  it('counts a token as expired 10 s before its exp', () => {
    expect(TOKEN_EXPIRY_MARGIN_MS).toBe(10_000);
    const expMs = exp * 1000;
    expect(isTokenExpired(token, expMs - 10_001)).toBe(false);
    expect(isTokenExpired(token, expMs - 10_000)).toBe(false); // exp - 10 s < now is false at equality
    expect(isTokenExpired(token, expMs - 9_999)).toBe(true);
    expect(isTokenExpired(token, expMs + 1)).toBe(true);
  });

  it('treats a text that is not a JWT as expired, and a JWT without exp as never expiring', () => {
    for (const bad of ['', 'abc', 'a.b', 'a.%%%.c', `x.${btoa('[1]')}.y`]) {
      expect(decodeTokenClaims(bad)).toBeNull();
      expect(isTokenExpired(bad, 0)).toBe(true);
    }
    const noExp = fakeJwt({ sub: 'p-1' });
    expect(tokenExpiresAt(noExp)).toBeNull();
    expect(isTokenExpired(noExp, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(tokenSessionId(undefined)).toBeUndefined();
  });
});
