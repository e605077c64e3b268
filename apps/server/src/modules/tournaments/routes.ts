import { tournamentAdminEndpoints, tournamentEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import { playerOf, type AuthGuards } from '../auth';
import { hasAdminKey } from '../payments';
import type { Tournaments } from './service';

const tags = ['tournaments'];

/** The tournaments list, a tournament's page and joining. */
export const tournamentRoutes: FastifyPluginAsyncZod<{ tournaments: Tournaments; guards: AuthGuards }> = async (
  app,
  { tournaments, guards },
) => {
  allowEmptyJsonBodies(app);

  route(
    app,
    tournamentEndpoints.listTournaments,
    {
      tags,
      summary: 'Tournaments, newest start first',
      description:
        '`state[]` filters by the state the clock gives: 2 upcoming, 3 running, 4 ended (prizes being issued), ' +
        '5 completed (prizes issued); `identity[]` by identities.',
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return tournaments.list(request.query);
    },
  );

  route(
    app,
    tournamentEndpoints.getTournament,
    {
      tags,
      summary: 'A tournament (by id or identity) with its prizes and the top 50 of its leaderboard',
      description:
        'Signed in, `playerEntry` is present: the player’s points and place, or null when the player has no entry. ' +
        'A completed tournament’s prizes carry their winners (`entry`). Ties rank who reached the points first.',
      onRequest: guards.optionalPlayer,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return { data: await tournaments.detail(request.params.tournamentId, request.player?.id ?? null) };
    },
  );

  route(
    app,
    tournamentEndpoints.participate,
    {
      tags,
      summary: 'Joins a running tournament; answers the player’s entry',
      description:
        'Needed before rounds count when `confirmationRequired` is true; rounds played before joining do not count. ' +
        'Joining again changes nothing. 409 when the tournament is not running.',
      onRequest: guards.requirePlayer,
    },
    async (request) => ({
      data: await tournaments.participate(request.params.tournamentId, playerOf(request).id),
    }),
  );
};

/** The operator's definitions (`X-Admin-Key`). */
export const tournamentAdminRoutes: FastifyPluginAsyncZod<{
  tournaments: Tournaments;
  adminApiKey: string | undefined;
}> = async (app, { tournaments, adminApiKey }) => {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!hasAdminKey(request, adminApiKey)) throw new AppError('UNAUTHENTICATED', 'A valid X-Admin-Key is required.');
  });

  route(
    app,
    tournamentAdminEndpoints.createTournament,
    {
      tags: ['admin'],
      summary: 'Operator: defines a tournament',
      description:
        'Amounts are major units of each currency; `rate` is base-currency units per unit. `type`: 1 total wagered, ' +
        '2 biggest multiplier, 3 net win, 4 points per round. A prize’s `type`: 1 a catalogue bonus (`bonusId`, ' +
        'the default), 2 cash (`amounts` per currency, paid to the real balance), 3 free spins (`bonusId` of a ' +
        'free-spins bonus); each is given in the currency of the winner’s last scored round (cash without an ' +
        'amount in it stays awarded, unpaid, with the reason). `recurrence` `daily` or `weekly` makes a series: ' +
        'each occurrence is a tournament `{identity}-{yyyy-mm-dd}` of its start (UTC), the next one made at the ' +
        'start of the one before. The finish job is enqueued for the end.',
    },
    async (request) => ({ data: await tournaments.create(request.body) }),
  );

  route(
    app,
    tournamentAdminEndpoints.stopTournamentRecurrence,
    {
      tags: ['admin'],
      summary: 'Operator: stops a tournament’s series',
      description:
        'By the id or identity of any occurrence: no occurrence is made after this call; the ones made run and ' +
        'finish as defined, and answer `recurrence` null. 409 when the tournament is not recurring.',
    },
    async (request) => ({ data: await tournaments.stopRecurrence(request.params.tournamentId) }),
  );
};
