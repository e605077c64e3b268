import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { connectionIdSchema } from './social';

/**
 * The development sandboxes of the identity providers (outside production only): a
 * stand-in OpenID Connect issuer and a stand-in Telegram login page. They speak the
 * providers' protocols (HTML pages, form posts, OpenID JSON), not this API's envelope,
 * so no answer schema is given here and the API description leaves them out.
 */

const authorizeShape = {
  response_type: z.literal('code', { error: 'invalid' }),
  client_id: z.string({ error: 'required' }).max(200),
  redirect_uri: z.url({ protocol: /^https?$/, error: 'url' }).max(2048),
  state: z.string({ error: 'required' }).max(4096),
  nonce: z.string({ error: 'required' }).min(1).max(128),
  code_challenge: z.string({ error: 'required' }).regex(/^[A-Za-z0-9_-]{43,128}$/, { error: 'invalid' }),
  code_challenge_method: z.literal('S256', { error: 'invalid' }),
  connection: connectionIdSchema,
  scope: z.string().max(200).optional(),
  ui_locales: z.string().max(64).optional(),
};
const optionalText = (max: number) => z.string().trim().max(max).optional();

/** The stand-in issuer's base path (its identifier is the site's address plus this). */
export const SANDBOX_OIDC_PATH = '/api/dev/oidc';
const SANDBOX_TELEGRAM_PATH = '/api/dev/telegram/login';

export const authSandboxEndpoints = {
  oidcDiscovery: defineEndpoint({
    method: 'GET',
    path: `${SANDBOX_OIDC_PATH}/.well-known/openid-configuration`,
    access: 'dev',
  }),
  oidcKeys: defineEndpoint({ method: 'GET', path: `${SANDBOX_OIDC_PATH}/jwks`, access: 'dev' }),
  /** The page where the tester types the identity the provider should report. */
  oidcAuthorizePage: defineEndpoint({
    method: 'GET',
    path: `${SANDBOX_OIDC_PATH}/authorize`,
    access: 'dev',
    query: z.object(authorizeShape),
  }),
  /** That page's form post: a 302 back to the web app with a code (or `access_denied`). */
  oidcAuthorize: defineEndpoint({
    method: 'POST',
    path: `${SANDBOX_OIDC_PATH}/authorize`,
    access: 'dev',
    body: z.object({
      ...authorizeShape,
      action: z.enum(['allow', 'deny'], { error: 'invalid' }),
      email: optionalText(254),
      name: optionalText(100),
      email_verified: z.literal('on').optional(),
      subject: optionalText(200),
    }),
  }),
  /** The token endpoint (form post, PKCE, client secret in the body or Basic). */
  oidcToken: defineEndpoint({
    method: 'POST',
    path: `${SANDBOX_OIDC_PATH}/token`,
    access: 'dev',
    body: z.object({
      grant_type: z.literal('authorization_code', { error: 'invalid' }),
      code: z.string().max(512),
      redirect_uri: z.string().max(2048),
      code_verifier: z.string().max(128),
      client_id: z.string().max(200).optional(),
      client_secret: z.string().max(500).optional(),
    }),
  }),
  telegramLoginPage: defineEndpoint({ method: 'GET', path: SANDBOX_TELEGRAM_PATH, access: 'dev' }),
  /** The page's form post: signs the identity with the bot token, a 302 to the auth URL. */
  telegramLogin: defineEndpoint({
    method: 'POST',
    path: SANDBOX_TELEGRAM_PATH,
    access: 'dev',
    body: z.object({
      id: z.string().regex(/^[1-9]\d{0,14}$/, { error: 'invalid' }),
      first_name: z.string().trim().min(1, { error: 'required' }).max(64),
      last_name: optionalText(64),
      username: z
        .string()
        .regex(/^[A-Za-z0-9_]{0,32}$/, { error: 'invalid' })
        .optional(),
    }),
  }),
};
