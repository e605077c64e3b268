import { defineEndpoint } from '../common/endpoint';
import { questSchema } from '../realtime/entities';
import { dataEnvelope, pagedEnvelope } from '../common/envelope';
import {
  playerQuestParamsSchema,
  playerQuestsQuerySchema,
  questBodySchema,
  questParamsSchema,
  questsQuerySchema,
  questUpdateBodySchema,
} from './schemas';

/** Quests (docs/quests.md). */
export const questEndpoints = {
  listQuests: defineEndpoint({
    method: 'GET',
    path: '/api/retention/quests',
    access: 'player',
    query: questsQuerySchema,
    response: pagedEnvelope(questSchema),
  }),
  listPlayerQuests: defineEndpoint({
    method: 'GET',
    path: '/api/retention/player-quests',
    access: 'player',
    query: playerQuestsQuerySchema,
    response: pagedEnvelope(questSchema),
  }),
  activateQuest: defineEndpoint({
    method: 'PUT',
    path: '/api/retention/quests/:questId/activate',
    access: 'player',
    params: questParamsSchema,
    response: dataEnvelope(questSchema),
  }),
  cancelPlayerQuest: defineEndpoint({
    method: 'PUT',
    path: '/api/retention/player-quests/:playerQuestId/cancel',
    access: 'player',
    params: playerQuestParamsSchema,
    response: dataEnvelope(questSchema),
  }),
};

/** The operator's quest definitions (`X-Admin-Key`). */
export const questAdminEndpoints = {
  createQuest: defineEndpoint({
    method: 'POST',
    path: '/api/admin/retention/quests',
    access: 'operator',
    body: questBodySchema,
    response: dataEnvelope(questSchema),
  }),
  updateQuest: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/retention/quests/:questId',
    access: 'operator',
    params: questParamsSchema,
    body: questUpdateBodySchema,
    response: dataEnvelope(questSchema),
  }),
};
