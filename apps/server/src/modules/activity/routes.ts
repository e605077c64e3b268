import { activityEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import type { Activity } from './service';

/**
 * Development only (not registered in production): the consumers' positions and lag, for the
 * benchmark and a developer; and a drain that handles everything committed so far.
 */
export const devActivityRoutes: FastifyPluginAsyncZod<{ activity: Activity }> = async (app, { activity }) => {
  route(
    app,
    activityEndpoints.stats,
    {
      tags: ['dev'],
      summary:
        "Development only: each activity consumer's count and failures, and this process's lag from a record's " +
        'write to the commit that handled it (p50, p99, max ms); `reset=1` clears the lag samples after reading',
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const [rows, stats] = [await activity.consumers(), activity.stats()];
      if (request.query.reset === '1') activity.resetStats();
      return {
        data: {
          consumers: stats.map((stat) => {
            const row = rows.find((r) => r.name === stat.name);
            return {
              ...stat,
              handledCount: Number(row?.handled_count ?? 0n),
              failures: row?.failures ?? 0,
              lastError: row?.last_error ?? null,
            };
          }),
        },
      };
    },
  );

  route(
    app,
    activityEndpoints.drain,
    { tags: ['dev'], summary: 'Development only: handle every committed activity record now, for every consumer' },
    async () => ({ data: { handled: await activity.drain() } }),
  );
};
