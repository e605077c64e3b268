import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope } from '../common/envelope';

/** One consumer of the activity stream: its position and this process's lag figures. */
export const activityConsumerStatsSchema = z.object({
  name: z.string(),
  /** Records handled since the consumer was created (every process). */
  handledCount: z.number(),
  failures: z.number(),
  lastError: z.string().nullable(),
  /** Lag from a record's write to the commit that handled it, over this process's recent batches. */
  samples: z.number(),
  p50Ms: z.number().nullable(),
  p99Ms: z.number().nullable(),
  maxMs: z.number().nullable(),
});

/** The activity stream's development view (not in production). */
export const activityEndpoints = {
  stats: defineEndpoint({
    method: 'GET',
    path: '/api/dev/activity/stats',
    access: 'dev',
    query: z.object({ reset: z.enum(['0', '1']).optional() }),
    response: dataEnvelope(z.object({ consumers: z.array(activityConsumerStatsSchema) })),
  }),
  drain: defineEndpoint({
    method: 'POST',
    path: '/api/dev/activity/drain',
    access: 'dev',
    response: dataEnvelope(z.object({ handled: z.record(z.string(), z.number()) })),
  }),
};
