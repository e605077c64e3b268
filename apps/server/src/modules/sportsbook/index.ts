import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { RealtimeEvents } from '../realtime';
import type { Jobs } from '../jobs';
import { catalogueRoutes, createCatalogue, createCatalogueRepository } from './catalogue';
import { ScriptedFeed, SimulatedFeed, systemClock, type FeedClock, type FeedResult } from './feed';
import { createFanOut } from './live/fan-out';
import { FeedRunner } from './live/runner';
import { SETTLE_EVENT_JOB, settleJobKey } from './betting/settle';

export { registerSportsbookBetting, SPORTSBOOK_GAME_IDENTITY, type SportsbookBetting } from './betting';

export interface SportsbookOptions {
  /** The simulated feed's clock: the real one unless given (tests pass a manual clock). */
  clock?: FeedClock;
  /**
   * Ingest only under the PostgreSQL advisory lock; by default when DATABASE_URL is set
   * (PGlite is one process's own database).
   */
  ingestLock?: boolean;
  /** How often a process without the lock tries to take it (15 s; tests shorten it). */
  ingestRetryMs?: number;
  /** Tickets a settlement job settles at most (250; tests shorten it to see batches chain). */
  settleBatchSize?: number;
}

/** Settlement of each stored result, enqueued in the transaction that stores it (once per version). */
function enqueueSettlement(jobs: Pick<Jobs, 'enqueue'>) {
  return async (trx: Transaction<Database>, results: readonly FeedResult[]) => {
    for (const result of results) {
      await jobs.enqueue(trx, {
        kind: SETTLE_EVENT_JOB,
        key: settleJobKey(result.eventId, result.version),
        payload: { eventId: result.eventId, version: result.version, batch: 0 },
      });
    }
  };
}

/**
 * The sportsbook (docs/sportsbook.md): the public catalogue read API over the sb_* tables
 * and, when SPORTSBOOK_FEED is on, the feed ingested into them, its changes fanned out on
 * the `sportsbook:events` channels ("Running the feed and live updates") and its results
 * settled by durable jobs. Betting is registered on the game wallet later
 * (`registerSportsbookBetting`).
 */
export async function registerSportsbook(
  server: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    events: Pick<RealtimeEvents, 'publish'>;
    jobs: Pick<Jobs, 'enqueue'>;
    options?: SportsbookOptions | undefined;
  },
) {
  const { db, config } = deps;
  const catalogue = createCatalogue({ repository: createCatalogueRepository(db) });
  await server.register(catalogueRoutes, { catalogue });
  const mode = config.sportsbook.feed;
  // The sandbox feed is a testing tool: never in production, whatever the configuration says.
  if (mode === 'off' || (mode === 'sandbox' && config.isProduction)) return { catalogue, feed: null, sandbox: null };

  const log = server.log.child({ module: 'sportsbook' });
  const clock = deps.options?.clock ?? systemClock;
  const { feedSeed, matchDurationMs } = config.sportsbook;
  // One sandbox for the process: its events outlive a lost and retaken ingest lock.
  const sandbox = mode === 'sandbox' ? new ScriptedFeed() : null;
  const feed = new FeedRunner({
    db,
    createFeed: () => sandbox ?? new SimulatedFeed({ seed: feedSeed, clock, matchDurationMs }),
    onChanges: createFanOut({ db, catalogue, events: deps.events, log }),
    onResultsIn: enqueueSettlement(deps.jobs),
    lock: deps.options?.ingestLock ?? config.database.url !== undefined,
    retryMs: deps.options?.ingestRetryMs ?? 15_000,
    log,
  });
  server.addHook('onReady', async () => {
    await feed.start();
  });
  server.addHook('onClose', async () => {
    await feed.stop();
  });
  return { catalogue, feed, sandbox };
}

export type Sportsbook = Awaited<ReturnType<typeof registerSportsbook>>;
