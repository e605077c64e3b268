import { realtimeDevEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import type { RealtimeEvents } from './after-commit';
import { encodeEvent, InvalidRealtimeEventError, type EncodedEvent } from './bus';
import type { Gateway } from './gateway';

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
  route(
    app,
    realtimeDevEndpoints.publish,
    {
      tags: ['dev'],
      summary: 'Development only: publish realtime events ({ channel, data } or { publications: [...] })',
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

  route(
    app,
    realtimeDevEndpoints.stats,
    {
      tags: ['dev'],
      summary:
        "Development only: this process's realtime connections, players and subscriptions, and its memory " +
        '(after a garbage collection when `gc=1` and node runs with --expose-gc)',
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
