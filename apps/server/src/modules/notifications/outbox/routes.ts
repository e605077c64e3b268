import { dataEnvelope, devOutboxMessageSchema, devOutboxQuerySchema, pagedEnvelope } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxService } from './service';

/**
 * The dev outbox, read-only. Registered outside production only (there the paths are
 * 404): it shows every e-mail and SMS the sandboxes "sent", codes and links included.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ outbox: OutboxService }> = async (app, { outbox }) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: messages the e-mail and SMS sandboxes stored, newest first',
        querystring: devOutboxQuerySchema,
        response: { 200: pagedEnvelope(devOutboxMessageSchema) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { page, perPage, channel, to } = request.query;
      return outbox.list({ page, perPage, channel, recipient: to });
    },
  );

  app.get(
    '/api/dev/outbox/:id',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: one stored message',
        params: z.object({ id: z.guid({ error: 'invalid' }) }),
        response: { 200: dataEnvelope(devOutboxMessageSchema) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await outbox.get(request.params.id) };
    },
  );
};
