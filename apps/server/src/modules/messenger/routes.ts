import { messengerAdminEndpoints, messengerEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import { playerOf, type AuthGuards } from '../auth';
import { hasAdminKey } from '../payments';
import type { Messenger } from './service';

const tags = ['messenger'];

/** The player's messages: the page, read, read all, delete. */
export const messengerRoutes: FastifyPluginAsyncZod<{ messenger: Messenger; guards: AuthGuards }> = async (
  app,
  { messenger, guards },
) => {
  allowEmptyJsonBodies(app);
  app.addHook('onRequest', guards.requirePlayer);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  route(
    app,
    messengerEndpoints.listMessages,
    {
      tags,
      summary: "The player's messages, newest first; `meta.totalUnread` counts unread ones over all pages",
    },
    async (request) => messenger.list(playerOf(request).id, request.query),
  );

  route(
    app,
    messengerEndpoints.readMessages,
    {
      tags,
      summary: 'Marks messages read; answers the unread count',
      description: '404 when an id is not one of the player’s messages (nothing is marked then).',
    },
    async (request) => ({ data: await messenger.read(playerOf(request).id, request.body.messageIds) }),
  );

  route(
    app,
    messengerEndpoints.readAllMessages,
    { tags, summary: 'Marks all the player’s messages read; answers the unread count (0)' },
    async (request) => ({ data: await messenger.readAll(playerOf(request).id) }),
  );

  route(
    app,
    messengerEndpoints.deleteMessages,
    {
      tags,
      summary: 'Deletes messages (ids in the JSON body); answers the unread count',
      description: '404 when none of the ids is one of the player’s messages; others’ ids are never touched.',
    },
    async (request) => ({ data: await messenger.remove(playerOf(request).id, request.body.messageIds) }),
  );
};

/** The operator's sends (`X-Admin-Key`). */
export const messengerAdminRoutes: FastifyPluginAsyncZod<{
  messenger: Messenger;
  adminApiKey: string | undefined;
}> = async (app, { messenger, adminApiKey }) => {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!hasAdminKey(request, adminApiKey)) throw new AppError('UNAUTHENTICATED', 'A valid X-Admin-Key is required.');
  });

  route(
    app,
    messengerAdminEndpoints.sendMessage,
    {
      tags: ['admin'],
      summary: 'Operator: sends a message to one player (`playerId`) or a segment; answers how many got it',
      description:
        'A segment matches players by `countries`, `currencies` and registration days (`registeredFrom`, ' +
        '`registeredTo`, UTC, inclusive); every given filter must match. Marketing messages (the default) skip ' +
        'self-excluded and cooling-off players (status 4); closed accounts never get one. Each recipient gets ' +
        '`message.received` on `messenger:notifications#{playerId}` after the commit.',
    },
    async (request) => ({ data: await messenger.send(request.body) }),
  );
};
