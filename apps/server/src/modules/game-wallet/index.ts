import type { AmountCurrency, OriginalsGame } from '@croupier/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { AuthGuards } from '../auth/guards';
import type { GamesService } from '../games/service';
import { createOriginals } from '../originals/service';
import { createOriginalsRepository } from '../originals/repository';
import { originalsRoutes } from '../originals/routes';
import type { Payments } from '../payments';
import type { RealtimeEvents } from '../realtime';
import type { Wallet } from '../wallet';
import { createGameWalletRepository } from './repository';
import { gameLaunchRoutes, gameWalletCallbackRoutes, type GameProviderAccess } from './routes';
import { createGameWallet, stakeLimitRule } from './service';

export type { GameProviderAccess } from './routes';
export type { GameWallet, GameSession, WalletAnswer } from './service';

/** Launch tokens allow bets for this long; wins and rollbacks are accepted afterwards too. */
const SESSION_TTL_MS = 4 * 60 * 60 * 1000;
/** A demo session starts with this many major units of play money. */
const DEMO_BALANCE_MAJOR = 1000n;
/** The in-house games' stake ceiling, in major units of any currency. */
const ORIGINALS_MAX_STAKE_MAJOR = 10_000n;

/**
 * Wires the game wallet (launch, provider callbacks) and the in-house games into the app.
 * Third-party providers are those of `providers` (secret and allow-list each).
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
  async function gameIdOf(identity: OriginalsGame): Promise<string> {
    const known = gameIds.get(identity);
    if (known) return known;
    const { id } = await deps.games.getGame(identity);
    gameIds.set(identity, id);
    return id;
  }

  const originalsGameIds = new Set<string>();
  const gameWallet = createGameWallet({
    repository: createGameWalletRepository(deps.db),
    ledger: deps.wallet.ledger,
    events: deps.events,
    recordWager: (trx, accountId, wagerMinor) => deps.payments.turnover.recordWager(trx, accountId, wagerMinor),
    rules: [
      stakeLimitRule({
        limitsFor(gameId, currency) {
          const subunit = subunitOf.get(currency);
          if (!originalsGameIds.has(gameId) || subunit === undefined) return undefined;
          return { minMinor: 1n, maxMinor: ORIGINALS_MAX_STAKE_MAJOR * subunit };
        },
      }),
    ],
    sessionTtlMs: SESSION_TTL_MS,
    demoBalanceMinor: (currency) => DEMO_BALANCE_MAJOR * (subunitOf.get(currency) ?? 100n),
  });
  const originals = createOriginals({
    repository: createOriginalsRepository(deps.db),
    gameWallet,
    events: deps.events,
    gameIdOf: async (identity) => {
      const id = await gameIdOf(identity);
      originalsGameIds.add(id);
      return id;
    },
    currencyOf,
  });

  await server.register(gameLaunchRoutes, {
    gameWallet,
    games: deps.games,
    accounts: deps.wallet.accounts,
    guards: deps.guards,
    config: deps.config,
  });
  await server.register(gameWalletCallbackRoutes, { gameWallet, providers: deps.providers, config: deps.config });
  await server.register(originalsRoutes, { originals, gameWallet, guards: deps.guards });
  return { gameWallet, originals };
}
