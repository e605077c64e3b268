import { levelsQuerySchema, loyaltyLevelSchema, pagedEnvelope } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RetentionService } from './service';

/** The ladder changes rarely and is the same for everyone. */
const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600';

export const retentionRoutes: FastifyPluginAsyncZod<{ retention: RetentionService }> = async (app, { retention }) => {
  app.get(
    '/api/retention/levels',
    {
      schema: {
        tags: ['retention'],
        summary: 'Loyalty levels: rank (order), points threshold, perk ids and badge artwork',
        querystring: levelsQuerySchema,
        response: { 200: pagedEnvelope(loyaltyLevelSchema) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', PUBLIC_CACHE);
      return retention.listLevels(request.query);
    },
  );
};
