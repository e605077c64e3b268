import type { AmountCurrency } from '@croupier/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { EventRegistry } from '../../lib/events';
import type { AuthGuards } from '../auth';
import type { GamesService } from '../games';
import type { Payments } from '../payments';
import type { RealtimeEvents } from '../realtime';
import type { Wallet } from '../wallet';
import { AppError } from '../../lib/errors';
import { createGameWalletRepository } from './repository';
import { gameLaunchRoutes, gameWalletCallbackRoutes, type GameProviderAccess } from './routes';
import { createSandboxGameProvider } from './sandbox/provider';
import { sandboxGameProviderRoutes, sandboxGameUrl } from './sandbox/routes';
import { createFreeRoundsClient } from './free-rounds';
import { createGameWallet, type BetRule, type BonusWagering, type FreeRoundsPlay, type PlayLimits } from './service';
import { gameAdminRoutes } from './admin-routes';
import { createStakeLimits } from './stake-limits';
import { createStakeLimitsRepository } from './stake-limits-repository';

export type { GameProviderAccess } from './routes';
export type {
  BetRefusal,
  BetRule,
  BonusWagering,
  FreeRoundsPlay,
  GameInfo,
  GameWallet,
  GameSession,
  MoneyCall,
  ResettleCall,
  WalletAnswer,
} from './service';
export type { FreeRoundsClient } from './free-rounds';
export { canBet, newRoundRefusal, WalletRefusal } from './service';
export { walletRefusalError } from './refusal-error';
export type { StakeLimits } from './stake-limits';
export { createSessionTimesRepository, type SessionTimesRepository } from './session-times-repository';
export { createProviderClient, type WalletCall } from './conformance/client';

/** Launch tokens allow bets for this long; wins and rollbacks are accepted afterwards too. */
const SESSION_TTL_MS = 4 * 60 * 60 * 1000;
/** A demo session starts with this many major units of play money. */
const DEMO_BALANCE_MAJOR = 1000n;
/** The in-house games' stake ceiling, in major units of any currency. */
const ORIGINALS_MAX_STAKE_MAJOR = 10_000n;
/** A free-rounds call to a provider that takes longer is given up (its job tries again). */
const FREE_ROUNDS_TIMEOUT_MS = 10_000;

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
 * Wires the game wallet (launch, provider callbacks, stake limits) into the app; the in-house
 * games are wired on top of what it returns (modules/originals).
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
    appEvents: EventRegistry;
    /** Rules of other modules (limits, bonuses) refusing bets, after the stake limits. */
    betRules?: BetRule[];
    /** The bonuses module's wagering on the bet path. */
    wagering?: BonusWagering;
    /** The bonuses module's free spins, played by providers as free rounds. */
    freeRounds?: FreeRoundsPlay;
    /** A player's real-money session's first columns (the play-sessions module's check times). */
    sessionValues?: Parameters<typeof createGameWallet>[0]['sessionValues'];
    /** Responsible-gaming limits on the bet path and at launch (the limits module). */
    limits?: PlayLimits;
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
    appEvents: deps.appEvents,
    ...(deps.wagering ? { wagering: deps.wagering } : {}),
    ...(deps.freeRounds ? { freeRounds: deps.freeRounds } : {}),
    ...(deps.sessionValues ? { sessionValues: deps.sessionValues } : {}),
    ...(deps.limits ? { limits: deps.limits } : {}),
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
    gameUrlOf: ({ provider, game, mode, token, playerId }) =>
      accessOf(provider)?.sandbox ? sandboxGameUrl({ provider, game, mode, token, playerId }) : undefined,
  });
  await server.register(gameWalletCallbackRoutes, { gameWallet, accessOf, config: deps.config });
  const sandboxProvider = deps.config.isProduction ? undefined : deps.config.gameProviders.sandbox;
  if (sandboxProvider) {
    await server.register(sandboxGameProviderRoutes, {
      sandbox: createSandboxGameProvider({ secret: sandboxProvider.secret, selfUrl: () => selfUrlOf(server) }),
      secret: sandboxProvider.secret,
      games: deps.games,
      currencyOf,
    });
  }
  await server.register(gameAdminRoutes, { games: deps.games, stakeLimits, adminApiKey: deps.config.adminApiKey });
  const repository = createGameWalletRepository(deps.db);
  const freeRounds = createFreeRoundsClient({
    accessOf,
    selfUrl: () => selfUrlOf(server),
    inHouseProvider: IN_HOUSE_PROVIDER,
    timeoutMs: FREE_ROUNDS_TIMEOUT_MS,
  });
  return {
    gameWallet,
    /** Free-round grants to providers (the bonuses module's free spins on third-party games). */
    freeRounds,
    stakeLimits,
    currencyOf,
    gameIdOf,
    /** Bets of an account since a time whose round is still open (bonus conversion waits for them). */
    openBetsSince: (q: Kysely<Database>, accountId: string, since: Date) =>
      repository.openBetsSince(q, accountId, since),
    /** Real-money stakes (not rolled back) and wins of an account since a time (the limits' counters). */
    playTotalsSince: (q: Kysely<Database>, input: { playerId: string; accountId: string; since: Date }) =>
      repository.playTotalsSince(q, input),
  };
}
export { readGameActivity } from './activity-repository';
