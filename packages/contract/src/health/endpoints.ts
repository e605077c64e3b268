import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';

/** The probes' answer (not enveloped: load balancers read `status`). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
});
export type Health = z.infer<typeof healthSchema>;

export const healthEndpoints = {
  /** Liveness: the process answers. */
  live: defineEndpoint({ method: 'GET', path: '/api/health', access: 'guest', response: healthSchema }),
  /** Readiness: the database answers and the process is not shutting down (else 503, same shape). */
  ready: defineEndpoint({ method: 'GET', path: '/api/health/ready', access: 'guest', response: healthSchema }),
};
