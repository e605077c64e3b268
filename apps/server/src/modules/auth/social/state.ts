import { createHash } from 'node:crypto';
import {
  CLIENT_STATE_MAX_CHARS,
  type ClientState,
  clientStateSchema,
  endpointPath,
  signInEndpoints,
} from '@croupier/contract';
import { z } from 'zod';
import { randomToken, sha256Hex } from '../crypto';

/**
 * The `state` round trip of a social sign-in and the browser binding.
 *
 * The web app sends `state` as JSON `{"backRoute": "…"}` and reads it back on its
 * callback page (the provider passes it through unchanged). The server adds one key,
 * `flow`: a random 256-bit token naming the sign-in record (stored as SHA-256 only). The
 * record is bound to the browser that started it by a random secret in an HttpOnly
 * cookie, and can be completed once, within FLOW_TTL_SECONDS. So a `state` (or a whole
 * callback URL) taken to another browser is refused: nobody can sign a victim into the
 * attacker's account by sending them a callback link (login CSRF).
 */

export const FLOW_TTL_SECONDS = 600;

/** The cookie holding the browser binding secret; sent only to the social sign-in paths. */
export const BINDING_COOKIE = 'croupier_social';
export const BINDING_COOKIE_PATH = endpointPath(signInEndpoints.socialSignIn);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The web app's state (checked by the contract's `clientStateSchema` on the redirect routes). */
export { clientStateSchema, type ClientState };

/** The state as it comes back from the provider: the client's keys plus `flow`. */
export const returnedStateSchema = z
  .string({ error: 'required' })
  .max(CLIENT_STATE_MAX_CHARS + 64, { error: 'invalid' })
  .transform((text, ctx): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'invalid', input: text });
      return z.NEVER;
    }
  })
  .pipe(z.looseObject({ flow: z.string().regex(TOKEN_PATTERN) }, { error: 'invalid' }));

/** A new flow token and the hash the database keeps. */
export function newFlowToken(): { token: string; hash: string } {
  const token = randomToken(32);
  return { token, hash: sha256Hex(token) };
}

/** The state sent to the provider: the client's state with the flow token added. */
export function providerState(client: ClientState, flowToken: string): string {
  return JSON.stringify({ ...client, flow: flowToken });
}

/** PKCE (RFC 7636, S256): the verifier stays on the server, the challenge goes to the provider. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomToken(32);
  return { verifier, challenge: createHash('sha256').update(verifier, 'ascii').digest('base64url') };
}

// ---------------------------------------------------------------------------
// Browser binding cookie
// ---------------------------------------------------------------------------

/** The binding secret of a `Cookie` header, when it has a well-formed one. */
export function readBindingSecret(cookieHeader: string | string[] | undefined): string | undefined {
  const header = Array.isArray(cookieHeader) ? cookieHeader.join('; ') : cookieHeader;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== BINDING_COOKIE) continue;
    const value = part.slice(index + 1).trim();
    if (TOKEN_PATTERN.test(value)) return value;
  }
  return undefined;
}

/** A fresh binding secret. */
export function newBindingSecret(): string {
  return randomToken(32);
}

/**
 * The Set-Cookie value: HttpOnly (scripts never see it), SameSite=Lax (sent on the
 * top-level return from the provider, not on cross-site subrequests), scoped to the
 * social sign-in paths, as long as a flow lives.
 */
export function bindingCookie(secret: string, options: { secure: boolean }): string {
  return [
    `${BINDING_COOKIE}=${secret}`,
    `Path=${BINDING_COOKIE_PATH}`,
    `Max-Age=${FLOW_TTL_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
