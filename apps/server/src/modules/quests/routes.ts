import { questAdminEndpoints, questEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import { playerOf, type AuthGuards } from '../auth';
import { hasAdminKey } from '../payments';
import type { Quests } from './service';

const tags = ['quests'];

/** The player's quests: the offer, their own quests, activation and cancelling. */
export const questRoutes: FastifyPluginAsyncZod<{ quests: Quests; guards: AuthGuards }> = async (
  app,
  { quests, guards },
) => {
  allowEmptyJsonBodies(app);
  app.addHook('onRequest', guards.requirePlayer);
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  route(
    app,
    questEndpoints.listQuests,
    {
      tags,
      summary: 'Quests the player can start now',
      description:
        'Enabled quests inside their window that the player is not running and has not completed (state 1). ' +
        '`currency` narrows the tasks’ per-currency overrides (`conditions.currencies`, always an array) to it.',
    },
    async (request) => quests.available(playerOf(request).id, request.query),
  );

  route(
    app,
    questEndpoints.listPlayerQuests,
    {
      tags,
      summary: 'The player’s quests by state, newest first',
      description:
        '`state[]`: 2 active, 3 or 4 completed, 5 or 6 expired (all of them when absent); cancelled quests are not ' +
        'listed. `id` is the player quest’s id (the one to cancel); task progress is live over ' +
        '`retention:quests#{playerId}`. In a sequential quest (`taskExecutionOrder` 2) only the task with ' +
        '`isActive` counts.',
    },
    async (request) => quests.playerQuests(playerOf(request).id, request.query),
  );

  route(
    app,
    questEndpoints.activateQuest,
    {
      tags,
      summary: 'Starts a quest',
      description:
        'Answers the player quest (state 2); `quest.updated` follows on the player’s channel. Activity from before ' +
        'the activation does not count. 404 for an unknown or disabled quest; 409 outside the quest’s window or ' +
        'when the player is running it or has completed it.',
    },
    async (request) => ({ data: await quests.activate(playerOf(request).id, request.params.questId) }),
  );

  route(
    app,
    questEndpoints.cancelPlayerQuest,
    {
      tags,
      summary: 'Cancels a running quest',
      description:
        'The quest becomes available again (state 1 in the answer and in `quest.updated`); its progress is dropped. ' +
        '404 when the player quest is not the caller’s; 409 when it is not running.',
    },
    async (request) => ({ data: await quests.cancel(playerOf(request).id, request.params.playerQuestId) }),
  );
};

/** The operator's quest definitions (`X-Admin-Key`). */
export const questAdminRoutes: FastifyPluginAsyncZod<{ quests: Quests; adminApiKey: string | undefined }> = async (
  app,
  { quests, adminApiKey },
) => {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!hasAdminKey(request, adminApiKey)) throw new AppError('UNAUTHENTICATED', 'A valid X-Admin-Key is required.');
  });

  const description =
    'Tasks: type 2 profile fields (`fields`; quantity at most their number), 3 win (`games`, `multiplier`, ' +
    '`maxMultiplier`, `minPayout`, `maxPayout`), 4 bet (`games`, `spinAmount`, `maxSpinAmount`), 6 deposit ' +
    '(`minAmount`, `maxAmount`); amounts in major units, `currencies` overrides per currency. Rewards: type 1 a ' +
    'catalogue bonus (`bonusId`, granted in `isoCode`), 2 loyalty points (`amount`), 3 wheel spins (granted by ' +
    'the wheels from the completion). `taskExecutionOrder` 1 any order, 2 sequential by `executionOrder`.';

  route(
    app,
    questAdminEndpoints.createQuest,
    { tags: ['admin'], summary: 'Operator: defines a quest', description },
    async (request) => ({ data: await quests.create(request.body) }),
  );

  route(
    app,
    questAdminEndpoints.updateQuest,
    {
      tags: ['admin'],
      summary: 'Operator: changes a quest',
      description: `${description} The tasks can change only while no player has activated the quest (409).`,
    },
    async (request) => ({ data: await quests.update(request.params.questId, request.body) }),
  );
};
