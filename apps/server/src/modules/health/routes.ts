import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
});

/**
 * Liveness (`/api/health`: the process answers) and readiness (`/api/health/ready`: the
 * database answers and the process is not shutting down) for load balancers.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; isShuttingDown: () => boolean }> = async (
  app,
  { db, isShuttingDown },
) => {
  app.get('/api/health', { schema: { tags: ['health'], response: { 200: healthSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, checks: {} };
  });

  app.get(
    '/api/health/ready',
    { schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } },
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
