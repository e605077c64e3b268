import { bonusAdminEndpoints, bonusEndpoints, bonusPublicEndpoints, majorToMinor } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import type { AuthGuards } from '../auth';
import { playerOf } from '../auth';
import { hasAdminKey } from '../payments';
import type { Bonuses } from './service';

const tags = ['bonuses'];

/** The player's bonuses: offers, statuses, their own bonuses, activation and cancellation. */
export const bonusRoutes: FastifyPluginAsyncZod<{ bonuses: Bonuses; guards: AuthGuards }> = async (
  app,
  { bonuses, guards },
) => {
  // Activate and cancel are action calls: clients may send a JSON content type without a body.
  allowEmptyJsonBodies(app);
  app.addHook('onRequest', guards.requirePlayer);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  route(
    app,
    bonusEndpoints.listBonuses,
    {
      tags,
      summary: 'Deposit bonuses the player may get in a currency',
      description:
        'Offered, inside their availability window, under their per-player limit and, for a package, its next ' +
        'step. With `amount` (major units) only those whose deposit bounds fit it. `triggerType=11` answers the ' +
        'referral owner bonuses instead (trigger `referral`: what the player gets per qualified friend); other ' +
        'trigger types an empty list.',
    },
    async (request) => ({ data: await bonuses.available(playerOf(request).id, request.query) }),
  );

  route(
    app,
    bonusEndpoints.bonusStatuses,
    {
      tags,
      summary: 'Per bonus id: 1 already given to the player, 2 not available, 3 available',
    },
    async (request) => ({ data: await bonuses.statuses(playerOf(request).id, request.query) }),
  );

  route(
    app,
    bonusEndpoints.listPlayerBonuses,
    {
      tags,
      summary: "The player's bonuses, newest first (filters `status[]`, `currency[]`, `packageId[]`)",
      description:
        'Status 1 issued, 2 active, 3 finished; result 1 open, 2 played (converted), 3 cancelled, 4 expired, 5 lost. ' +
        '`requiredWager…Amount` is what is left to wager.',
    },
    async (request) => bonuses.listPlayerBonuses(playerOf(request).id, request.query),
  );

  route(
    app,
    bonusEndpoints.activatePlayerBonus,
    {
      tags,
      summary: 'Activates an issued bonus: its money goes to the bonus balance and the wager starts',
      description:
        'Another active bonus in the same currency is cancelled (its bonus balance forfeited) first; 409 code ' +
        '15002 when that one is locked and its wager has started, 409 code 15001 when this one is finished or its ' +
        'time to activate has passed. 404 for an id that is not one of the player’s bonuses.',
    },
    async (request) => ({ data: await bonuses.activate(playerOf(request).id, request.params.id) }),
  );

  route(
    app,
    bonusEndpoints.cancelPlayerBonus,
    {
      tags,
      summary: 'Cancels an issued or active bonus; an active one forfeits its bonus balance',
      description: '409 code 15002 when the bonus is locked and its wager has started; 15001 when already finished.',
    },
    async (request) => ({ data: await bonuses.cancel(playerOf(request).id, request.params.id) }),
  );
};

/** The catalogue's public side: packages on offer, for guests too (cacheable for a minute). */
export const bonusPublicRoutes: FastifyPluginAsyncZod<{ bonuses: Bonuses }> = async (app, { bonuses }) => {
  route(
    app,
    bonusPublicEndpoints.listBonusPackageOffers,
    {
      tags,
      summary: 'Bonus packages on offer now, each with its steps in order (public terms)',
      description:
        'For the welcome-package page and the home banner. A signed-in player asks `GET /api/game/bonuses` for what ' +
        'they may get now (a package offers each player only its next step).',
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return { data: await bonuses.packageOffers() };
    },
  );
};

/** The operator's catalogue (`X-Admin-Key`): bonuses, packages, and giving a bonus by hand. */
export const bonusAdminRoutes: FastifyPluginAsyncZod<{
  bonuses: Bonuses;
  adminApiKey: string | undefined;
  subunitOf: (currency: string) => Promise<number | undefined>;
}> = async (app, { bonuses, adminApiKey, subunitOf }) => {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!hasAdminKey(request, adminApiKey)) throw new AppError('UNAUTHENTICATED', 'A valid X-Admin-Key is required.');
  });
  const adminTags = ['admin'];

  route(
    app,
    bonusAdminEndpoints.listAdminBonuses,
    { tags: adminTags, summary: 'Operator: the bonus catalogue' },
    async () => ({
      data: await bonuses.listAdmin(),
    }),
  );
  route(
    app,
    bonusAdminEndpoints.getAdminBonus,
    { tags: adminTags, summary: 'Operator: one catalogue bonus' },
    async (request) => ({
      data: await bonuses.getAdmin(request.params.id),
    }),
  );
  route(
    app,
    bonusAdminEndpoints.createBonus,
    {
      tags: adminTags,
      summary: 'Operator: adds a bonus to the catalogue',
      description:
        'Amounts in major units of their currency (422 when more precise than the currency). Players already ' +
        'given a bonus keep the terms they were given.',
    },
    async (request, reply) => reply.code(201).send({ data: await bonuses.create(request.body) }),
  );
  route(
    app,
    bonusAdminEndpoints.updateBonus,
    {
      tags: adminTags,
      summary: 'Operator: changes a catalogue bonus (status 2 pauses it)',
      description: 'Bonuses already given keep the terms they were given with.',
    },
    async (request) => ({ data: await bonuses.update(request.params.id, request.body) }),
  );
  route(
    app,
    bonusAdminEndpoints.listBonusPackages,
    { tags: adminTags, summary: 'Operator: bonus packages' },
    async () => ({
      data: await bonuses.listPackages(),
    }),
  );
  route(
    app,
    bonusAdminEndpoints.createBonusPackage,
    { tags: adminTags, summary: 'Operator: adds a package (a welcome package’s steps name it)' },
    async (request, reply) => reply.code(201).send({ data: await bonuses.createPackage(request.body.name) }),
  );
  route(
    app,
    bonusAdminEndpoints.issueBonus,
    {
      tags: adminTags,
      summary: 'Operator: gives a catalogue bonus to a player (issued, to activate)',
      description: 'A percentage bonus needs `depositAmount`, the deposit it is a share of (major units).',
    },
    async (request, reply) => {
      const { bonusId, currency, depositAmount } = request.body;
      let depositAmountMinor: bigint | undefined;
      if (depositAmount !== undefined) {
        const subunit = await subunitOf(currency);
        const parsed = subunit === undefined ? undefined : majorToMinor(depositAmount, subunit);
        if (!parsed?.ok) throw AppError.validation({ depositAmount: ['Not an amount of this currency.'] });
        depositAmountMinor = parsed.amountMinor;
      }
      const data = await bonuses.issueManually(request.params.playerId, {
        bonusId,
        currency,
        ...(depositAmountMinor !== undefined ? { depositAmountMinor } : {}),
      });
      return reply.code(201).send({ data });
    },
  );
};
