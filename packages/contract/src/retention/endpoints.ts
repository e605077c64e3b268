import { dataEnvelope, pagedEnvelope } from '../common/envelope';
import { defineEndpoint } from '../common/endpoint';
import { loyaltyAccountSchema } from '../realtime/entities';
import {
  levelsQuerySchema,
  loyaltyContributionBodySchema,
  loyaltyCurrencyParamsSchema,
  loyaltyLevelParamsSchema,
  loyaltyLevelRewardBodySchema,
  loyaltyLevelSchema,
  loyaltyRateBodySchema,
  loyaltySettingsSchema,
} from './schemas';

export const retentionEndpoints = {
  listLevels: defineEndpoint({
    method: 'GET',
    path: '/api/retention/levels',
    access: 'guest',
    query: levelsQuerySchema,
    response: pagedEnvelope(loyaltyLevelSchema),
  }),
  account: defineEndpoint({
    method: 'GET',
    path: '/api/retention/account',
    access: 'player',
    response: dataEnvelope(loyaltyAccountSchema),
  }),
};

/** The operator's loyalty configuration (`X-Admin-Key`). */
export const retentionAdminEndpoints = {
  loyaltySettings: defineEndpoint({
    method: 'GET',
    path: '/api/admin/retention/loyalty',
    access: 'operator',
    response: dataEnvelope(loyaltySettingsSchema),
  }),
  setLoyaltyRate: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/retention/loyalty/rates/:currency',
    access: 'operator',
    params: loyaltyCurrencyParamsSchema,
    body: loyaltyRateBodySchema,
    response: dataEnvelope(loyaltySettingsSchema),
  }),
  setLoyaltyContribution: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/retention/loyalty/contributions',
    access: 'operator',
    body: loyaltyContributionBodySchema,
    response: dataEnvelope(loyaltySettingsSchema),
  }),
  setLoyaltyLevelReward: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/retention/loyalty/levels/:levelId/reward',
    access: 'operator',
    params: loyaltyLevelParamsSchema,
    body: loyaltyLevelRewardBodySchema,
    response: dataEnvelope(loyaltySettingsSchema),
  }),
};
