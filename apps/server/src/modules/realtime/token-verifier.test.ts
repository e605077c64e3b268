import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createJwtTokenVerifier, refuseAllTokens } from './token-verifier';

const KEY = 'unit-test-secret-0123456789abcdef0123456789';
const key = new TextEncoder().encode(KEY);

async function sign(claims: Record<string, unknown>, expiresIn: number, signingKey = key): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(signingKey);
}

describe('createJwtTokenVerifier', () => {
  const verifier = createJwtTokenVerifier({ key: KEY });

  it('returns the player, session and expiry of a valid token', async () => {
    const token = await sign({ sub: 'player-1', sessionId: 'session-1' }, 900);
    const result = await verifier.verify(token);
    expect(result).toMatchObject({ ok: true, playerId: 'player-1', sessionId: 'session-1' });
    if (result.ok) expect(result.expiresAt).toBeGreaterThan(Date.now() + 890_000);
  });

  it('tells an expired token of ours from an invalid one', async () => {
    expect(await verifier.verify(await sign({ sub: 'p', sessionId: 's' }, -10))).toEqual({
      ok: false,
      reason: 'expired',
    });
    const foreign = await sign({ sub: 'p', sessionId: 's' }, -10, new TextEncoder().encode('x'.repeat(40)));
    expect(await verifier.verify(foreign)).toEqual({ ok: false, reason: 'invalid' });
  });

  it.each([
    ['garbage', async () => 'not.a.token'],
    ['an empty string', async () => ''],
    ['a token too long', async () => 'a'.repeat(5000)],
    ['no sub', async () => sign({ sessionId: 's' }, 60)],
    ['no sessionId', async () => sign({ sub: 'p' }, 60)],
    [
      'another algorithm',
      async () =>
        new SignJWT({ sub: 'p', sessionId: 's' })
          .setProtectedHeader({ alg: 'HS512' })
          .setExpirationTime('1h')
          .sign(key),
    ],
  ])('refuses %s', async (_name, make) => {
    expect(await verifier.verify(await make())).toEqual({ ok: false, reason: 'invalid' });
  });

  it('checks the issuer when one is configured', async () => {
    const strict = createJwtTokenVerifier({ key: KEY, issuer: 'croupier' });
    expect((await strict.verify(await sign({ sub: 'p', sessionId: 's' }, 60))).ok).toBe(false);
    expect((await strict.verify(await sign({ sub: 'p', sessionId: 's', iss: 'croupier' }, 60))).ok).toBe(true);
  });

  it('refuseAllTokens refuses everything', async () => {
    expect(await refuseAllTokens.verify(await sign({ sub: 'p', sessionId: 's' }, 60))).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});
