import { limitEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import { playerOf, type AuthGuards } from '../auth';
import type { Limits } from './service';

const tags = ['limits'];

/** The player's responsible-gaming limits (docs/player-protection.md, "Limits"). */
export const limitRoutes: FastifyPluginAsyncZod<{ limits: Limits; guards: AuthGuards }> = async (
  app,
  { limits, guards },
) => {
  // DELETE and the return request have no body: clients may still send a JSON content type.
  allowEmptyJsonBodies(app);
  app.addHook('onRequest', guards.requirePlayer);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  route(
    app,
    limitEndpoints.listLimits,
    {
      tags,
      summary: "The player's limits: bet, loss and deposit limits with what the running period used, and breaks",
      description:
        'Amounts in major units. `currentAmount`: stakes (bet limit), stakes minus wins (loss limit, never below 0 ' +
        'on the wire) or deposits credited or under way (deposit limit) in the running UTC period (day, week from ' +
        'Monday, month); `periodEndsAt` is when it resets. A pending increase (`pendingExist`, `pendingAmount`) or ' +
        'removal (`cancelProcess`) takes effect at `expiredAt`. Cooling-off (5) and self-exclusion (4) end at ' +
        '`expiredAt` (null: permanent).',
    },
    async (request) => ({ data: await limits.list(playerOf(request).id) }),
  );

  route(
    app,
    limitEndpoints.createLimit,
    {
      tags,
      summary: 'Sets a limit: bet, loss or deposit (per currency and period), a cooling-off or a self-exclusion',
      description:
        'Cash limits need `period` (daily, weekly, monthly), `currency` (one of the player’s accounts) and `amount` ' +
        '(major units); one per definition, period and currency (422 otherwise). A new limit applies at once and ' +
        'counts what the running period has used already. Cooling-off and self-exclusion need `period` (ids of ' +
        'the settings constants), apply at once, end every session of the player and cannot be shortened.',
    },
    async (request) => ({ data: await limits.create(playerOf(request).id, request.body) }),
  );

  route(
    app,
    limitEndpoints.updateLimit,
    {
      tags,
      summary: "Changes a limit's amount (cash limits) or period (cooling-off, longer only)",
      description:
        'A lower amount applies at once (and drops a pending increase); a higher one takes effect after 24 hours ' +
        '(`pendingExist`). A limit being removed cannot be changed (422). 404 for another player’s limit.',
    },
    async (request) => ({
      data: await limits.update(playerOf(request).id, request.params.limitId, request.body),
    }),
  );

  route(
    app,
    limitEndpoints.deleteLimit,
    {
      tags,
      summary: 'Removes a cash limit after 24 hours; cooling-off and self-exclusion cannot be removed',
      description: 'The limit stays in force until `expiredAt` (`cancelProcess` meanwhile). 404 for another player’s.',
    },
    async (request) => ({ data: await limits.remove(playerOf(request).id, request.params.limitId) }),
  );

  route(
    app,
    limitEndpoints.requestReturn,
    {
      tags,
      summary: 'After a self-exclusion ended: asks to play again; play resumes 24 hours later',
      description: '422 while the exclusion runs, for a permanent one and for other limits.',
    },
    async (request) => ({ data: await limits.requestReturn(playerOf(request).id, request.params.limitId) }),
  );
};
