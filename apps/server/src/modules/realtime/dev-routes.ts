import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { RealtimeEvents } from './after-commit';
import { encodeEvent, InvalidRealtimeEventError, type EncodedEvent } from './bus';
import type { Gateway } from './gateway';

const publicationSchema = z.object({ channel: z.string().min(1).max(255), data: z.record(z.string(), z.unknown()) });
const bodySchema = z.union([
  publicationSchema,
  z.object({ publications: z.array(publicationSchema).min(1).max(5000) }),
]);

/**
 * Development only (not registered in production, like the dev outbox): publishes events
 * as a service would, after the commit of a transaction, so that a developer or the
 * benchmark can drive the gateway without the domain flows. Every event is checked
 * against the contract.
 */
export const devRealtimeRoutes: FastifyPluginAsyncZod<{ events: RealtimeEvents; gateway: Gateway }> = async (
  app,
  { events, gateway },
) => {
  app.post(
    '/api/dev/realtime/publish',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: publish realtime events ({ channel, data } or { publications: [...] })',
        body: bodySchema,
        response: { 200: z.object({ data: z.object({ published: z.number().int() }) }) },
      },
    },
    async (request) => {
      const publications = 'publications' in request.body ? request.body.publications : [request.body];
      const encoded: EncodedEvent[] = [];
      for (const [index, { channel, data }] of publications.entries()) {
        try {
          encoded.push(encodeEvent(channel, data));
        } catch (error) {
          if (!(error instanceof InvalidRealtimeEventError)) throw error;
          const key = 'publications' in request.body ? `publications.${index}` : 'data';
          throw AppError.validation({ [key]: [error.message] });
        }
      }
      await events.transaction(async (trx) => {
        for (const publication of encoded) events.publishEncodedAfterCommit(trx, publication);
      });
      return { data: { published: encoded.length } };
    },
  );

  app.get(
    '/api/dev/realtime/stats',
    {
      schema: {
        tags: ['dev'],
        summary:
          "Development only: this process's realtime connections, players and subscriptions, and its memory " +
          '(after a garbage collection when `gc=1` and node runs with --expose-gc)',
        querystring: z.object({ gc: z.enum(['0', '1']).optional() }),
        response: {
          200: z.object({
            data: z.object({
              connections: z.number(),
              players: z.number(),
              subscriptions: z.number(),
              memory: z.object({ rss: z.number(), heapUsed: z.number(), external: z.number() }),
            }),
          }),
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const gc = (globalThis as { gc?: () => void }).gc;
      if (request.query.gc === '1') gc?.();
      const { rss, heapUsed, external } = process.memoryUsage();
      return { data: { ...gateway.stats(), memory: { rss, heapUsed, external } } };
    },
  );
};
