import { bonusCashbackEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import type { AuthGuards } from '../auth';
import { playerOf } from '../auth';
import type { CashbackService } from './cashback';

/** The cashback the player received. */
export const cashbackRoutes: FastifyPluginAsyncZod<{ cashback: CashbackService; guards: AuthGuards }> = async (
  app,
  { cashback, guards },
) => {
  app.addHook('onRequest', guards.requirePlayer);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  route(
    app,
    bonusCashbackEndpoints.listCashback,
    {
      tags: ['bonuses'],
      summary: 'The weekly cashback the player received in a currency, newest first',
      description:
        'Each week (Monday 00:00 UTC) a player who lost real money in games receives each cashback bonus of the ' +
        'catalogue as a bonus to activate: the net loss (bets less wins and rollbacks) × its percentage. ' +
        'A player blocked or self-excluded when the week is given out receives none for that week. ' +
        '`date` is when it was given. The week still running is not estimated.',
    },
    async (request) => ({ data: await cashback.list(playerOf(request).id, request.query.currency) }),
  );
};
