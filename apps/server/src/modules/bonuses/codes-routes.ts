import { bonusCodeAdminEndpoints, bonusCodeEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import type { AuthGuards } from '../auth';
import { playerOf } from '../auth';
import { hasAdminKey } from '../payments';
import type { BonusCodes } from './codes';

const tags = ['bonuses'];

/** The player's bonus codes: list, enter, remove the one waiting for a deposit. */
export const bonusCodeRoutes: FastifyPluginAsyncZod<{ codes: BonusCodes; guards: AuthGuards }> = async (
  app,
  { codes, guards },
) => {
  app.addHook('onRequest', guards.requirePlayer);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  route(
    app,
    bonusCodeEndpoints.listBonusCodes,
    {
      tags,
      summary: "The player's codes in force: the one waiting for a deposit first, then wallet codes that gave a bonus",
      description:
        '`trigger=3` answers the code waiting for the next deposit (none or one); `trigger=1` the wallet codes ' +
        'that gave a bonus, newest first. Result 1 waiting, 2 bonus given.',
    },
    async (request) => ({ data: await codes.list(playerOf(request).id, request.query.trigger) }),
  );

  route(
    app,
    bonusCodeEndpoints.enterBonusCode,
    {
      tags,
      summary: 'Enters a bonus code: status 2 applied, 3 incorrect, 4 not available (all answers, not errors)',
      description:
        'Trigger 1 gives the bonus now (issued, to activate); a bonus with deposit bounds is given with a deposit ' +
        'only (status 4 here). Trigger 3 keeps the code until the next credited deposit that names no bonus ' +
        '(result 1), replacing a code already waiting. Statuses 3 and 4 are also published on ' +
        '`bonus:player-bonus-codes#{playerId}`. 400 code 5 after too many incorrect codes (5 in 15 minutes).',
    },
    async (request) => ({
      data: await codes.enter(playerOf(request).id, request.body.bonusCode, request.body.trigger),
    }),
  );

  route(
    app,
    bonusCodeEndpoints.removeBonusCode,
    {
      tags,
      summary: 'Removes the code waiting for a deposit (JSON body `playerBonusCodeId`)',
      description:
        'Answers the code with result 3 (removed); again, the same. 404 for an id that is not one of the ' +
        'player’s codes, 409 for a code that is not waiting.',
    },
    async (request) => ({ data: await codes.remove(playerOf(request).id, request.body.playerBonusCodeId) }),
  );
};

/** The operator's bonus codes (`X-Admin-Key`). */
export const bonusCodeAdminRoutes: FastifyPluginAsyncZod<{
  codes: BonusCodes;
  adminApiKey: string | undefined;
}> = async (app, { codes, adminApiKey }) => {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!hasAdminKey(request, adminApiKey)) throw new AppError('UNAUTHENTICATED', 'A valid X-Admin-Key is required.');
  });
  const adminTags = ['admin'];

  route(
    app,
    bonusCodeAdminEndpoints.listAdminBonusCodes,
    { tags: adminTags, summary: 'Operator: the bonus codes, with their uses' },
    async () => ({ data: await codes.listAdmin() }),
  );
  route(
    app,
    bonusCodeAdminEndpoints.createBonusCode,
    {
      tags: adminTags,
      summary: 'Operator: adds a bonus code',
      description:
        'The code is unique without regard to case (409 when taken). Its bonus must have the trigger `code` ' +
        '(or `registration`: such a code works at sign-up only). A bonus with deposit bounds makes it a deposit code.',
    },
    async (request, reply) => reply.code(201).send({ data: await codes.create(request.body) }),
  );
  route(
    app,
    bonusCodeAdminEndpoints.updateBonusCode,
    {
      tags: adminTags,
      summary: 'Operator: changes a bonus code (status 2 pauses it)',
      description: 'A cap below the uses so far is refused (422).',
    },
    async (request) => ({ data: await codes.update(request.params.id, request.body) }),
  );
};
