import type { webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify } from 'jose';

/**
 * How the gateway authenticates a connection: the client's connection token is the REST
 * access JWT. The gateway needs only who the player is and until when the
 * token holds; whether the session behind it is still open is the verifier's business
 * (the auth module's verifier checks the session record).
 */
export type TokenVerification =
  | { ok: true; playerId: string; sessionId: string; /** ms since the epoch */ expiresAt: number }
  | { ok: false; reason: 'expired' | 'invalid' };

export interface TokenVerifier {
  /** Resolves with the outcome; rejects only when the check could not be made (e.g. database down). */
  verify(token: string): Promise<TokenVerification>;
}

/** A token longer than this is not an access token; do not spend work on it. */
const MAX_TOKEN_LENGTH = 4096;

const INVALID: TokenVerification = { ok: false, reason: 'invalid' };

/**
 * The default verifier: an HS256 JWT with `sub` (player id), `sessionId` and `exp`, signed
 * with `key`. It checks the signature and the claims only, not the session: the auth
 * module's own verifier (which also requires the session to be open) replaces it.
 */
export function createJwtTokenVerifier(options: { key: string | Uint8Array; issuer?: string }): TokenVerifier {
  const raw = typeof options.key === 'string' ? new TextEncoder().encode(options.key) : options.key;
  // Imported once: given raw bytes, jose imports the key again for every token, which
  // doubles the cost of a connect (measured by the realtime benchmark).
  let key: Promise<webcrypto.CryptoKey> | undefined;
  return {
    async verify(token) {
      if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return INVALID;
      key ??= crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          ...(options.issuer ? { issuer: options.issuer } : {}),
        });
        const { sub, exp } = payload;
        const sessionId: unknown = payload.sessionId;
        if (typeof sub !== 'string' || sub === '' || typeof sessionId !== 'string' || typeof exp !== 'number') {
          return INVALID;
        }
        return { ok: true, playerId: sub, sessionId, expiresAt: exp * 1000 };
      } catch (error) {
        // jose checks the signature before the claims: an expired token is one of ours.
        if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
        if (error instanceof joseErrors.JOSEError) return INVALID;
        throw error;
      }
    },
  };
}

/** Used when no key is configured: every token is refused, guests still connect. */
export const refuseAllTokens: TokenVerifier = {
  async verify() {
    return INVALID;
  },
};
