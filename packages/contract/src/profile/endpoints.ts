import { z } from 'zod';
import { dataEnvelope, messageSchema } from '../common/envelope';
import { defineEndpoint } from '../common/endpoint';
import { fieldSchema, fieldsQuerySchema, profileSchema } from './model';

/**
 * Reading the profile and the field rules. Light on purpose (no field validation): the
 * web app reads them on every page; the edit is `profileEditEndpoints`.
 */
export const profileEndpoints = {
  /** The same for guests and players: no token is read. */
  listFields: defineEndpoint({
    method: 'GET',
    path: '/api/player/fields/validations',
    access: 'guest',
    query: fieldsQuerySchema,
    response: dataEnvelope(z.array(fieldSchema)),
  }),
  getProfile: defineEndpoint({
    method: 'GET',
    path: '/api/player/profile',
    access: 'player',
    response: dataEnvelope(profileSchema),
  }),
  resendEmailConfirmation: defineEndpoint({
    method: 'POST',
    path: '/api/player/profile/confirmations/email/resend',
    access: 'player',
    response: dataEnvelope(messageSchema),
  }),
};
