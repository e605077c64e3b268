import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { EventRegistry } from '../../lib/events';
import type { Activity } from '../activity';
import type { AuthGuards } from '../auth';
import type { Jobs } from '../jobs';
import { createReferralsRepository } from './repository';
import { referralAdminRoutes, referralRoutes } from './routes';
import { createReferrals, EXPIRE_JOB, type ReferralsOptions } from './service';

export type { Referrals } from './service';
export { REFERRALS_CONSUMER } from './service';

/**
 * The referral programme (docs/referrals.md): a registration with a player's code links the
 * new player to them (`auth.player-registered`); the activity consumer `referrals` sums the
 * friend's deposits and bets and qualifies them; the owner gets the owner bonus through the
 * bonus engine. Players' codes are auth's `players.referral_code`.
 */
export async function registerReferrals(
  server: FastifyInstance,
  deps: {
    db: Db;
    appEvents: EventRegistry;
    activity: Pick<Activity, 'consume'>;
    jobs: Jobs;
    guards: AuthGuards;
    adminApiKey: string | undefined;
    bonuses: ReferralsOptions['bonuses'];
    currencies: ReferralsOptions['currencies'];
    transaction: ReferralsOptions['transaction'];
    log: ReferralsOptions['log'];
    now?: () => Date;
  },
) {
  const referrals = createReferrals({
    repository: createReferralsRepository(deps.db),
    bonuses: deps.bonuses,
    jobs: deps.jobs,
    currencies: deps.currencies,
    transaction: deps.transaction,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
  });
  deps.activity.consume(referrals.consumer);
  deps.jobs.handle(EXPIRE_JOB, async (job) => {
    const { referralId } = job.payload;
    if (typeof referralId === 'string') await referrals.expire(job.trx, referralId);
  });
  // After the account's commit; never fails the registration (logged here, not thrown).
  deps.appEvents.on('auth.player-registered', async ({ playerId, referralCode }) => {
    try {
      await referrals.linkAtRegistration(playerId, referralCode);
    } catch (error) {
      deps.log.warn({ err: error, playerId }, 'referral not linked');
    }
  });
  server.addHook('onReady', () => referrals.warmUp());
  await server.register(referralRoutes, { referrals, guards: deps.guards });
  await server.register(referralAdminRoutes, { referrals, adminApiKey: deps.adminApiKey });
  return referrals;
}
