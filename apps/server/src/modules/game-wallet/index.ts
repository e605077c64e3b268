import type { AmountCurrency } from '@croupier/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { AuthGuards } from '../auth/guards';
import type { GamesService } from '../games/service';
import { createOriginals } from '../originals/service';
import { createOriginalsRepository } from '../originals/repository';
import { originalsRoutes } from '../originals/routes';
import { originalsSessionRoutes } from '../originals/session-routes';
import { createRemoteRounds } from '../originals/remote-rounds';
import { createSignedHttpWallet, type RemoteWallet } from '../originals/remote-wallet';
import type { Payments } from '../payments';
import type { RealtimeEvents } from '../realtime';
import type { Wallet } from '../wallet';
import { AppError } from '../../lib/errors';
import { createGameWalletRepository } from './repository';
import { gameLaunchRoutes, gameWalletCallbackRoutes, type GameProviderAccess } from './routes';
import { createSandboxGameProvider } from './sandbox/provider';
import { sandboxGameProviderRoutes, sandboxGameUrl } from './sandbox/routes';
import { createGameWallet, type BetRule } from './service';
import { gameAdminRoutes } from './admin-routes';
import { createStakeLimits } from './stake-limits';
import { createStakeLimitsRepository } from './stake-limits-repository';

export type { GameProviderAccess } from './routes';
export type { BetRule, GameWallet, GameSession, WalletAnswer } from './service';
export type { RemoteWallet } from '../originals/remote-wallet';

/** Launch tokens allow bets for this long; wins and rollbacks are accepted afterwards too. */
const SESSION_TTL_MS = 4 * 60 * 60 * 1000;
/** A demo session starts with this many major units of play money. */
const DEMO_BALANCE_MAJOR = 1000n;
/** The in-house games' stake ceiling, in major units of any currency. */
const ORIGINALS_MAX_STAKE_MAJOR = 10_000n;

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

/** The addresses the sandbox provider calls from: it calls this server over loopback. */
const LOOPBACK_IPS = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];
/**
 * The in-house provider: the sandbox never stands in for it. Its games call the wallet in
 * process, or over HTTP as `croupier` when it is listed in GAME_PROVIDERS (games run apart).
 */
const IN_HOUSE_PROVIDER = 'croupier';

/**
 * Who may call the callbacks as `provider`: the providers of the app's options first (tests),
 * then those of the configuration (GAME_PROVIDERS), then, outside production, the sandbox
 * provider for every other third-party provider of the catalogue. The sandbox calls from
 * loopback or from the address the server listens on (`ownAddresses`).
 */
export function providerAccess(
  config: Config,
  explicit: GameProviderAccess[],
  ownAddresses: () => string[] = () => [],
): (provider: string) => GameProviderAccess | undefined {
  const byProvider = new Map<string, GameProviderAccess>();
  for (const access of [...config.gameProviders.access, ...explicit]) byProvider.set(access.provider, access);
  // Never in production, whatever the configuration object says.
  const sandbox = config.isProduction ? undefined : config.gameProviders.sandbox;
  return (provider) => {
    const known = byProvider.get(provider);
    if (known) return known;
    if (!sandbox || provider === IN_HOUSE_PROVIDER) return undefined;
    return { provider, secret: sandbox.secret, allowIps: [...LOOPBACK_IPS, ...ownAddresses()], sandbox: true };
  };
}

/** This server's own HTTP address (the first it listens on; a wildcard address as loopback). */
function selfUrlOf(server: FastifyInstance): string {
  // Unix socket paths are strings; the sandbox calls over TCP.
  const listening = server.addresses().filter((a) => typeof a !== 'string');
  const address = listening.find((a) => a.family === 'IPv4') ?? listening[0];
  if (!address) throw new AppError('SERVICE_UNAVAILABLE', 'The server is not listening yet.');
  if (address.family === 'IPv6') {
    return `http://[${address.address === '::' ? '::1' : address.address}]:${address.port}`;
  }
  return `http://${address.address === '0.0.0.0' ? '127.0.0.1' : address.address}:${address.port}`;
}

/**
 * Wires the game wallet (launch, provider callbacks) and the in-house games into the app.
 * Third-party providers are those of `providers` and of the configuration (see providerAccess).
 */
export async function registerGameWallet(
  server: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    events: RealtimeEvents;
    wallet: Wallet;
    payments: Payments;
    games: GamesService;
    currencies: { listCurrencies(query: { visibleOnly: boolean }): Promise<{ code: string; subunitToUnit: number }[]> };
    guards: AuthGuards;
    providers: GameProviderAccess[];
    originalsRemote?: OriginalsRemoteOptions;
    /** Rules of other modules (limits, bonuses) refusing bets, after the stake limits. */
    betRules?: BetRule[];
  },
) {
  const subunitOf = new Map<string, bigint>();
  async function currencyOf(code: string): Promise<AmountCurrency> {
    const known = subunitOf.get(code);
    if (known !== undefined) return { subunitToUnit: known };
    const found = (await deps.currencies.listCurrencies({ visibleOnly: false })).find((c) => c.code === code);
    if (!found) throw new Error(`unknown currency ${code}`);
    subunitOf.set(code, BigInt(found.subunitToUnit));
    return { subunitToUnit: BigInt(found.subunitToUnit) };
  }
  // Subunits are read once at start so that the synchronous rules below can use them.
  for (const currency of await deps.currencies.listCurrencies({ visibleOnly: false })) {
    subunitOf.set(currency.code, BigInt(currency.subunitToUnit));
  }

  const gameIds = new Map<string, string>();
  async function gameIdOf(identity: string): Promise<string> {
    const known = gameIds.get(identity);
    if (known) return known;
    const { id } = await deps.games.getGame(identity);
    gameIds.set(identity, id);
    return id;
  }

  // The in-house games' bounds apply to provider `croupier` wherever its calls come from
  // (in process or over HTTP from games run apart).
  const stakeLimits = createStakeLimits({
    repository: createStakeLimitsRepository(deps.db),
    subunitOf: (currency) => subunitOf.get(currency),
    builtIn(provider, currency) {
      const subunit = subunitOf.get(currency);
      if (provider !== IN_HOUSE_PROVIDER || subunit === undefined) return undefined;
      return { minMinor: 1n, maxMinor: ORIGINALS_MAX_STAKE_MAJOR * subunit };
    },
  });
  const gameWallet = createGameWallet({
    repository: createGameWalletRepository(deps.db),
    ledger: deps.wallet.ledger,
    events: deps.events,
    recordWager: (trx, accountId, wagerMinor) => deps.payments.turnover.recordWager(trx, accountId, wagerMinor),
    rules: [stakeLimits.rule, ...(deps.betRules ?? [])],
    sessionTtlMs: SESSION_TTL_MS,
    demoBalanceMinor: (currency) => DEMO_BALANCE_MAJOR * (subunitOf.get(currency) ?? 100n),
  });
  const originalsRepository = createOriginalsRepository(deps.db);
  const remote = remoteRoundsOf(server, deps.config, originalsRepository, deps.originalsRemote);
  const originals = createOriginals({
    repository: originalsRepository,
    ...(remote ? { remote } : {}),
    gameWallet,
    events: deps.events,
    gameIdOf,
    currencyOf,
  });

  const accessOf = providerAccess(deps.config, deps.providers, () =>
    server.addresses().flatMap((a) => (typeof a === 'string' ? [] : [a.address])),
  );
  await server.register(gameLaunchRoutes, {
    gameWallet,
    games: deps.games,
    accounts: deps.wallet.accounts,
    guards: deps.guards,
    config: deps.config,
    // Games of providers the sandbox stands in for open its page (outside production only).
    gameUrlOf: ({ provider, game, mode, token }) =>
      accessOf(provider)?.sandbox ? sandboxGameUrl({ provider, game, mode, token }) : undefined,
  });
  await server.register(gameWalletCallbackRoutes, { gameWallet, accessOf, config: deps.config });
  const sandboxProvider = deps.config.isProduction ? undefined : deps.config.gameProviders.sandbox;
  if (sandboxProvider) {
    await server.register(sandboxGameProviderRoutes, {
      sandbox: createSandboxGameProvider({ secret: sandboxProvider.secret, selfUrl: () => selfUrlOf(server) }),
      games: deps.games,
      currencyOf,
    });
  }
  await server.register(originalsRoutes, { originals, gameWallet, guards: deps.guards });
  await server.register(originalsSessionRoutes, {
    gameWallet,
    games: deps.games,
    currencyOf,
    stakeLimits,
  });
  await server.register(gameAdminRoutes, { games: deps.games, stakeLimits, adminApiKey: deps.config.adminApiKey });
  return { gameWallet, originals };
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
