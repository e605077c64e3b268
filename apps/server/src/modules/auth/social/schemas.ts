import { z } from 'zod';

/**
 * The request schemas of the social sign-in routes are the contract's (`sessionEndpoints`,
 * `auth/social.ts` there); what stays here is read by the service only.
 */

/** The broker's callback: an authorization code (errors are handled before this). */
export const brokerCallbackQuerySchema = z.looseObject({
  code: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .refine((text) => text.length <= 2048, { error: 'maxLength', params: { max: 2048 } }),
});
