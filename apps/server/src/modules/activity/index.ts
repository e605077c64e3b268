import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { EventRegistry } from '../../lib/events';
import { createActivityRepository } from './repository';
import { devActivityRoutes } from './routes';
import { createActivity, type GameActivityReader } from './service';

export type { Activity, GameActivityReader, GameActivitySourceRow } from './service';
export type { StreamPosition } from './repository';
export type {
  ActivityConsumer,
  ActivityRecord,
  DepositActivity,
  GameActivity,
  NewActivity,
  ProfileActivity,
  SignInActivity,
} from './types';

/**
 * The activity stream (docs/activity.md): game calls, deposits, profile changes and sign-ins,
 * read in commit order by the engines that react to play, each record once per consumer.
 * Deposits, profile changes and sign-ins are recorded from the app events their modules emit
 * inside the change's transaction; game calls are read where the game wallet writes them.
 */
export async function registerActivity(
  server: FastifyInstance,
  deps: {
    db: Db;
    readGameActivity: GameActivityReader;
    appEvents: EventRegistry;
    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
    /** 0: no poller in this process (tests drain by hand). */
    pollMs: number;
    isProduction: boolean;
    log: { error(details: object, message: string): void };
  },
) {
  const activity = createActivity({
    repository: createActivityRepository(deps.db),
    readGameActivity: deps.readGameActivity,
    transaction: deps.transaction,
    log: deps.log,
  });
  deps.appEvents.on('payments.deposit-credited', ({ trx, playerId, accountId, invoiceId, amountMinor, currency }) =>
    activity.record(trx, { kind: 'deposit', playerId, accountId, invoiceId, amountMinor, currency }),
  );
  deps.appEvents.on('profile.updated', ({ trx, playerId, filledFields }) =>
    activity.record(trx, { kind: 'profile', playerId, filledFields }),
  );
  deps.appEvents.on('auth.signed-in', ({ trx, playerId, sessionId }) =>
    activity.record(trx, { kind: 'sign-in', playerId, sessionId }),
  );
  // Consumers register while the modules are built; their rows are made once the server is ready.
  let stop: (() => Promise<void>) | undefined;
  server.addHook('onReady', async () => {
    await activity.ensureConsumers();
    if (deps.pollMs > 0) stop = activity.start(deps.pollMs);
  });
  server.addHook('onClose', async () => stop?.());
  if (!deps.isProduction) await server.register(devActivityRoutes, { activity });
  return activity;
}
