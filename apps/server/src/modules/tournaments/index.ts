import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/database';
import type { EventRegistry } from '../../lib/events';
import type { Activity } from '../activity';
import type { AuthGuards } from '../auth';
import type { Bonuses } from '../bonuses';
import type { Jobs } from '../jobs';
import type { RealtimeEvents } from '../realtime';
import type { Ledger, WalletAccounts } from '../wallet';
import { AppError } from '../../lib/errors';
import { createDatabaseLeaderboard } from './leaderboard';
import { createRedisLeaderboard } from './leaderboard-redis';
import { createTournamentsRepository } from './repository';
import { tournamentAdminRoutes, tournamentRoutes } from './routes';
import { createTournaments, FINISH_JOB, NEXT_OCCURRENCE_JOB } from './service';

export type { Tournaments } from './service';
export { FINISH_DELAY_MS, FINISH_JOB, finishJobKey, LEADERBOARD_THROTTLE_MS } from './service';
export { NEXT_OCCURRENCE_JOB, nextOccurrenceJobKey, occurrenceIdentity } from './service';
export type { BoardPlace, BoardRow, LeaderboardStore } from './leaderboard';

/**
 * Tournaments (docs/tournaments.md): the operator's definitions, scoring from the activity
 * stream (consumer `tournaments`) into the database leaderboard, the finish job that
 * freezes the standings and issues the prizes through the bonus engine once, and the
 * player's list, page and joining.
 */
export async function registerTournaments(
  server: FastifyInstance,
  deps: {
    db: Db;
    events: RealtimeEvents;
    activity: Activity;
    jobs: Jobs;
    bonuses: Pick<Bonuses, 'grantIn' | 'getAdmin'>;
    /** Cash prizes: the ledger and the player's accounts. */
    wallet: { ledger: Pick<Ledger, 'postIn'>; accounts: Pick<WalletAccounts, 'ensureAccount'> };
    guards: AuthGuards;
    subunitOf: (currency: string) => bigint;
    /** App events: each awarded place (`tournaments.prize-awarded`, the messenger's message). */
    appEvents?: EventRegistry;
    adminApiKey: string | undefined;
    finishDelayMs?: number;
    /** The leaderboard store: auto is Redis when a client is given; redis without one fails at start. */
    leaderboard?: { store: 'auto' | 'database' | 'redis'; redis: Redis | undefined; keyPrefix: string };
    now?: () => Date;
    log: { error(details: object, message: string): void };
  },
) {
  const repository = createTournamentsRepository(deps.db);
  const board = deps.leaderboard;
  if (board?.store === 'redis' && !board.redis) throw new Error('TOURNAMENT_LEADERBOARD=redis needs REDIS_URL');
  const leaderboard =
    board?.redis && board.store !== 'database'
      ? createRedisLeaderboard({ redis: board.redis, repository, keyPrefix: board.keyPrefix, log: deps.log })
      : createDatabaseLeaderboard(repository);
  const tournaments = createTournaments({
    repository,
    leaderboard,
    events: deps.events,
    enqueueJob: (trx, job) => deps.jobs.enqueue(trx, job),
    grantBonus: (trx, input) => deps.bonuses.grantIn(trx, input),
    payCash: async (trx, input) => {
      const account = await deps.wallet.accounts.ensureAccount(trx, input.playerId, input.currency);
      const posted = await deps.wallet.ledger.postIn(trx, {
        idempotencyKey: input.idempotencyKey,
        kind: 'tournament.prize',
        entries: [
          { accountRef: { accountId: account.id }, amountMinor: input.amountMinor },
          {
            accountRef: { operator: 'tournament_prizes', currency: input.currency },
            amountMinor: -input.amountMinor,
          },
        ],
        metadata: input.metadata,
      });
      return { transactionId: posted.transaction.id };
    },
    bonusTypeOf: async (bonusId) => {
      try {
        return (await deps.bonuses.getAdmin(bonusId)).type;
      } catch (error) {
        if (error instanceof AppError && error.errorName === 'NOT_FOUND') return undefined;
        throw error;
      }
    },
    onPrizeAwarded: async (trx, award) => {
      await deps.appEvents?.emit('tournaments.prize-awarded', { trx, ...award });
    },
    subunitOf: deps.subunitOf,
    ...(deps.finishDelayMs === undefined ? {} : { finishDelayMs: deps.finishDelayMs }),
    ...(deps.now ? { now: deps.now } : {}),
    log: deps.log,
  });
  deps.activity.consume(tournaments.consumer);
  deps.jobs.handle(FINISH_JOB, async (job) => {
    const id = job.payload.tournamentId;
    const tournamentId = typeof id === 'string' ? id : job.key?.replace(/^tournament-finish:/, '');
    if (!tournamentId) throw new Error('a tournament finish job without its tournament');
    await tournaments.finishIn(job.trx, tournamentId);
  });
  deps.jobs.handle(NEXT_OCCURRENCE_JOB, async (job) => {
    const id = job.payload.tournamentId;
    if (typeof id !== 'string') throw new Error('a next-occurrence job without its tournament');
    await tournaments.nextOccurrenceIn(job.trx, id);
  });
  server.addHook('onReady', async () => tournaments.ensureFinishJobs());
  server.addHook('onClose', async () => tournaments.stop());
  await server.register(tournamentRoutes, { tournaments, guards: deps.guards });
  await server.register(tournamentAdminRoutes, { tournaments, adminApiKey: deps.adminApiKey });
  return tournaments;
}
