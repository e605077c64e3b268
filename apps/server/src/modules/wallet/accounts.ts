import type { Currency, WalletAccount } from '@croupier/contract';
import { AppError } from '../../lib/errors';
import { toWalletAccount, type PlayerAccountView } from './present';
import type { Executor, WalletRepository } from './repository';

/**
 * The player's accounts: one per currency, exactly one active. A player's first call
 * opens the account of their registration currency (or the base currency), so that
 * every signed-in player has an active account.
 */

/** The currencies a player may hold (the settings module's cached list). */
export interface CurrencySource {
  listCurrencies(query: { visibleOnly: boolean }): Promise<Currency[]>;
}

/** The ledger kinds of game money (the game wallet's bets, wins, rollbacks and resettlements). */
const GAME_MONEY_KINDS = ['game.bet', 'game.win', 'game.rollback', 'game.resettle'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNAVAILABLE = 'This currency is not available.';

export function createWalletAccounts(deps: { repository: WalletRepository; currencies: CurrencySource }) {
  const { repository, currencies } = deps;
  const { db } = repository;

  /** A currency a player may open an account in: enabled, real money (not a quest's virtual currency). */
  async function holdable(code: string): Promise<Currency | undefined> {
    const all = await currencies.listCurrencies({ visibleOnly: false });
    return all.find((c) => c.code === code && c.isEnabled && c.type !== 'virtual');
  }

  /**
   * Opens the player's account in `currency` unless it exists; the player's first account
   * becomes the active one. For other modules too (a bonus in a currency the player has no
   * account in yet), inside their transaction.
   */
  async function ensureAccount(q: Executor, playerId: string, currency: string): Promise<PlayerAccountView> {
    const id = await repository.ensurePlayerAccount(q, playerId, currency);
    await repository.ensureWallet(q, playerId, id);
    const account = await repository.findPlayerAccount(q, playerId, id);
    if (!account) throw new Error(`account ${id} vanished`);
    return account;
  }

  /** Gives a player without accounts the account of their registration currency, else of the base currency. */
  async function ensureDefault(playerId: string): Promise<void> {
    if (await repository.hasWallet(db, playerId)) return;
    const registered = await repository.playerCurrency(db, playerId);
    const all = await currencies.listCurrencies({ visibleOnly: false });
    const currency =
      (registered ? await holdable(registered) : undefined) ??
      all.find((c) => c.isBase && c.isEnabled) ??
      all.find((c) => c.isEnabled && c.type !== 'virtual');
    if (!currency) throw new AppError('SERVICE_UNAVAILABLE', 'No currency is available.');
    await db.transaction().execute((trx) => ensureAccount(trx, playerId, currency.code));
  }

  async function list(q: Executor, playerId: string): Promise<WalletAccount[]> {
    return (await repository.listPlayerAccounts(q, playerId)).map(toWalletAccount);
  }

  /** The player's own account, locked settings row held; another player's id is a 404 like an unknown one. */
  async function ownAccount(q: Executor, playerId: string, accountId: string) {
    const wallet = await repository.lockWallet(q, playerId);
    const account = UUID.test(accountId)
      ? await repository.findPlayerAccount(q, playerId, accountId.toLowerCase())
      : undefined;
    if (!wallet || !account) throw AppError.notFound('Unknown account.');
    return { wallet, account };
  }

  return {
    ensureAccount,

    /** The player's own account by id; undefined for an unknown id or another player's account. */
    async findOwn(playerId: string, accountId: string): Promise<PlayerAccountView | undefined> {
      return UUID.test(accountId) ? repository.findPlayerAccount(db, playerId, accountId.toLowerCase()) : undefined;
    },

    async findByCurrency(playerId: string, currency: string): Promise<PlayerAccountView | undefined> {
      return repository.findPlayerAccountByCurrency(db, playerId, currency);
    },

    /**
     * Locks the account row to the end of `trx` and returns what may be withdrawn (the
     * balance less its restricted part); undefined for an unknown account.
     */
    async lockWithdrawable(trx: Executor, accountId: string): Promise<bigint | undefined> {
      const [row] = await repository.lockAccounts(trx, [accountId]);
      if (!row) return undefined;
      return row.balance_minor > row.restricted_minor ? row.balance_minor - row.restricted_minor : 0n;
    },

    /** Locks the account row to the end of `trx` and returns its real and bonus balances. */
    async lockBalances(
      trx: Executor,
      accountId: string,
    ): Promise<{ realMinor: bigint; bonusMinor: bigint } | undefined> {
      const [row] = await repository.lockAccounts(trx, [accountId]);
      return row && { realMinor: row.balance_minor, bonusMinor: row.bonus_balance_minor };
    },

    /**
     * Sets whether the account has a bet or loss limit (the limits module), in the caller's
     * transaction: the update takes the account's row lock, so it waits for the game rounds
     * posting to the account and every later round sees the flag with its balances.
     * Undefined when the player has no such account.
     */
    setLimitsApply: (trx: Executor, playerId: string, accountId: string, apply: boolean) =>
      repository.setLimitsApply(trx, playerId, accountId, apply),

    /**
     * Moves the account's withdrawal restriction by `deltaMinor` (never below zero), for the
     * turn-over wager inside its transaction; a rule on the money, not money, so no posting.
     */
    adjustRestriction: (trx: Executor, accountId: string, deltaMinor: bigint): Promise<void> =>
      repository.adjustRestriction(trx, accountId, deltaMinor),

    async listAccounts(playerId: string): Promise<WalletAccount[]> {
      await ensureDefault(playerId);
      return list(db, playerId);
    },

    /** Opens the account of a currency, or shows a hidden one again; it does not switch to it. */
    async createAccount(playerId: string, currencyCode: string): Promise<WalletAccount[]> {
      const currency = await holdable(currencyCode);
      if (!currency) throw AppError.validation({ currency: [UNAVAILABLE] }, UNAVAILABLE);
      await ensureDefault(playerId);
      return db.transaction().execute(async (trx) => {
        await repository.lockWallet(trx, playerId);
        const account = await ensureAccount(trx, playerId, currency.code);
        if (account.isHidden) await repository.setHidden(trx, account.id, false);
        return list(trx, playerId);
      });
    },

    /** Makes the account the active one (status 1), showing it again if it was hidden. */
    async switchAccount(playerId: string, accountId: string): Promise<WalletAccount[]> {
      return db.transaction().execute(async (trx) => {
        const { account } = await ownAccount(trx, playerId, accountId);
        await repository.setActiveAccount(trx, playerId, account.id);
        if (account.isHidden) await repository.setHidden(trx, account.id, false);
        return list(trx, playerId);
      });
    },

    /** Hides an account from the list. Not the active one, and not one that holds money. */
    async hideAccount(playerId: string, accountId: string): Promise<WalletAccount[]> {
      return db.transaction().execute(async (trx) => {
        const { wallet, account } = await ownAccount(trx, playerId, accountId);
        if (wallet.activeAccountId === account.id) {
          throw new AppError('CONFLICT', 'The active account cannot be hidden. Switch to another account first.');
        }
        // Locked so that no credit lands between this check and the hiding.
        const [row] = await repository.lockAccounts(trx, [account.id]);
        if (!row) throw AppError.notFound('Unknown account.');
        if (row.balance_minor !== 0n || row.bonus_balance_minor !== 0n || row.locked_balance_minor !== 0n) {
          throw new AppError('CONFLICT', 'An account that holds money cannot be hidden.');
        }
        await repository.setHidden(trx, account.id, true);
        return list(trx, playerId);
      });
    },

    /**
     * The net result of real money in games per player account over [from, to): bets,
     * wins and rollbacks (negative: the player lost). For the bonuses module's cashback,
     * inside its transaction.
     */
    realGameResultsByAccount: (q: Executor, range: { from: Date; to: Date }) =>
      repository.sumRealPostingsByAccount(q, { kinds: GAME_MONEY_KINDS, ...range }),
  };
}

export type WalletAccounts = ReturnType<typeof createWalletAccounts>;
