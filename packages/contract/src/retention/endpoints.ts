import { pagedEnvelope } from '../common/envelope';
import { defineEndpoint } from '../common/endpoint';
import { levelsQuerySchema, loyaltyLevelSchema } from './schemas';

export const retentionEndpoints = {
  listLevels: defineEndpoint({
    method: 'GET',
    path: '/api/retention/levels',
    access: 'guest',
    query: levelsQuerySchema,
    response: pagedEnvelope(loyaltyLevelSchema),
  }),
};
