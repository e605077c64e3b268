import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { EventRegistry } from '../../lib/events';
import type { AuthGuards } from '../auth';
import type { Jobs } from '../jobs';
import type { RealtimeEvents } from '../realtime';
import type { Wallet } from '../wallet';
import { createCashback } from './cashback';
import { createCashbackRepository } from './cashback-repository';
import { cashbackRoutes } from './cashback-routes';
import { createBonusCodes } from './codes';
import { createBonusCodesRepository } from './codes-repository';
import { bonusCodeAdminRoutes, bonusCodeRoutes } from './codes-routes';
import { createFreespins } from './freespins';
import { createFreespinsRepository } from './freespins-repository';
import { freespinRoutes } from './freespins-routes';
import { createBonusesRepository } from './repository';
import { bonusAdminRoutes, bonusPublicRoutes, bonusRoutes } from './routes';
import { createBonuses, type CurrencySource } from './service';

export type { Bonuses } from './service';
export type { Freespins, FreespinState } from './freespins';

/**
 * The bonuses module (docs/bonuses.md): the catalogue and its operator API, players'
 * bonuses, and bonus money in the ledger's bonus balance. Payments hands it credited
 * deposits; the game wallet hands it bets (wagering).
 */
export async function registerBonuses(
  server: FastifyInstance,
  deps: {
    db: Db;
    wallet: Wallet;
    currencies: CurrencySource;
    events: RealtimeEvents;
    jobs: Jobs;
    guards: AuthGuards;
    adminApiKey: string | undefined;
    /** App events: a registration's promo code (`auth.player-registered`). */
    appEvents: EventRegistry;
  },
) {
  const repository = createBonusesRepository(deps.db);
  const bonuses = createBonuses({
    repository,
    ledger: deps.wallet.ledger,
    accounts: deps.wallet.accounts,
    currencies: deps.currencies,
    events: deps.events,
    jobs: deps.jobs,
    appEvents: deps.appEvents,
  });
  server.addHook('onReady', bonuses.warmUp);
  // Free spins (freespins.ts): the grants free-spins bonuses give, and the games' side of them.
  const freespins = createFreespins({
    repository: createFreespinsRepository(deps.db),
    bonuses,
    accounts: deps.wallet.accounts,
    events: deps.events,
    jobs: deps.jobs,
  });
  bonuses.useFreespins(freespins.grants);
  await server.register(bonusRoutes, { bonuses, guards: deps.guards });
  await server.register(freespinRoutes, { freespins, guards: deps.guards });
  await server.register(bonusPublicRoutes, { bonuses });
  await server.register(bonusAdminRoutes, {
    bonuses,
    adminApiKey: deps.adminApiKey,
    subunitOf: async (code) =>
      (await deps.currencies.listCurrencies({ visibleOnly: false })).find((c) => c.code === code)?.subunitToUnit,
  });

  // --- bonus codes and weekly cashback (codes.ts, cashback.ts) ---
  const codes = createBonusCodes({
    repository: createBonusCodesRepository(deps.db),
    catalogue: repository,
    bonuses,
    accounts: deps.wallet.accounts,
    events: deps.events,
  });
  const cashback = createCashback({
    repository: createCashbackRepository(deps.db),
    catalogue: repository,
    bonuses,
    results: deps.wallet.accounts,
    jobs: deps.jobs,
  });
  await server.register(bonusCodeRoutes, { codes, guards: deps.guards });
  await server.register(bonusCodeAdminRoutes, { codes, adminApiKey: deps.adminApiKey });
  await server.register(cashbackRoutes, { cashback, guards: deps.guards });
  // A registration's promo code, after the account's commit (the emitter logs a failure).
  deps.appEvents.on('auth.player-registered', async ({ playerId, bonusCode }) => {
    if (bonusCode) await codes.enterAtSignUp(playerId, bonusCode);
  });
  return {
    ...bonuses,
    cashback,
    /** Free spins; the in-house games play them (originals' FreespinSource). */
    freespins,
    /**
     * A credited deposit: the bonus it names, or else (a deposit that names none and was not
     * declined) the player's code waiting for a deposit.
     */
    onDepositCredited: (...[trx, deposit]: Parameters<typeof bonuses.onDepositCredited>) =>
      deposit.bonusId ? bonuses.onDepositCredited(trx, deposit) : codes.onDepositCredited(trx, deposit),
  };
}
