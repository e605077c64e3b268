import {
  stakeLimitBodySchema,
  stakeLimitParamsSchema,
  stakeLimitResponseSchema,
  stakeLimitsResponseSchema,
} from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { GamesService } from '../games';
import { hasAdminKey } from '../payments';
import type { StakeLimits } from './stake-limits';

/**
 * The operator's game API (header `X-Admin-Key` = ADMIN_API_KEY): stake limits per game and
 * currency. Without a configured key every call is refused.
 */
export const gameAdminRoutes: FastifyPluginAsyncZod<{
  games: GamesService;
  stakeLimits: StakeLimits;
  adminApiKey: string | undefined;
}> = async (app, { games, stakeLimits, adminApiKey }) => {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!hasAdminKey(request, adminApiKey)) throw new AppError('UNAUTHENTICATED', 'A valid X-Admin-Key is required.');
  });
  const security = [{ adminKey: [] }];
  const tags = ['admin'];
  const gameIdOf = async (idOrIdentity: string) => (await games.getGame(idOrIdentity)).id;

  app.get(
    '/api/admin/games/:id/stake-limits',
    {
      schema: {
        tags,
        summary: "Operator: a game's stake limits per currency (major units)",
        security,
        params: z.object({ id: z.string().max(128) }),
        response: { 200: stakeLimitsResponseSchema },
      },
    },
    async (request) => ({ data: await stakeLimits.list(await gameIdOf(request.params.id)) }),
  );

  app.put(
    '/api/admin/games/:id/stake-limits/:currency',
    {
      schema: {
        tags,
        summary: "Operator: sets a game's minimum and maximum stake in a currency",
        description:
          'Bets outside them are refused with `BET_OUT_OF_LIMITS` (a 422 on the stake for the in-house games, whose ' +
          'frame shows the new bounds). Other server processes apply a change within 30 s.',
        security,
        params: stakeLimitParamsSchema,
        body: stakeLimitBodySchema,
        response: { 200: stakeLimitResponseSchema },
      },
    },
    async (request) => ({
      data: await stakeLimits.set(await gameIdOf(request.params.id), request.params.currency, request.body),
    }),
  );

  app.delete(
    '/api/admin/games/:id/stake-limits/:currency',
    {
      schema: {
        tags,
        summary: "Operator: removes a game's limits in a currency (the built-in ones apply again)",
        security,
        params: stakeLimitParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await stakeLimits.remove(await gameIdOf(request.params.id), request.params.currency);
      return reply.code(204).send(null);
    },
  );
};
