import { retentionAdminEndpoints, retentionEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import { playerOf, type AuthGuards } from '../auth';
import { hasAdminKey } from '../payments';
import type { Loyalty } from './loyalty';
import type { RetentionService } from './service';

/** The ladder changes rarely and is the same for everyone. */
const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600';

export const retentionRoutes: FastifyPluginAsyncZod<{ retention: RetentionService }> = async (app, { retention }) => {
  route(
    app,
    retentionEndpoints.listLevels,
    {
      tags: ['retention'],
      summary: 'Loyalty levels: rank (order), points threshold, perk ids and badge artwork',
    },
    async (request, reply) => {
      void reply.header('cache-control', PUBLIC_CACHE);
      return retention.listLevels(request.query);
    },
  );
};

/** The signed-in player's loyalty account. */
export const loyaltyRoutes: FastifyPluginAsyncZod<{ loyalty: Loyalty; guards: AuthGuards }> = async (
  app,
  { loyalty, guards },
) => {
  app.addHook('onRequest', guards.requirePlayer);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  route(
    app,
    retentionEndpoints.account,
    {
      tags: ['retention'],
      summary: "The player's loyalty account: points, current level and the next one",
      description:
        'A player who has not earned points yet is at the lowest level with 0 points. Points come from real-money ' +
        'stakes (the bonus-money part and free rounds earn none) at the operator’s rate per currency and the ' +
        'game’s or provider’s contribution; changes arrive on `retention:accounts#{playerId}` ' +
        '(`account.balance.updated`, and `account.level.updated` when a new level is reached).',
    },
    async (request) => ({ data: await loyalty.account(playerOf(request).id) }),
  );
};

/** The operator's loyalty configuration (`X-Admin-Key`). */
export const loyaltyAdminRoutes: FastifyPluginAsyncZod<{ loyalty: Loyalty; adminApiKey: string | undefined }> = async (
  app,
  { loyalty, adminApiKey },
) => {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!hasAdminKey(request, adminApiKey)) throw new AppError('UNAUTHENTICATED', 'A valid X-Admin-Key is required.');
  });
  const tags = ['admin'];

  route(
    app,
    retentionAdminEndpoints.loyaltySettings,
    {
      tags,
      summary: 'Operator: loyalty rates per currency, contributions per game or provider, and level bonuses',
    },
    async () => ({ data: await loyalty.settings() }),
  );

  route(
    app,
    retentionAdminEndpoints.setLoyaltyRate,
    {
      tags,
      summary: 'Operator: points per 1 major unit of real money staked in a currency (up to 6 decimals)',
      description: 'Applies to stakes handled from now on; a currency without a rate earns no points. 0 stops earning.',
    },
    async (request) => ({ data: await loyalty.setRate(request.params.currency, request.body.pointsPerUnit) }),
  );

  route(
    app,
    retentionAdminEndpoints.setLoyaltyContribution,
    {
      tags,
      summary: 'Operator: the share of a stake that counts (0–100 %) for a game identity or a provider',
      description: 'A game’s share wins over its provider’s; neither set: 100 %. `percent: null` removes the row.',
    },
    async (request) => ({ data: await loyalty.setContribution(request.body) }),
  );

  route(
    app,
    retentionAdminEndpoints.setLoyaltyLevelReward,
    {
      tags,
      summary: 'Operator: the catalogue bonus a level gives when a player first reaches it',
      description:
        'Given once per player and level through the bonus engine (source `loyalty-level:{levelId}`), in the ' +
        'currency of the player’s last stake that earned points. `bonusId: null` removes it; an unknown bonus is a 422.',
    },
    async (request) => ({ data: await loyalty.setLevelReward(request.params.levelId, request.body.bonusId) }),
  );
};
