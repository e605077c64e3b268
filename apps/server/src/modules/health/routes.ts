import { healthEndpoints, healthSchema } from '@croupier/contract';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { route } from '../../http/endpoint';

/**
 * Liveness (`/api/health`: the process answers) and readiness (`/api/health/ready`: the
 * database answers and the process is not shutting down) for load balancers.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; isShuttingDown: () => boolean }> = async (
  app,
  { db, isShuttingDown },
) => {
  route(
    app,
    healthEndpoints.live,
    { tags: ['health'], summary: 'Liveness: the process answers' },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, checks: {} };
    },
  );

  route(
    app,
    healthEndpoints.ready,
    {
      tags: ['health'],
      summary: 'Readiness: the database answers and the process is not shutting down (else 503)',
      responses: { 503: healthSchema },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      let database: 'ok' | 'failed' = 'ok';
      try {
        await sql`select 1`.execute(db);
      } catch {
        database = 'failed';
      }
      const shuttingDown = isShuttingDown();
      const ok = database === 'ok' && !shuttingDown;
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'unavailable',
        checks: { database, accepting: shuttingDown ? 'failed' : 'ok' },
      });
    },
  );
};
