import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/database';
import type { StakeLimits } from '../../game-wallet';
import type { Jobs } from '../../jobs';
import type { RealtimeEvents } from '../../realtime';
import type { ScriptedFeed } from '../feed';
import { createBettingRepository } from './repository';
import { bettingRoutes } from './routes';
import { sandboxFeedRoutes } from './sandbox-routes';
import { createBetting, type SportsbookWallet } from './service';
import { createSettlement, SETTLE_EVENT_JOB } from './settle';

export { SETTLE_EVENT_JOB } from './settle';

/**
 * The in-house sportsbook's game in the catalogue: its play response's token starts the
 * client, and every ticket is a round of it in the game wallet.
 */
export const SPORTSBOOK_GAME_IDENTITY = 'betsy-sportsbook-betsy';

/** The most a rate can be trusted to be fresh here; currencies are re-read after it. */
const RATES_TTL_MS = 30_000;

/**
 * Betting on the sportsbook (docs/sportsbook.md, "Betting" and "Settlement"), on the game
 * wallet: placement, tickets and cash-out routes, the settlement job, and the sandbox
 * feed's controls when it runs.
 */
export async function registerSportsbookBetting(
  server: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    events: RealtimeEvents;
    jobs: Pick<Jobs, 'enqueue' | 'handle'>;
    wallet: SportsbookWallet;
    gameIdOf: (identity: string) => Promise<string>;
    stakeLimits: Pick<StakeLimits, 'boundsFor'>;
    currencies: {
      listCurrencies(query: {
        visibleOnly: boolean;
      }): Promise<{ code: string; subunitToUnit: number; rate: { rate: number } }[]>;
    };
    sandbox: { feed: ScriptedFeed; flush: () => Promise<void> } | null;
    /** Tickets per settlement job (default SETTLE_BATCH). */
    settleBatchSize?: number | undefined;
  },
) {
  const { config } = deps;
  const repository = createBettingRepository(deps.db);
  const gameId = () => deps.gameIdOf(SPORTSBOOK_GAME_IDENTITY);
  let rates: { at: number; byCode: Map<string, { subunit: bigint; rate: number }> } | undefined;
  async function currency(code: string) {
    if (!rates || Date.now() - rates.at > RATES_TTL_MS) {
      const list = await deps.currencies.listCurrencies({ visibleOnly: false });
      rates = {
        at: Date.now(),
        byCode: new Map(list.map((c) => [c.code, { subunit: BigInt(c.subunitToUnit), rate: c.rate.rate }])),
      };
    }
    const known = rates.byCode.get(code);
    if (!known) throw new Error(`unknown currency ${code}`);
    return known;
  }
  const betting = createBetting({
    repository,
    events: deps.events,
    wallet: deps.wallet,
    gameId,
    subunitOf: async (code) => (await currency(code)).subunit,
    async stakeBounds(code) {
      const bounds = await deps.stakeLimits.boundsFor({ gameId: await gameId(), provider: 'croupier', currency: code });
      if (!bounds) throw new Error(`no stake bounds for ${code}`);
      return bounds;
    },
    // A rate is the currency's minor units per major unit of the base currency.
    liabilityLimitMinor: async (code) =>
      BigInt(Math.round(config.sportsbook.eventLiabilityBaseMajor * (await currency(code)).rate)),
    liveDelayMs: config.sportsbook.liveDelayMs,
    cashOut: { marginBp: BigInt(config.sportsbook.cashOutMarginBp), minPriceMinor: 1n },
  });
  const settlement = createSettlement({
    repository,
    events: deps.events,
    wallet: deps.wallet,
    enqueue: (trx, job) => deps.jobs.enqueue(trx, job),
    ...(deps.settleBatchSize ? { batchSize: deps.settleBatchSize } : {}),
  });
  deps.jobs.handle(SETTLE_EVENT_JOB, (job) => settlement.runJob(job.trx, job.payload));
  await server.register(bettingRoutes, { betting });
  if (deps.sandbox && !config.isProduction) {
    await server.register(sandboxFeedRoutes, { sandbox: deps.sandbox.feed, flush: deps.sandbox.flush });
  }
  return { betting, settlement };
}

export type SportsbookBetting = Awaited<ReturnType<typeof registerSportsbookBetting>>;
