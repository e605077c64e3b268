import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { EventRegistry } from '../../lib/events';
import type { Activity } from '../activity';
import type { AuthGuards } from '../auth';
import type { Bonuses } from '../bonuses';
import type { Jobs } from '../jobs';
import type { RealtimeEvents } from '../realtime';
import { createQuestsRepository } from './repository';
import { questAdminRoutes, questRoutes } from './routes';
import { createQuests, EXPIRE_JOB, type AwardPointsIn } from './service';

export type { AwardPointsIn, Quests } from './service';
export { EXPIRE_JOB, expireJobKey, QUESTS_CONSUMER, rewardSource } from './service';

/**
 * Quests (docs/quests.md): the operator's quests, activation and cancelling, progress from
 * the activity stream (consumer `quests`), the rewards on completion (bonus engine, loyalty
 * points through the `awardPointsIn` port, `retention.quest-completed` for the wheels) and
 * the expiry job.
 */
export async function registerQuests(
  server: FastifyInstance,
  deps: {
    db: Db;
    events: RealtimeEvents;
    appEvents: EventRegistry;
    activity: Pick<Activity, 'consume'>;
    jobs: Jobs;
    bonuses: Pick<Bonuses, 'grantIn'>;
    /** Loyalty's points, once per player and source (wired in app.ts). */
    awardPointsIn: AwardPointsIn;
    guards: AuthGuards;
    subunitOf: (currency: string) => bigint | undefined;
    adminApiKey: string | undefined;
    now?: () => Date;
    log: { error(details: object, message: string): void };
  },
) {
  const quests = createQuests({
    repository: createQuestsRepository(deps.db),
    events: deps.events,
    appEvents: deps.appEvents,
    enqueueJob: (trx, job) => deps.jobs.enqueue(trx, job),
    grantBonus: (trx, input) => deps.bonuses.grantIn(trx, input),
    awardPointsIn: deps.awardPointsIn,
    subunitOf: deps.subunitOf,
    ...(deps.now ? { now: deps.now } : {}),
    log: deps.log,
  });
  deps.activity.consume(quests.consumer);
  deps.jobs.handle(EXPIRE_JOB, async (job) => {
    const id = job.payload.playerQuestId;
    const playerQuestId = typeof id === 'string' ? id : job.key?.replace(/^quest-expire:/, '');
    if (!playerQuestId) throw new Error('a quest expiry job without its player quest');
    await quests.expireIn(job.trx, playerQuestId);
  });
  server.addHook('onReady', async () => quests.ensureExpiryJobs());
  await server.register(questRoutes, { quests, guards: deps.guards });
  await server.register(questAdminRoutes, { quests, adminApiKey: deps.adminApiKey });
  return quests;
}
