import { bonusFreespinEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import type { AuthGuards } from '../auth';
import { playerOf } from '../auth';
import type { Freespins } from './freespins';

const tags = ['bonuses'];

/** The player's free spins: list, activation and cancellation. */
export const freespinRoutes: FastifyPluginAsyncZod<{ freespins: Freespins; guards: AuthGuards }> = async (
  app,
  { freespins, guards },
) => {
  // Activate and cancel are action calls: clients may send a JSON content type without a body.
  allowEmptyJsonBodies(app);
  app.addHook('onRequest', guards.requirePlayer);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  route(
    app,
    bonusFreespinEndpoints.listPlayerFreespins,
    {
      tags,
      summary: "The player's free spins, newest first (filters `status[]`, `currency[]`, `packageId[]`)",
      description:
        'Status 1 issued, 2 active, 3 finished; result 1 open, 2 played, 3 cancelled, 4 expired. `gameId` is the ' +
        'game’s catalogue identity; `betAmount` the stake of one spin; `wonAmount` what the spins played so far ' +
        'won, which becomes a bonus to wager (`winningsBonusId`) when the last spin is played or the spins expire.',
    },
    async (request) => freespins.list(playerOf(request).id, request.query),
  );

  route(
    app,
    bonusFreespinEndpoints.activatePlayerFreespin,
    {
      tags,
      summary: 'Activates issued free spins: their clock starts (they hold no money; others stay as they are)',
      description:
        '409 code 15001 when finished or when the time to activate has passed; 404 for an id that is not one of ' +
        'the player’s free spins.',
    },
    async (request) => ({ data: await freespins.activate(playerOf(request).id, request.params.id) }),
  );

  route(
    app,
    bonusFreespinEndpoints.cancelPlayerFreespin,
    {
      tags,
      summary: 'Cancels issued or active free spins; what they won so far is forfeited',
      description: '409 code 15001 when already finished; 404 for another player’s id.',
    },
    async (request) => ({ data: await freespins.cancel(playerOf(request).id, request.params.id) }),
  );
};
