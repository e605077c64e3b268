import { wheelAdminEndpoints, wheelEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import { playerOf, type AuthGuards } from '../auth';
import { hasAdminKey } from '../payments';
import type { Wheels } from './service';

const tags = ['wheels'];

/** The wheels, a spin and the player's draws. */
export const wheelRoutes: FastifyPluginAsyncZod<{ wheels: Wheels; guards: AuthGuards }> = async (
  app,
  { wheels, guards },
) => {
  allowEmptyJsonBodies(app);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  route(
    app,
    wheelEndpoints.listWheels,
    {
      tags,
      summary: 'Prize wheels running (state 3) or scheduled (state 2), with the player’s spins when signed in',
      description:
        'Signed in, the day’s daily spins are granted on the first look of each UTC day (one transaction, ' +
        'once per day however many requests race). `playerSpins` lists spins that may be used now, first to ' +
        'expire first, each with `serverSeedHash`, the SHA-256 of its server seed; `limitRefreshAt` is set ' +
        'while the wheel’s period limit is reached (no spins are offered until then).',
      onRequest: guards.optionalPlayer,
    },
    async (request) => wheels.list(request.player?.id ?? null, request.query),
  );

  route(
    app,
    wheelEndpoints.spin,
    {
      tags,
      summary: 'Uses one of the player’s spins: answers the winning sector and the draw to verify',
      description:
        'The optional body `{ clientSeed }` is mixed into the draw (else the server makes one). The sector is ' +
        'drawn from HMAC-SHA256(serverSeed, "{clientSeed}:0:{cursor}") by rejection sampling over the integer ' +
        'weights; `draw.serverSeed` is revealed at once (each spin has its own seed). Error 10003 when the ' +
        'player’s spins have expired, 16101 with no spins, 16102 while the period limit is reached, 16103 ' +
        'when the wheel is not running. A sector’s bonus is given in the active account’s currency.',
      onRequest: guards.requirePlayer,
    },
    async (request) => ({
      data: await wheels.spin(playerOf(request).id, request.params.wheelId, request.body?.clientSeed),
    }),
  );

  route(
    app,
    wheelEndpoints.listDraws,
    {
      tags,
      summary: 'The player’s spins of a wheel with their revealed seeds, newest first',
      onRequest: guards.requirePlayer,
    },
    async (request) => wheels.draws(playerOf(request).id, request.params.wheelId, request.query),
  );
};

/** The operator's wheels, rules and manual spins (`X-Admin-Key`). */
export const wheelAdminRoutes: FastifyPluginAsyncZod<{ wheels: Wheels; adminApiKey: string | undefined }> = async (
  app,
  { wheels, adminApiKey },
) => {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!hasAdminKey(request, adminApiKey)) throw new AppError('UNAUTHENTICATED', 'A valid X-Admin-Key is required.');
  });

  route(
    app,
    wheelAdminEndpoints.listWheels,
    { tags: ['admin'], summary: 'Operator: every wheel with its rules' },
    async () => ({
      data: await wheels.listAdmin(),
    }),
  );

  route(
    app,
    wheelAdminEndpoints.createWheel,
    {
      tags: ['admin'],
      summary: 'Operator: creates a wheel with its sectors (integer weights, a bonus or no prize each)',
      description: 'A sector is drawn with probability weight / sum of weights. `limitSpins` per `limitPeriod` (UTC).',
    },
    async (request) => ({ data: await wheels.createWheel(request.body) }),
  );

  route(
    app,
    wheelAdminEndpoints.createRule,
    {
      tags: ['admin'],
      summary: 'Operator: adds a spin rule (daily, per loyalty level, per quest)',
      description:
        '`targetId` names the level or quest (null: any). Spins last `expireAfterSeconds`; without it daily ' +
        'spins end with their UTC day and the others never expire.',
    },
    async (request) => ({ data: await wheels.createRule(request.params.wheelId, request.body) }),
  );

  route(
    app,
    wheelAdminEndpoints.grantSpins,
    {
      tags: ['admin'],
      summary: 'Operator: gives a player spins by hand; the same `key` gives nothing again',
    },
    async (request) => ({ data: await wheels.grantSpins(request.params.wheelId, request.body) }),
  );
};
