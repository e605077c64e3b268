import { dataEnvelope } from '../common/envelope';
import { defineEndpoint } from '../common/endpoint';
import { profileSchema } from './model';
import { profileUpdateBodySchema } from './schemas';

/** Editing the profile: its body carries the field validation (phone numbers among it). */
export const profileEditEndpoints = {
  updateProfile: defineEndpoint({
    method: 'PUT',
    path: '/api/player/profile',
    access: 'player',
    body: profileUpdateBodySchema,
    response: dataEnvelope(profileSchema),
  }),
};
