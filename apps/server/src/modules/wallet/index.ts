import type { Db } from '../../db/database';
import type { RealtimeEvents } from '../realtime';
import { createWalletAccounts, type CurrencySource } from './accounts';
import { createLedger } from './ledger';
import { createWalletRepository } from './repository';
import { createSandboxFunding } from './sandbox';

export type {
  AccountRef,
  AccountSplit,
  BucketEntry,
  Ledger,
  PostingEntry,
  PostInput,
  PostResult,
  ShareEntry,
  ShareOf,
  SpendEntry,
} from './ledger';
export { LedgerInputError, shareParts } from './ledger';
export type { WalletAccounts } from './accounts';
export type { PlayerAccountView } from './present';
export { toWalletAccount, withdrawalBalanceMinor } from './present';
export { walletRoutes } from './routes';
export { walletDevRoutes } from './dev-routes';
export { amountMinorOrThrow } from './amounts';
export { requestHash } from './request-hash';

/**
 * The wallet module: the ledger (the only way money moves) and the player's accounts.
 * Other modules move money with `ledger.post` / `ledger.postIn` and never write the
 * ledger tables themselves.
 */
export function createWallet(deps: { db: Db; events: RealtimeEvents; currencies: CurrencySource }) {
  const repository = createWalletRepository(deps.db);
  const ledger = createLedger({ repository, events: deps.events });
  return {
    ledger,
    accounts: createWalletAccounts({ repository, currencies: deps.currencies }),
    /** Play money for a player's own account; wired to a route outside production only. */
    sandbox: createSandboxFunding({ repository, ledger }),
  };
}

export type Wallet = ReturnType<typeof createWallet>;
