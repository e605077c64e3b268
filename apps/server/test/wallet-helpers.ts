import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/database';
import { createSettingsRepository } from '../src/modules/settings/repository';
import { toCurrency } from '../src/modules/settings/service';
import { createWallet, type Wallet } from '../src/modules/wallet';
import type { TestServer } from './harness';

export { ledgerViolations } from '../src/modules/wallet/audit-repository';

/** Helpers of the wallet tests: the module wired to a test server, players, and the ledger's invariants. */

/** The wallet module on the test server's database and realtime events (the app builds its own the same way). */
export function walletOf(t: TestServer): Wallet {
  const settings = createSettingsRepository(t.db);
  return createWallet({
    db: t.db,
    events: t.app.realtime.events,
    currencies: {
      listCurrencies: async () => (await settings.listCurrencies({ visibleOnly: false })).map(toCurrency),
    },
  });
}

/** A player row without the sign-up flow (no password, no session): enough for the ledger. */
export async function insertPlayer(db: Db, currency = 'USD'): Promise<string> {
  const row = await db
    .insertInto('players')
    .values({ email: `ledger.${randomUUID()}@example.com`, registration_method: 'email', currency })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Opens (or finds) a player's account in a currency; returns its id. */
export async function accountFor(wallet: Wallet, db: Db, playerId: string, currency: string): Promise<string> {
  return (await db.transaction().execute((trx) => wallet.accounts.ensureAccount(trx, playerId, currency))).id;
}

/** Credits a player's account from the sandbox funding account. */
export async function fund(wallet: Wallet, accountId: string, currency: string, amountMinor: bigint) {
  return wallet.ledger.post({
    idempotencyKey: `test-fund:${randomUUID()}`,
    kind: 'sandbox_funding',
    entries: [
      { accountRef: { accountId }, amountMinor },
      { accountRef: { operator: 'sandbox_funding', currency }, amountMinor: -amountMinor },
    ],
  });
}

export interface Balances {
  real: bigint;
  bonus: bigint;
  locked: bigint;
}

export async function balancesOf(db: Db, accountId: string): Promise<Balances> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(['balance_minor', 'bonus_balance_minor', 'locked_balance_minor'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return { real: row.balance_minor, bonus: row.bonus_balance_minor, locked: row.locked_balance_minor };
}
