import { referralAdminEndpoints, referralEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import { playerOf, type AuthGuards } from '../auth';
import { hasAdminKey } from '../payments';
import type { Referrals } from './service';

const tags = ['referrals'];

/** The player's side: the programme's settings and the friends they brought. */
export const referralRoutes: FastifyPluginAsyncZod<{ referrals: Referrals; guards: AuthGuards }> = async (
  app,
  { referrals, guards },
) => {
  app.addHook('onRequest', guards.requirePlayer);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  route(
    app,
    referralEndpoints.settings,
    {
      tags,
      summary: 'The referral programme: on or off, the cap of friends per player, the owner bonus',
      description:
        'The link to share is the site address with `?ref=` and the profile’s `referralCode` (null while the ' +
        'programme is off). `ownerBonusId` is the catalogue bonus the player gets per qualified friend.',
    },
    async () => ({ data: await referrals.playerSettings() }),
  );

  route(
    app,
    referralEndpoints.listReferrals,
    {
      tags,
      summary: 'The friends the player brought, newest first (`referrals` at the root, the same rows in `data`)',
      description:
        '`qualified`: 1 in progress (counting down to `qualificationEndDate`), 2 qualified (the owner bonus was ' +
        'given), 3 unqualified (the window ended first). No names or contacts of the friends are shown.',
    },
    async (request) => referrals.list(playerOf(request).id, request.query),
  );
};

/** The operator's settings (`X-Admin-Key`). */
export const referralAdminRoutes: FastifyPluginAsyncZod<{
  referrals: Referrals;
  adminApiKey: string | undefined;
}> = async (app, { referrals, adminApiKey }) => {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!hasAdminKey(request, adminApiKey)) throw new AppError('UNAUTHENTICATED', 'A valid X-Admin-Key is required.');
  });

  route(
    app,
    referralAdminEndpoints.getSettings,
    { tags: ['admin'], summary: 'Operator: the referral programme’s settings and thresholds' },
    async () => ({ data: await referrals.adminSettings() }),
  );

  route(
    app,
    referralAdminEndpoints.putSettings,
    {
      tags: ['admin'],
      summary: 'Operator: replaces the referral programme’s settings and thresholds',
      description:
        'A referred friend qualifies when, in one currency listed in `thresholds`, their deposits reach ' +
        '`depositAmount` and their real-money bets (rollbacks taken back) reach `wagerAmount` (major units) within ' +
        '`qualificationDays` of registering. `ownerBonusId` must be a catalogue bonus with the `referral` trigger. ' +
        'Other processes see a change within 30 s.',
    },
    async (request) => ({ data: await referrals.saveAdminSettings(request.body) }),
  );
};
