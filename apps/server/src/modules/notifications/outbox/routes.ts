import { notificationEndpoints, OUTBOX_CHANNELS, queryInt } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../../http/endpoint';
import { OUTBOX_PAGE_CSP, renderOutboxPage } from './page';
import type { OutboxService } from './service';

/** Messages per page of the HTML outbox. */
const PAGE_SIZE = 50;

/**
 * The page's filter form sends empty fields: they mean "any". A recipient typed as a
 * phone number (`+49 151 …`) is matched as the stored digits.
 */
const outboxPageQuerySchema = z.object({
  channel: z
    .union([z.enum(OUTBOX_CHANNELS), z.literal('')])
    .optional()
    .transform((value) => value || undefined),
  to: z
    .string()
    .trim()
    .max(254)
    .optional()
    .transform((value) => {
      if (!value) return undefined;
      return /^\+?[\d\s()-]+$/.test(value) ? value.replace(/\D/g, '') || undefined : value;
    }),
  page: queryInt.min(1).max(10_000).default(1),
});

/**
 * The dev outbox, read-only. Registered outside production only (there the paths are
 * 404): it shows every e-mail and SMS the sandboxes "sent", codes and links included.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ outbox: OutboxService }> = async (app, { outbox }) => {
  route(
    app,
    notificationEndpoints.devOutbox,
    {
      tags: ['dev'],
      summary: 'Development only: messages the e-mail and SMS sandboxes stored, newest first',
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { page, perPage, channel, to } = request.query;
      return outbox.list({ page, perPage, channel, recipient: to });
    },
  );

  route(
    app,
    notificationEndpoints.devOutboxMessage,
    {
      tags: ['dev'],
      summary: 'Development only: one stored message',
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await outbox.get(request.params.id) };
    },
  );

  // The same messages as a page for people (codes and links picked out, clickable).
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: the outbox as an HTML page (filters: channel, to, page)',
        querystring: outboxPageQuerySchema,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const { channel, to, page } = request.query;
      const { data, meta } = await outbox.list({ page, perPage: PAGE_SIZE, channel, recipient: to });
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', OUTBOX_PAGE_CSP)
        .type('text/html; charset=utf-8')
        .send(renderOutboxPage({ messages: data, meta, filter: { channel, to } }));
    },
  );
};
