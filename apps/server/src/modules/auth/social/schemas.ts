import { CLIENT_TAG_MAX_LENGTH, clearableText, optionalLocale } from '@croupier/contract';
import { z } from 'zod';
import { clientStateSchema } from './state';

/** Ids of broker connections and direct providers (content `socialAuth`): `google-oauth2`, `telegram`. */
export const connectionIdSchema = z.string({ error: 'required' }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'invalid' });

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
 * text values under plain names. The provider-specific checks come in the service.
 */
export const providerParamsSchema = z
  .record(
    z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, { error: 'invalid' }),
    z.string({ error: 'invalid' }).refine((text) => text.length <= 4096, { error: 'maxLength', params: { max: 4096 } }),
    { error: 'invalid' },
  )
  .refine((value) => Object.keys(value).length <= 24, { error: 'invalid' });

/** The broker's callback: an authorization code (errors are handled before this). */
export const brokerCallbackQuerySchema = z.looseObject({
  code: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .refine((text) => text.length <= 2048, { error: 'maxLength', params: { max: 2048 } }),
});

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
