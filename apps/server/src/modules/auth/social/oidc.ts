import { createRemoteJWKSet, customFetch, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { AppError } from '../../../lib/errors';

/**
 * OpenID Connect client for an Auth0-style broker: authorization-code flow with PKCE
 * (S256), a `connection` parameter naming the upstream identity provider, the client
 * secret posted to the token endpoint, and the ID token verified with the issuer's keys
 * (signature, issuer, audience, expiry, nonce). Endpoints come from the issuer's
 * discovery document unless given explicitly.
 */

/** What the client needs of `fetch` (global fetch, or the in-process one of the sandbox). */
export type HttpFetch = (
  url: string,
  init: {
    method: 'GET' | 'POST';
    headers: Headers | Record<string, string>;
    body?: string;
    signal: AbortSignal;
    redirect: 'manual';
  },
) => Promise<Response>;

export interface OidcEndpoints {
  issuer: string;
  /** May be a path (`/api/dev/oidc/authorize`): the browser resolves it against the page. */
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
}

export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  nickname: string | null;
}

export interface OidcClient {
  authorizationUrl(request: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeChallenge: string;
    connection: string;
    locale?: string | undefined;
  }): Promise<string>;
  /** Exchanges the code and verifies the ID token; 401 when the provider refuses or the token is wrong. */
  signIn(request: { code: string; codeVerifier: string; redirectUri: string; nonce: string }): Promise<OidcIdentity>;
}

const HTTP_TIMEOUT_MS = 10_000;
const DISCOVERY_TTL_MS = 60 * 60_000;
const SCOPE = 'openid email profile';
/** Asymmetric algorithms only: an HS256 token would be signed with our own client secret. */
const ALGORITHMS = ['RS256', 'PS256', 'ES256', 'ES384', 'EdDSA'];

const discoverySchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});

const tokenResponseSchema = z.object({ id_token: z.string().min(1).max(16_384) });
const tokenErrorSchema = z.object({ error: z.string() });

/** Providers send `email_verified` as a boolean, some as text. */
const booleanClaim = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');
const textClaim = z
  .string()
  .transform((value) => value.trim() || null)
  .nullish();

const idTokenClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  nonce: z.string().optional(),
  azp: z.string().optional(),
  email: z.string().max(254).nullish(),
  email_verified: booleanClaim.nullish(),
  name: textClaim,
  given_name: textClaim,
  family_name: textClaim,
  nickname: textClaim,
});

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

function unavailable(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 'The sign-in provider cannot be reached. Please try again later.');
}

function refused(): AppError {
  return new AppError('UNAUTHENTICATED', 'The sign-in could not be completed. Please try again.');
}

export function createOidcClient(options: {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: HttpFetch;
  /** Explicit endpoints instead of discovery (the sandbox). */
  endpoints?: OidcEndpoints;
  log: { warn(object: object, message: string): void };
}): OidcClient {
  const { clientId, clientSecret, log } = options;
  let cached: { endpoints: OidcEndpoints; at: number } | undefined = options.endpoints
    ? { endpoints: options.endpoints, at: Number.POSITIVE_INFINITY }
    : undefined;
  const keySets = new Map<string, JWTVerifyGetKey>();

  async function send(url: string, init: { method: 'GET' | 'POST'; body?: string }): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    return options.fetch(url, {
      method: init.method,
      headers,
      ...(init.body === undefined ? {} : { body: init.body }),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      redirect: 'manual',
    });
  }

  async function endpoints(): Promise<OidcEndpoints> {
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.endpoints;
    const issuer = withoutTrailingSlash(options.issuerUrl);
    try {
      const response = await send(`${issuer}/.well-known/openid-configuration`, { method: 'GET' });
      if (response.status !== 200) throw new Error(`discovery answered ${response.status}`);
      const document = discoverySchema.parse(await response.json());
      // The document must describe the configured issuer (OpenID Connect Discovery 1.0, section 4.3).
      if (withoutTrailingSlash(document.issuer) !== issuer) throw new Error(`issuer mismatch: ${document.issuer}`);
      cached = {
        endpoints: {
          issuer: document.issuer,
          authorizationEndpoint: document.authorization_endpoint,
          tokenEndpoint: document.token_endpoint,
          jwksUri: document.jwks_uri,
        },
        at: Date.now(),
      };
      return cached.endpoints;
    } catch (error) {
      log.warn({ err: error, issuer }, 'OIDC discovery failed');
      throw unavailable();
    }
  }

  function keySet(jwksUri: string): JWTVerifyGetKey {
    let keys = keySets.get(jwksUri);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(jwksUri), {
        timeoutDuration: HTTP_TIMEOUT_MS,
        [customFetch]: (url, init) => options.fetch(url, init),
      });
      keySets.set(jwksUri, keys);
    }
    return keys;
  }

  return {
    async authorizationUrl(request) {
      const { authorizationEndpoint } = await endpoints();
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: request.redirectUri,
        scope: SCOPE,
        state: request.state,
        nonce: request.nonce,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
        connection: request.connection,
      });
      if (request.locale) query.set('ui_locales', request.locale);
      return `${authorizationEndpoint}${authorizationEndpoint.includes('?') ? '&' : '?'}${query.toString()}`;
    },

    async signIn(request) {
      const { issuer, tokenEndpoint, jwksUri } = await endpoints();
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code: request.code,
        redirect_uri: request.redirectUri,
        client_id: clientId,
        client_secret: clientSecret,
        code_verifier: request.codeVerifier,
      });
      let response: Response;
      try {
        response = await send(tokenEndpoint, { method: 'POST', body: form.toString() });
      } catch (error) {
        log.warn({ err: error }, 'OIDC token request failed');
        throw unavailable();
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (response.status !== 200) {
        const error = tokenErrorSchema.safeParse(body);
        log.warn({ status: response.status, error: error.success ? error.data.error : undefined }, 'OIDC code refused');
        // invalid_grant: the code was used, expired or issued for another verifier/redirect.
        if (error.success && error.data.error === 'invalid_grant') throw refused();
        throw unavailable();
      }
      const tokens = tokenResponseSchema.safeParse(body);
      if (!tokens.success) {
        log.warn({}, 'OIDC token response without an ID token');
        throw unavailable();
      }

      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(tokens.data.id_token, keySet(jwksUri), {
          issuer,
          audience: clientId,
          algorithms: ALGORITHMS,
          clockTolerance: 60,
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) {
          log.warn({ err: error }, 'OIDC ID token refused');
          throw refused();
        }
        log.warn({ err: error }, 'OIDC keys unavailable');
        throw unavailable();
      }
      const claims = idTokenClaimsSchema.safeParse(payload);
      if (!claims.success || claims.data.nonce !== request.nonce) {
        log.warn({}, 'OIDC ID token with unexpected claims or nonce');
        throw refused();
      }
      const aud = (payload as { aud?: unknown }).aud;
      // With several audiences the token must have been issued to us (OpenID Connect Core 1.0, section 3.1.3.7).
      if (Array.isArray(aud) && aud.length > 1 && claims.data.azp !== clientId) throw refused();
      const given = claims.data.email?.trim();
      // Only a plausible address is kept (the players table checks the same shape).
      const email = given && /^[^\s@]+@[^\s@]+$/.test(given) ? given : null;
      return {
        subject: claims.data.sub,
        email,
        emailVerified: email !== null && claims.data.email_verified === true,
        name: claims.data.name ?? null,
        givenName: claims.data.given_name ?? null,
        familyName: claims.data.family_name ?? null,
        nickname: claims.data.nickname ?? null,
      };
    },
  };
}
