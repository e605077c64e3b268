import { retentionEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import type { RetentionService } from './service';

/** The ladder changes rarely and is the same for everyone. */
const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600';

export const retentionRoutes: FastifyPluginAsyncZod<{ retention: RetentionService }> = async (app, { retention }) => {
  route(
    app,
    retentionEndpoints.listLevels,
    {
      tags: ['retention'],
      summary: 'Loyalty levels: rank (order), points threshold, perk ids and badge artwork',
    },
    async (request, reply) => {
      void reply.header('cache-control', PUBLIC_CACHE);
      return retention.listLevels(request.query);
    },
  );
};
