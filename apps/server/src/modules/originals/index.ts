import type { AmountCurrency } from '@croupier/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { EventRegistry } from '../../lib/events';
import type { AuthGuards } from '../auth';
import type { GameWallet, StakeLimits } from '../game-wallet';
import type { GamesService } from '../games';
import type { RealtimeEvents } from '../realtime';
import type { FreespinSource } from './freespin-source';
import { createRemoteRounds } from './remote-rounds';
import { createSignedHttpWallet, type RemoteWallet } from './remote-wallet';
import { createOriginalsRepository } from './repository';
import { originalsRoutes } from './routes';
import { createOriginals } from './service';
import { originalsSessionRoutes } from './session-routes';

export type { FreespinGrant, FreespinSource } from './freespin-source';
export type { RemoteWallet } from './remote-wallet';

/** How often the background retry looks for wallet calls the in-house games still owe. */
const REMOTE_RETRY_INTERVAL_MS = 1000;
/** The first retry of an unanswered call waits this long, doubling up to a minute. */
const REMOTE_RETRY_BASE_MS = 1000;

/** Overrides of the in-house games' remote wallet (tests: a faulty client, a manual retry). */
export interface OriginalsRemoteOptions {
  /** The client of the wallet callbacks; by default signed HTTP to ORIGINALS_WALLET_URL. */
  wallet?: RemoteWallet;
  /** The background retry's period; 0 switches it off (the caller retries). */
  retryIntervalMs?: number;
  retryBaseMs?: number;
}

/**
 * Wires the in-house games into the app. They bet through the game wallet (in process, or
 * over the remote wallet when one is configured); composed after it in app.ts, so that
 * the game wallet never imports this module.
 */
export async function registerOriginals(
  server: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    events: RealtimeEvents;
    gameWallet: GameWallet;
    stakeLimits: StakeLimits;
    games: GamesService;
    guards: AuthGuards;
    currencyOf: (code: string) => Promise<AmountCurrency>;
    gameIdOf: (identity: string) => Promise<string>;
    remote?: OriginalsRemoteOptions | undefined;
    /** Free spins of bonuses, played on the slot (the bonuses module's; none when absent). */
    freespins?: FreespinSource | undefined;
    /** App events: a free spin's win (`game.win-credited`, the winners feed). */
    appEvents?: EventRegistry | undefined;
  },
) {
  const originalsRepository = createOriginalsRepository(deps.db);
  const remote = remoteRoundsOf(server, deps.config, originalsRepository, deps.remote);
  const originals = createOriginals({
    repository: originalsRepository,
    ...(remote ? { remote } : {}),
    gameWallet: deps.gameWallet,
    events: deps.events,
    gameIdOf: deps.gameIdOf,
    currencyOf: deps.currencyOf,
    ...(deps.freespins ? { freespins: deps.freespins } : {}),
    ...(deps.appEvents ? { appEvents: deps.appEvents } : {}),
  });
  await server.register(originalsRoutes, { originals, gameWallet: deps.gameWallet, guards: deps.guards });
  await server.register(originalsSessionRoutes, {
    gameWallet: deps.gameWallet,
    games: deps.games,
    currencyOf: deps.currencyOf,
    stakeLimits: deps.stakeLimits,
    freespins: deps.freespins,
  });
  return { originals };
}

/**
 * The in-house games' rounds over the remote wallet, when one is configured (or given):
 * calls over signed HTTP and a background retry of the calls still owed, stopped with the
 * server. Undefined: the games call the wallet in process.
 */
function remoteRoundsOf(
  server: FastifyInstance,
  config: Config,
  repository: ReturnType<typeof createOriginalsRepository>,
  options: OriginalsRemoteOptions | undefined,
) {
  const configured = config.originals.remoteWallet;
  const wallet = options?.wallet ?? (configured ? createSignedHttpWallet(configured) : undefined);
  if (!wallet) return undefined;
  // A delivery holds its round longer than its calls can take (bet, then win or rollback).
  const leaseMs = 3 * (configured?.timeoutMs ?? 5000) + 5000;
  const rounds = createRemoteRounds({
    repository,
    wallet,
    leaseMs,
    retryBaseMs: options?.retryBaseMs ?? REMOTE_RETRY_BASE_MS,
    onError: (roundId, error) => server.log.error({ err: error, roundId }, 'originals wallet call retry failed'),
  });
  const intervalMs = options?.retryIntervalMs ?? REMOTE_RETRY_INTERVAL_MS;
  if (intervalMs > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      rounds
        .deliverDue()
        .catch((error: unknown) => server.log.error({ err: error }, 'originals wallet retry failed'))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    timer.unref();
    server.addHook('onClose', async () => {
      clearInterval(timer);
    });
  }
  return { rounds, leaseMs };
}
