import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

/**
 * Access tokens: HS256 JWTs carrying `sub` (player id), `sessionId` and `rti` (the refresh
 * token id). Every authenticated request also checks the session record, so a token
 * stops working when its session is closed, however long it still has before `exp`.
 *
 * The access token doubles as the refresh credential (the client refreshes by sending
 * its current, possibly expired, token): the server keeps the hash of the newest `rti`
 * per session, so only the newest token of a session can be refreshed. An older one
 * presented again is a replay (see sessions.ts).
 */

const ISSUER = 'croupier';
const ALGORITHM = 'HS256';
/** A token longer than this is not one of ours; do not spend work on it. */
const MAX_TOKEN_LENGTH = 4096;

export interface AccessTokenSubject {
  playerId: string;
  sessionId: string;
  /** Refresh token id: random, rotated at every refresh. */
  refreshTokenId: string;
}

export interface VerifiedAccessToken extends AccessTokenSubject {
  tokenId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
  expired: boolean;
}

export interface IssuedAccessToken {
  token: string;
  expiresAt: Date;
}

function subjectOf(payload: JWTPayload): (AccessTokenSubject & { tokenId: string; expiresAt: number }) | null {
  const { sub, sessionId, rti, jti, exp, iss } = payload as JWTPayload & { sessionId?: unknown; rti?: unknown };
  if (iss !== ISSUER) return null;
  if (typeof sub !== 'string' || typeof sessionId !== 'string' || typeof rti !== 'string') return null;
  if (typeof jti !== 'string' || typeof exp !== 'number') return null;
  return { playerId: sub, sessionId, refreshTokenId: rti, tokenId: jti, expiresAt: exp };
}

export function createAccessTokens(options: { key: Uint8Array; ttlSeconds: number }) {
  const { key, ttlSeconds } = options;
  return {
    ttlSeconds,

    async issue(subject: AccessTokenSubject, now = new Date()): Promise<IssuedAccessToken> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + ttlSeconds;
      const token = await new SignJWT({
        sessionId: subject.sessionId,
        rti: subject.refreshTokenId,
        id: subject.playerId,
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(subject.playerId)
        .setIssuedAt(issuedAt)
        .setNotBefore(issuedAt)
        .setExpirationTime(expiresAt)
        .setJti(randomUUID())
        .sign(key);
      return { token, expiresAt: new Date(expiresAt * 1000) };
    },

    /**
     * The token's claims when its signature is ours, else null. An expired token is
     * refused unless `allowExpired` (refresh), in which case it comes back marked.
     */
    async verify(token: string, verifyOptions: { allowExpired: boolean }): Promise<VerifiedAccessToken | null> {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER, typ: 'JWT' });
        const subject = subjectOf(payload);
        return subject ? { ...subject, expired: false } : null;
      } catch (error) {
        // jose checks the signature before the claims, so an expired token's payload is authentic.
        if (verifyOptions.allowExpired && error instanceof joseErrors.JWTExpired) {
          const subject = subjectOf(error.payload);
          return subject ? { ...subject, expired: true } : null;
        }
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
