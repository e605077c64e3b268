import { gameAdminEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
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
  const tags = ['admin'];
  const gameIdOf = async (idOrIdentity: string) => (await games.getGame(idOrIdentity)).id;

  route(
    app,
    gameAdminEndpoints.listStakeLimits,
    {
      tags,
      summary: "Operator: a game's stake limits per currency (major units)",
    },
    async (request) => ({ data: await stakeLimits.list(await gameIdOf(request.params.id)) }),
  );

  route(
    app,
    gameAdminEndpoints.setStakeLimit,
    {
      tags,
      summary: "Operator: sets a game's minimum and maximum stake in a currency",
      description:
        'Bets outside them are refused with `BET_OUT_OF_LIMITS` (a 422 on the stake for the in-house games, whose ' +
        'frame shows the new bounds). Other server processes apply a change within 30 s.',
    },
    async (request) => ({
      data: await stakeLimits.set(await gameIdOf(request.params.id), request.params.currency, request.body),
    }),
  );

  route(
    app,
    gameAdminEndpoints.removeStakeLimit,
    {
      tags,
      summary: "Operator: removes a game's limits in a currency (the built-in ones apply again)",
    },
    async (request, reply) => {
      await stakeLimits.remove(await gameIdOf(request.params.id), request.params.currency);
      return reply.code(204).send(null);
    },
  );
};
