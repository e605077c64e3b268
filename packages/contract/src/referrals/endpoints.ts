import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope } from '../common/envelope';
import {
  referralAdminSettingsSchema,
  referralSettingsSchema,
  referralsPageSchema,
  referralsQuerySchema,
} from './schemas';

/** The player's side of the referral programme. */
export const referralEndpoints = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/player/referral-settings',
    access: 'player',
    response: dataEnvelope(referralSettingsSchema),
  }),
  listReferrals: defineEndpoint({
    method: 'GET',
    path: '/api/player/profile/referrals',
    access: 'player',
    query: referralsQuerySchema,
    response: referralsPageSchema,
  }),
};

/** The operator's settings (`X-Admin-Key`). */
export const referralAdminEndpoints = {
  getSettings: defineEndpoint({
    method: 'GET',
    path: '/api/admin/referral-settings',
    access: 'operator',
    response: dataEnvelope(referralAdminSettingsSchema),
  }),
  putSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/referral-settings',
    access: 'operator',
    body: referralAdminSettingsSchema,
    response: dataEnvelope(referralAdminSettingsSchema),
  }),
};
