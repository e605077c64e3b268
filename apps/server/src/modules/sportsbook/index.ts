import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { RealtimeEvents } from '../realtime';
import { catalogueRoutes, createCatalogue, createCatalogueRepository } from './catalogue';
import { SimulatedFeed, systemClock, type FeedClock } from './feed';
import { createFanOut } from './live/fan-out';
import { FeedRunner } from './live/runner';

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
}

/**
 * The sportsbook (docs/sportsbook.md): the public catalogue read API over the sb_* tables
 * and, when SPORTSBOOK_FEED is on, the feed ingested into them, its changes fanned out on
 * the `sportsbook:events` channels ("Running the feed and live updates").
 */
export async function registerSportsbook(
  server: FastifyInstance,
  deps: { db: Db; config: Config; events: Pick<RealtimeEvents, 'publish'>; options?: SportsbookOptions | undefined },
) {
  const { db, config } = deps;
  const catalogue = createCatalogue({ repository: createCatalogueRepository(db) });
  await server.register(catalogueRoutes, { catalogue });
  if (config.sportsbook.feed === 'off') return { catalogue, feed: null };

  const log = server.log.child({ module: 'sportsbook' });
  const clock = deps.options?.clock ?? systemClock;
  const { feedSeed, matchDurationMs } = config.sportsbook;
  const feed = new FeedRunner({
    db,
    createFeed: () => new SimulatedFeed({ seed: feedSeed, clock, matchDurationMs }),
    onChanges: createFanOut({ db, catalogue, events: deps.events, log }),
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
  return { catalogue, feed };
}

export type Sportsbook = Awaited<ReturnType<typeof registerSportsbook>>;
