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
        'a.limits_apply',
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
    limitsApply: row.limits_apply,
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

    /**
     * Records transactions (unless their idempotency key exists) and locks accounts, in one
     * statement: the accounts in id order (every writer locks in the same order, so no two
     * wait on each other in a cycle). Answers the locked rows and how many of the
     * transactions were new; a key held by a concurrent transaction waits for its commit.
     */
    async insertTransactionsAndLock(
      q: Executor,
      transactions: readonly {
        id: string;
        idempotencyKey: string;
        kind: string;
        requestHash: string;
        metadata: string;
      }[],
      accountIds: readonly string[],
    ): Promise<{ accounts: LedgerAccountRow[]; inserted: number; createdAt: Date }> {
      const values = sql.join(
        transactions.map(
          (t) => sql`(${t.id}::uuid, ${t.idempotencyKey}, ${t.kind}, ${t.requestHash}, ${t.metadata}::jsonb)`,
        ),
      );
      const { rows } = await sql<LedgerAccountRow & { inserted_count: number; tx_created_at: Date }>`
        with tx as (
          insert into ledger_transactions (id, idempotency_key, kind, request_hash, metadata)
          values ${values}
          on conflict (idempotency_key) do nothing
          returning id
        )
        select a.*, (select count(*) from tx)::int4 as inserted_count, now() as tx_created_at
        from ledger_accounts a
        where a.id in (${sql.join(accountIds.map((id) => sql`${id}::uuid`))})
        order by a.id
        for update of a`.execute(q);
      if (rows.length === 0) {
        // No account found: the count still says whether the transactions were new.
        const { rows: counted } = await sql<{ n: number }>`
          select count(*)::int4 as n from ledger_transactions
          where id in (${sql.join(transactions.map((t) => sql`${t.id}::uuid`))})`.execute(q);
        return { accounts: [], inserted: counted[0]?.n ?? 0, createdAt: new Date() };
      }
      const first = rows[0] as (typeof rows)[number];
      const accounts = rows.map(({ inserted_count: _count, tx_created_at: _at, ...account }) => account);
      return { accounts, inserted: first.inserted_count, createdAt: first.tx_created_at };
    },

    /**
     * Writes postings and adds each account's deltas to its balances (the caller holds the
     * locks), in one statement; answers the postings with the player accounts as they are
     * after it (the view of `playerAccountsByIds`, null columns for operator accounts).
     */
    async writePostings(
      q: Executor,
      postings: readonly {
        transactionId: string;
        accountId: string;
        bucket: LedgerBucket;
        currency: string;
        amountMinor: bigint;
      }[],
      deltas: ReadonlyMap<string, BalanceDeltas>,
    ): Promise<{ postings: LedgerPostingRow[]; playerAccounts: PlayerAccountView[] }> {
      const postingValues = sql.join(
        postings.map(
          (p) =>
            sql`(${p.transactionId}::uuid, ${p.accountId}::uuid, ${p.bucket}, ${p.currency}, ${p.amountMinor}::int8)`,
        ),
      );
      const deltaValues = sql.join(
        [...deltas].map(([id, d]) => sql`(${id}::uuid, ${d.real}::int8, ${d.bonus}::int8, ${d.locked}::int8)`),
      );
      const { rows } = await sql<
        LedgerPostingRow & {
          view_id: string | null;
          player_id: string | null;
          view_currency: string | null;
          subunit_to_unit: bigint | null;
          balance_minor: bigint | null;
          bonus_balance_minor: bigint | null;
          locked_balance_minor: bigint | null;
          restricted_minor: bigint | null;
          is_hidden: boolean | null;
          limits_apply: boolean | null;
          account_created_at: Date | null;
          is_active: boolean | null;
        }
      >`
        with p as (
          insert into ledger_postings (transaction_id, account_id, bucket, currency, amount_minor)
          values ${postingValues}
          returning *
        ), u as (
          update ledger_accounts a set
            balance_minor = a.balance_minor + d.real,
            bonus_balance_minor = a.bonus_balance_minor + d.bonus,
            locked_balance_minor = a.locked_balance_minor + d.locked,
            updated_at = now()
          from (values ${deltaValues}) as d (id, real, bonus, locked)
          where a.id = d.id
          returning a.*
        ), v as (
          select u.id as view_id, u.player_id, u.currency as view_currency, c.subunit_to_unit, u.balance_minor,
            u.bonus_balance_minor, u.locked_balance_minor, u.restricted_minor, u.is_hidden,
            u.limits_apply, u.created_at as account_created_at, coalesce(w.active_account_id = u.id, false) as is_active
          from u
          join currencies c on c.code = u.currency
          left join player_wallets w on w.player_id = u.player_id
          where u.kind = 'player'
        )
        select p.*, v.* from p left join v on v.view_id = p.account_id order by p.id`.execute(q);
      const views = new Map<string, PlayerAccountView>();
      for (const row of rows) {
        if (row.view_id === null || views.has(row.view_id)) continue;
        views.set(row.view_id, {
          id: row.view_id,
          playerId: row.player_id ?? '',
          currency: row.view_currency ?? row.currency,
          subunitToUnit: row.subunit_to_unit ?? 1n,
          balanceMinor: row.balance_minor ?? 0n,
          bonusBalanceMinor: row.bonus_balance_minor ?? 0n,
          lockedBalanceMinor: row.locked_balance_minor ?? 0n,
          restrictedMinor: row.restricted_minor ?? 0n,
          isHidden: row.is_hidden ?? false,
          limitsApply: row.limits_apply ?? false,
          isActive: row.is_active ?? false,
          createdAt: row.account_created_at ?? new Date(0),
        });
      }
      return {
        postings: rows.map((row) => ({
          id: row.id,
          transaction_id: row.transaction_id,
          account_id: row.account_id,
          bucket: row.bucket,
          currency: row.currency,
          amount_minor: row.amount_minor,
          created_at: row.created_at,
        })),
        playerAccounts: [...views.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
      };
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

    /** The id of an operator account, created on first use (`created`: by this transaction). */
    async ensureOperatorAccount(
      q: Executor,
      account: { kind: OperatorAccountKind; key: string; currency: string },
    ): Promise<{ id: string; created: boolean }> {
      const inserted = await q
        .insertInto('ledger_accounts')
        .values({ kind: account.kind, operator_key: account.key, currency: account.currency })
        // A literal for the partial index's predicate (see `ensurePlayerAccount`).
        .onConflict((oc) =>
          oc.columns(['kind', 'operator_key', 'currency']).where('kind', '<>', sql.lit('player')).doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { id: inserted.id, created: true };
      const row = await q
        .selectFrom('ledger_accounts')
        .select('id')
        .where('kind', '=', account.kind)
        .where('operator_key', '=', account.key)
        .where('currency', '=', account.currency)
        .executeTakeFirstOrThrow();
      return { id: row.id, created: false };
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
        // A literal, not a parameter: the partial index is matched when the statement is
        // parsed, and a prepared statement's parameters are unknown then.
        .onConflict((oc) => oc.columns(['player_id', 'currency']).where('kind', '=', sql.lit('player')).doNothing())
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

    /** The account's row (locked to the end of the transaction), or undefined for another player's or unknown one. */
    async setLimitsApply(
      q: Executor,
      playerId: string,
      accountId: string,
      apply: boolean,
    ): Promise<{ currency: string } | undefined> {
      return q
        .updateTable('ledger_accounts')
        .set({ limits_apply: apply })
        .where('id', '=', accountId)
        .where('player_id', '=', playerId)
        .where('kind', '=', 'player')
        .returning('currency')
        .executeTakeFirst();
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

    /**
     * Per player account, the sum of its `real` postings of ledger transactions of `kinds`
     * made in [from, to): game bets (negative), wins and rollbacks (positive) give the net
     * result of real money in games. Accounts without such postings are left out.
     */
    async sumRealPostingsByAccount(
      q: Executor,
      range: { kinds: readonly string[]; from: Date; to: Date },
    ): Promise<{ accountId: string; playerId: string; currency: string; sumMinor: bigint }[]> {
      if (range.kinds.length === 0) return [];
      const rows = await q
        .selectFrom('ledger_transactions as t')
        .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
        .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
        .select([
          'a.id',
          'a.player_id',
          'a.currency',
          (eb) => eb.fn.sum<string | number | bigint>('p.amount_minor').as('total'),
        ])
        .where('t.kind', 'in', [...range.kinds])
        .where('t.created_at', '>=', range.from)
        .where('t.created_at', '<', range.to)
        .where('p.bucket', '=', sql.lit('real'))
        .where('a.kind', '=', sql.lit('player'))
        .groupBy(['a.id', 'a.player_id', 'a.currency'])
        .orderBy('a.id')
        .execute();
      return rows.map((row) => ({
        accountId: row.id,
        playerId: row.player_id ?? '',
        currency: row.currency,
        sumMinor: toBigint(row.total),
      }));
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
