import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type {
  Database,
  LedgerAccountKind,
  LedgerAccountTable,
  LedgerBucket,
  LedgerPostingTable,
  LedgerTransactionTable,
} from '../../db/schema';
import type { PlayerAccountView } from './present';

/** The database or a transaction: every method runs on what it is given. */
export type Executor = Kysely<Database>;

export type LedgerAccountRow = Selectable<LedgerAccountTable>;
export type LedgerTransactionRow = Selectable<LedgerTransactionTable>;
export type LedgerPostingRow = Selectable<LedgerPostingTable>;
export type OperatorAccountKind = Exclude<LedgerAccountKind, 'player'>;

export interface BalanceDeltas {
  real: bigint;
  bonus: bigint;
  locked: bigint;
}

/** Sums come back as numeric text on both drivers. */
const toBigint = (value: string | number | bigint | null): bigint => BigInt(value ?? 0);

/** All SQL of the wallet module: ledger accounts, transactions, postings and player wallets. */
export function createWalletRepository(db: Db) {
  /** Player accounts with their currency's precision and whether each is the active one. */
  const playerAccounts = (q: Executor) =>
    q
      .selectFrom('ledger_accounts as a')
      .innerJoin('currencies as c', 'c.code', 'a.currency')
      .leftJoin('player_wallets as w', 'w.player_id', 'a.player_id')
      .select([
        'a.id',
        'a.player_id',
        'a.currency',
        'c.subunit_to_unit',
        'a.balance_minor',
        'a.bonus_balance_minor',
        'a.locked_balance_minor',
        'a.restricted_minor',
        'a.is_hidden',
        'a.created_at',
        sql<boolean>`coalesce(w.active_account_id = a.id, false)`.as('is_active'),
      ])
      .where('a.kind', '=', 'player');

  type PlayerAccountRow = Awaited<ReturnType<ReturnType<typeof playerAccounts>['execute']>>[number];
  const toView = (row: PlayerAccountRow): PlayerAccountView => ({
    id: row.id,
    playerId: row.player_id ?? '',
    currency: row.currency,
    subunitToUnit: row.subunit_to_unit,
    balanceMinor: row.balance_minor,
    bonusBalanceMinor: row.bonus_balance_minor,
    lockedBalanceMinor: row.locked_balance_minor,
    restrictedMinor: row.restricted_minor,
    isHidden: row.is_hidden,
    isActive: row.is_active,
    createdAt: row.created_at,
  });

  return {
    db,

    // ---- ledger transactions and postings ----

    /** Inserts the transaction unless its idempotency key exists (then undefined). Waits for a concurrent holder of the key. */
    async insertTransaction(
      q: Executor,
      values: { idempotencyKey: string; kind: string; requestHash: string; metadata: string },
    ): Promise<LedgerTransactionRow | undefined> {
      return q
        .insertInto('ledger_transactions')
        .values({
          idempotency_key: values.idempotencyKey,
          kind: values.kind,
          request_hash: values.requestHash,
          metadata: values.metadata,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async findTransactionByKey(q: Executor, idempotencyKey: string): Promise<LedgerTransactionRow | undefined> {
      return q
        .selectFrom('ledger_transactions')
        .selectAll()
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    async insertPostings(
      q: Executor,
      transactionId: string,
      postings: { accountId: string; bucket: LedgerBucket; currency: string; amountMinor: bigint }[],
    ): Promise<LedgerPostingRow[]> {
      return q
        .insertInto('ledger_postings')
        .values(
          postings.map((p) => ({
            transaction_id: transactionId,
            account_id: p.accountId,
            bucket: p.bucket,
            currency: p.currency,
            amount_minor: p.amountMinor,
          })),
        )
        .returningAll()
        .execute();
    },

    async listPostings(q: Executor, transactionId: string): Promise<LedgerPostingRow[]> {
      return q
        .selectFrom('ledger_postings')
        .selectAll()
        .where('transaction_id', '=', transactionId)
        .orderBy('id')
        .execute();
    },

    // ---- accounts: resolving, locking, balances ----

    /** The id of an operator account, created on first use. */
    async ensureOperatorAccount(
      q: Executor,
      account: { kind: OperatorAccountKind; key: string; currency: string },
    ): Promise<string> {
      const inserted = await q
        .insertInto('ledger_accounts')
        .values({ kind: account.kind, operator_key: account.key, currency: account.currency })
        .onConflict((oc) => oc.columns(['kind', 'operator_key', 'currency']).where('kind', '<>', 'player').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return inserted.id;
      const row = await q
        .selectFrom('ledger_accounts')
        .select('id')
        .where('kind', '=', account.kind)
        .where('operator_key', '=', account.key)
        .where('currency', '=', account.currency)
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Locks accounts for the rest of the transaction, in id order: every writer takes its
     * locks in the same order, so two transactions never wait on each other in a cycle.
     */
    async lockAccounts(q: Executor, ids: readonly string[]): Promise<LedgerAccountRow[]> {
      if (ids.length === 0) return [];
      return q
        .selectFrom('ledger_accounts')
        .selectAll()
        .where('id', 'in', [...ids])
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    /** Adds the deltas to an account's balances (the caller holds its lock). */
    async applyDeltas(q: Executor, accountId: string, deltas: BalanceDeltas): Promise<void> {
      await q
        .updateTable('ledger_accounts')
        .set({
          balance_minor: sql<bigint>`balance_minor + ${deltas.real}`,
          bonus_balance_minor: sql<bigint>`bonus_balance_minor + ${deltas.bonus}`,
          locked_balance_minor: sql<bigint>`locked_balance_minor + ${deltas.locked}`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', accountId)
        .execute();
    },

    async findAccount(q: Executor, id: string): Promise<LedgerAccountRow | undefined> {
      return q.selectFrom('ledger_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findOperatorAccount(
      q: Executor,
      account: { kind: OperatorAccountKind; key: string; currency: string },
    ): Promise<LedgerAccountRow | undefined> {
      return q
        .selectFrom('ledger_accounts')
        .selectAll()
        .where('kind', '=', account.kind)
        .where('operator_key', '=', account.key)
        .where('currency', '=', account.currency)
        .executeTakeFirst();
    },

    /** Sum of an account's postings per bucket (the audit of its materialised balances). */
    async sumPostings(q: Executor, accountId: string): Promise<BalanceDeltas> {
      const rows = await q
        .selectFrom('ledger_postings')
        .select(['bucket', (eb) => eb.fn.sum<string | number | bigint>('amount_minor').as('total')])
        .where('account_id', '=', accountId)
        .groupBy('bucket')
        .execute();
      const sums: BalanceDeltas = { real: 0n, bonus: 0n, locked: 0n };
      for (const row of rows) sums[row.bucket] = toBigint(row.total);
      return sums;
    },

    // ---- player accounts and wallets ----

    async playerAccountsByIds(q: Executor, ids: readonly string[]): Promise<PlayerAccountView[]> {
      if (ids.length === 0) return [];
      const rows = await playerAccounts(q)
        .where('a.id', 'in', [...ids])
        .orderBy('a.id')
        .execute();
      return rows.map(toView);
    },

    /**
     * The player's accounts in the order they were opened. Hidden accounts are left out,
     * except the active one and any that holds money: money never disappears from view.
     */
    async listPlayerAccounts(q: Executor, playerId: string): Promise<PlayerAccountView[]> {
      const rows = await playerAccounts(q)
        .where('a.player_id', '=', playerId)
        .where((eb) =>
          eb.or([
            eb('a.is_hidden', '=', false),
            eb('w.active_account_id', '=', eb.ref('a.id')),
            eb('a.balance_minor', '<>', 0n),
            eb('a.bonus_balance_minor', '<>', 0n),
            eb('a.locked_balance_minor', '<>', 0n),
          ]),
        )
        .orderBy('a.created_at')
        .orderBy('a.id')
        .execute();
      return rows.map(toView);
    },

    async findPlayerAccount(q: Executor, playerId: string, accountId: string): Promise<PlayerAccountView | undefined> {
      const row = await playerAccounts(q)
        .where('a.player_id', '=', playerId)
        .where('a.id', '=', accountId)
        .executeTakeFirst();
      return row && toView(row);
    },

    async findPlayerAccountByCurrency(
      q: Executor,
      playerId: string,
      currency: string,
    ): Promise<PlayerAccountView | undefined> {
      const row = await playerAccounts(q)
        .where('a.player_id', '=', playerId)
        .where('a.currency', '=', currency)
        .executeTakeFirst();
      return row && toView(row);
    },

    /**
     * Moves the restricted part of a player account (the deposit a turn-over wager holds
     * back) by `deltaMinor`, never below zero; the caller holds the account's lock.
     */
    async adjustRestriction(q: Executor, accountId: string, deltaMinor: bigint): Promise<void> {
      await q
        .updateTable('ledger_accounts')
        .set({
          restricted_minor: sql<bigint>`greatest(restricted_minor + ${deltaMinor}, 0)`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', accountId)
        .where('kind', '=', 'player')
        .execute();
    },

    /** Opens the player's account in a currency unless it exists; returns its id. */
    async ensurePlayerAccount(q: Executor, playerId: string, currency: string): Promise<string> {
      const inserted = await q
        .insertInto('ledger_accounts')
        .values({ kind: 'player', player_id: playerId, currency })
        .onConflict((oc) => oc.columns(['player_id', 'currency']).where('kind', '=', 'player').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return inserted.id;
      const row = await q
        .selectFrom('ledger_accounts')
        .select('id')
        .where('kind', '=', 'player')
        .where('player_id', '=', playerId)
        .where('currency', '=', currency)
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Creates the player's wallet with `accountId` active, unless the player has one. */
    async ensureWallet(q: Executor, playerId: string, accountId: string): Promise<void> {
      await q
        .insertInto('player_wallets')
        .values({ player_id: playerId, active_account_id: accountId })
        .onConflict((oc) => oc.column('player_id').doNothing())
        .execute();
    },

    async hasWallet(q: Executor, playerId: string): Promise<boolean> {
      const row = await q
        .selectFrom('player_wallets')
        .select('player_id')
        .where('player_id', '=', playerId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Locks the player's wallet row: account settings (active, hidden) change one at a time per player. */
    async lockWallet(q: Executor, playerId: string): Promise<{ activeAccountId: string } | undefined> {
      const row = await q
        .selectFrom('player_wallets')
        .select('active_account_id')
        .where('player_id', '=', playerId)
        .forUpdate()
        .executeTakeFirst();
      return row && { activeAccountId: row.active_account_id };
    },

    async setActiveAccount(q: Executor, playerId: string, accountId: string): Promise<void> {
      await q
        .updateTable('player_wallets')
        .set({ active_account_id: accountId, updated_at: sql<Date>`now()` })
        .where('player_id', '=', playerId)
        .execute();
    },

    async setHidden(q: Executor, accountId: string, hidden: boolean): Promise<void> {
      await q
        .updateTable('ledger_accounts')
        .set({ is_hidden: hidden, updated_at: sql<Date>`now()` })
        .where('id', '=', accountId)
        .where('kind', '=', 'player')
        .execute();
    },

    /** The currency the player registered with, if any. */
    async playerCurrency(q: Executor, playerId: string): Promise<string | null> {
      const row = await q.selectFrom('players').select('currency').where('id', '=', playerId).executeTakeFirst();
      return row?.currency ?? null;
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
