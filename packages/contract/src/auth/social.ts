import { z } from 'zod';
import { CLIENT_TAG_MAX_LENGTH } from './schemas';
import { clearableText, optionalLocale } from '../profile/schemas';

/**
 * Requests of the social sign-in routes (`/api/player/sessions/social…`). The provider
 * checks themselves (hashes, tokens, the flow record) are the server's.
 */

/** Ids of broker connections and direct providers (content `socialAuth`): `google-oauth2`, `telegram`. */
export const connectionIdSchema = z.string({ error: 'required' }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'invalid' });

export const CLIENT_STATE_MAX_CHARS = 2048;
const STATE_VALUE_MAX_CHARS = 1024;
const STATE_MAX_KEYS = 8;

/**
 * The web app's `state`: JSON `{"backRoute": "…"}` (an object of short strings; other keys
 * are kept). It comes back unchanged on the callback, with the server's `flow` key added.
 */
export const clientStateSchema = z
  .string({ error: 'required' })
  .refine((text) => text.length <= CLIENT_STATE_MAX_CHARS, {
    error: 'maxLength',
    params: { max: CLIENT_STATE_MAX_CHARS },
    abort: true,
  })
  .transform((text, ctx): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'invalid', input: text });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/), z.string().max(STATE_VALUE_MAX_CHARS), {
        error: 'invalid',
      })
      .refine((value) => Object.keys(value).length <= STATE_MAX_KEYS, { error: 'invalid' }),
  );
export type ClientState = z.output<typeof clientStateSchema>;

/** `state` of the redirect routes (absent: nothing to come back to). */
const optionalClientState = z
  .string()
  .optional()
  .transform((value) => value ?? '{}')
  .pipe(clientStateSchema);

/** `GET /api/player/sessions/social/auth0/redirect`. */
export const brokerRedirectQuerySchema = z.object(
  { state: optionalClientState, connection: connectionIdSchema },
  { error: 'invalid' },
);

/** `GET /api/player/sessions/social/{provider}/redirect`. */
export const directRedirectParamsSchema = z.object({ provider: connectionIdSchema }, { error: 'invalid' });
export const directRedirectQuerySchema = z.object({ state: optionalClientState }, { error: 'invalid' });

/**
 * Whatever the provider put on the callback URL, as the web app forwards it: short
 * text values under plain names. The provider-specific checks come in the server.
 */
export const providerParamsSchema = z
  .record(
    z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, { error: 'invalid' }),
    z.string({ error: 'invalid' }).refine((text) => text.length <= 4096, { error: 'maxLength', params: { max: 4096 } }),
    { error: 'invalid' },
  )
  .refine((value) => Object.keys(value).length <= 24, { error: 'invalid' });

/** `POST /api/player/sessions/social` body. */
export const socialSignInBodySchema = z.object(
  {
    connection: connectionIdSchema,
    /** The same as `connection` in the reference client; accepted, not needed. */
    provider: connectionIdSchema.optional(),
    locale: optionalLocale,
    fingerprint: clearableText({ max: CLIENT_TAG_MAX_LENGTH }),
    affiliateTag: clearableText({ max: CLIENT_TAG_MAX_LENGTH }),
  },
  { error: 'invalid' },
);
export type SocialSignInBody = z.output<typeof socialSignInBodySchema>;
