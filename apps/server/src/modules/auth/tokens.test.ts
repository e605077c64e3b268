import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './tokens';

const key = new TextEncoder().encode('k'.repeat(32));
const tokens = createAccessTokens({ key, ttlSeconds: 900 });
const subject = {
  playerId: '8f14e45f-ceea-467a-9575-6c2f0b9a1b11',
  sessionId: '0a8a3c4e-3b9b-4b5e-9f0e-1f3d5c7a9b2d',
  refreshTokenId: 'r1',
};

function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('access tokens', () => {
  it('carry sub, sessionId, rti, jti, iat and exp', async () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const issued = await tokens.issue(subject, now);
    expect(issued.expiresAt.toISOString()).toBe('2026-03-01T12:15:00.000Z');
    const claims = decode(issued.token);
    expect(claims).toMatchObject({
      sub: subject.playerId,
      id: subject.playerId,
      sessionId: subject.sessionId,
      rti: 'r1',
      iss: 'croupier',
      iat: now.getTime() / 1000,
      exp: now.getTime() / 1000 + 900,
    });
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('verify a fresh token and refuse an expired one unless asked to accept it', async () => {
    const fresh = await tokens.issue(subject);
    await expect(tokens.verify(fresh.token, { allowExpired: false })).resolves.toMatchObject({
      ...subject,
      expired: false,
    });
    const old = await tokens.issue(subject, new Date(Date.now() - 3600_000));
    await expect(tokens.verify(old.token, { allowExpired: false })).resolves.toBeNull();
    await expect(tokens.verify(old.token, { allowExpired: true })).resolves.toMatchObject({
      sessionId: subject.sessionId,
      expired: true,
    });
  });

  it('refuse tampered, foreign, unsigned and malformed tokens', async () => {
    const { token } = await tokens.issue(subject);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decode(token), sub: 'someone-else' })).toString('base64url');
    await expect(tokens.verify(`${header}.${forged}.${signature}`, { allowExpired: true })).resolves.toBeNull();

    const foreign = createAccessTokens({ key: new TextEncoder().encode('x'.repeat(32)), ttlSeconds: 900 });
    await expect(foreign.verify(token, { allowExpired: true })).resolves.toBeNull();

    const unsigned = new UnsecuredJWT({ sessionId: 's', rti: 'r' }).setSubject('p').setIssuer('croupier').encode();
    await expect(tokens.verify(unsigned, { allowExpired: true })).resolves.toBeNull();

    const otherIssuer = await new SignJWT({ sessionId: 's', rti: 'r' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('p')
      .setIssuer('elsewhere')
      .setJti('j')
      .setExpirationTime('5m')
      .sign(key);
    await expect(tokens.verify(otherIssuer, { allowExpired: true })).resolves.toBeNull();

    for (const bad of ['', 'abc', 'a.b.c', 'x'.repeat(5000)]) {
      await expect(tokens.verify(bad, { allowExpired: true })).resolves.toBeNull();
    }
  });
});
