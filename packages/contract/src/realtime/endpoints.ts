import { z } from 'zod';
import { dataEnvelope } from '../common/envelope';
import { defineEndpoint } from '../common/endpoint';

/**
 * The realtime gateway's development controls (outside production only). The websocket
 * itself (REALTIME_PATH) is not a request/response endpoint: its messages are the
 * realtime protocol (protocol.ts).
 */

const publicationSchema = z.object({ channel: z.string().min(1).max(255), data: z.record(z.string(), z.unknown()) });

export const realtimeDevEndpoints = {
  /** Publishes events as a service would, after a commit; each is checked against the contract. */
  publish: defineEndpoint({
    method: 'POST',
    path: '/api/dev/realtime/publish',
    access: 'dev',
    body: z.union([publicationSchema, z.object({ publications: z.array(publicationSchema).min(1).max(5000) })]),
    response: dataEnvelope(z.object({ published: z.number().int() })),
  }),
  stats: defineEndpoint({
    method: 'GET',
    path: '/api/dev/realtime/stats',
    access: 'dev',
    query: z.object({ gc: z.enum(['0', '1']).optional() }),
    response: dataEnvelope(
      z.object({
        connections: z.number(),
        players: z.number(),
        subscriptions: z.number(),
        memory: z.object({ rss: z.number(), heapUsed: z.number(), external: z.number() }),
      }),
    ),
  }),
};
