import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { AuthGuards } from '../auth';
import type { Jobs } from '../jobs';
import type { RealtimeEvents } from '../realtime';
import type { Wallet } from '../wallet';
import { createBonusesRepository } from './repository';
import { bonusAdminRoutes, bonusRoutes } from './routes';
import { createBonuses, type CurrencySource } from './service';

export type { Bonuses } from './service';

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
  },
) {
  const bonuses = createBonuses({
    repository: createBonusesRepository(deps.db),
    ledger: deps.wallet.ledger,
    accounts: deps.wallet.accounts,
    currencies: deps.currencies,
    events: deps.events,
    jobs: deps.jobs,
  });
  server.addHook('onReady', bonuses.warmUp);
  await server.register(bonusRoutes, { bonuses, guards: deps.guards });
  await server.register(bonusAdminRoutes, {
    bonuses,
    adminApiKey: deps.adminApiKey,
    subunitOf: async (code) =>
      (await deps.currencies.listCurrencies({ visibleOnly: false })).find((c) => c.code === code)?.subunitToUnit,
  });
  return bonuses;
}
