/**
 * The session token is a JWT. The browser reads its claims without
 * verifying the signature — the server does that — only to know when to refresh it and
 * which session is the current one.
 */

/** A token counts as expired this long before its `exp`. */
export const TOKEN_EXPIRY_MARGIN_MS = 10_000;

export interface TokenClaims {
  /** Expiry, seconds since the epoch. */
  exp?: number;
  /** The server-side session id (marks the current row of the sessions list). */
  sessionId?: string;
  /** The player id. */
  sub?: string;
  [claim: string]: unknown;
}

function base64UrlDecode(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The payload of a JWT, or null when the text is not one. */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  const json = base64UrlDecode(parts[1]);
  if (json === null) return null;
  try {
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** When the token expires (ms since the epoch); null without a numeric `exp`. */
export function tokenExpiresAt(token: string): number | null {
  const exp = decodeTokenClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * `exp - 10 s < now`. A text that is not a JWT counts as expired (a refresh or the
 * server's 401 settles it); a JWT without `exp` never expires on the client.
 */
export function isTokenExpired(token: string, now: number, marginMs = TOKEN_EXPIRY_MARGIN_MS): boolean {
  const claims = decodeTokenClaims(token);
  if (!claims) return true;
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt - marginMs < now;
}

export function tokenSessionId(token: string | undefined): string | undefined {
  if (!token) return undefined;
  const id = decodeTokenClaims(token)?.sessionId;
  return typeof id === 'string' ? id : undefined;
}
