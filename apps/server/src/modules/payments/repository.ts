import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { InvoiceStatus, InvoiceType } from '@croupier/contract';
import type { Db } from '../../db/database';
import type {
  Database,
  PaymentInvoiceTable,
  PaymentMethodCurrencyTable,
  PaymentMethodTable,
  TurnoverRequirementTable,
} from '../../db/schema';
import type { MethodCurrencyRow } from './catalogue';

/** The database or a transaction: every method runs on what it is given. */
export type Executor = Kysely<Database>;

export type InvoiceRow = Selectable<PaymentInvoiceTable>;
export type TurnoverRow = Selectable<TurnoverRequirementTable>;

export interface InvoiceFilter {
  playerId: string;
  types?: readonly number[] | undefined;
  statuses?: readonly number[] | undefined;
  currencies?: readonly string[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface InvoiceStatisticsRow {
  currency: string;
  deposits_count: string | number | bigint;
  withdrawals_count: string | number | bigint;
  deposits_sum: string | number | bigint;
  withdrawals_sum: string | number | bigint;
  last_deposit_minor: string | number | bigint | null;
  last_withdrawal_minor: string | number | bigint | null;
  last_deposit_at: Date | string | null;
  last_withdrawal_at: Date | string | null;
}

/** All SQL of the payments module (the sandbox provider has its own). */
export function createPaymentsRepository(db: Db) {
  const methodsInCurrency = (q: Executor, direction: 'deposit' | 'withdrawal', currency: string) =>
    q
      .selectFrom('payment_methods as m')
      .innerJoin('payment_method_currencies as c', 'c.method_id', 'm.id')
      .select([
        'm.id',
        'm.direction',
        'm.provider',
        'm.type',
        'm.processing_type',
        'm.logo',
        'm.icon',
        'm.names',
        'm.fields',
        'm.countries',
        'm.position',
        'c.currency',
        'c.amount_min_minor',
        'c.amount_max_minor',
        'c.presets',
        'c.option_bounds',
      ])
      .where('m.direction', '=', direction)
      .where('c.currency', '=', currency)
      .where('m.is_enabled', '=', true)
      .where('c.is_enabled', '=', true);

  const invoiceFilter = (q: Executor, filter: InvoiceFilter) => {
    let query = q.selectFrom('payment_invoices').where('player_id', '=', filter.playerId);
    if (filter.types?.length) query = query.where('invoice_type', 'in', [...filter.types]);
    if (filter.statuses?.length) query = query.where('status', 'in', [...filter.statuses]);
    if (filter.currencies?.length) query = query.where('currency', 'in', [...filter.currencies]);
    if (filter.from) query = query.where('created_at', '>=', filter.from);
    if (filter.to) query = query.where('created_at', '<=', filter.to);
    return query;
  };

  return {
    db,

    // ---- methods ----

    async listMethods(
      q: Executor,
      direction: 'deposit' | 'withdrawal',
      currency: string,
    ): Promise<MethodCurrencyRow[]> {
      return methodsInCurrency(q, direction, currency).orderBy('m.position').orderBy('m.id').execute();
    },

    async findMethod(
      q: Executor,
      id: string,
      direction: 'deposit' | 'withdrawal',
      currency: string,
    ): Promise<MethodCurrencyRow | undefined> {
      return methodsInCurrency(q, direction, currency).where('m.id', '=', id).executeTakeFirst();
    },

    async countMethods(q: Executor): Promise<number> {
      const row = await q
        .selectFrom('payment_methods')
        .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Seed: a method and its currencies, unless present (an operator's edits survive a re-run). */
    async insertMethodIfMissing(
      q: Executor,
      method: Insertable<PaymentMethodTable>,
      currencies: Insertable<PaymentMethodCurrencyTable>[],
    ): Promise<void> {
      await q
        .insertInto('payment_methods')
        .values(method)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      if (currencies.length === 0) return;
      await q
        .insertInto('payment_method_currencies')
        .values(currencies)
        .onConflict((oc) => oc.columns(['method_id', 'currency']).doNothing())
        .execute();
    },

    // ---- invoices ----

    /** Inserts the invoice unless the player already used its idempotency key (then undefined). */
    /**
     * What an account's deposits since `since` add up to: credited, and still under way
     * (pending, processing, preparing: they may yet be credited), for the deposit limits.
     */
    async depositedSince(q: Executor, accountId: string, since: Date): Promise<bigint> {
      const row = await q
        .selectFrom('payment_invoices')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('amount_minor'), sql<bigint>`0`).as('total'))
        .where('account_id', '=', accountId)
        .where('invoice_type', '=', InvoiceType.DEPOSIT)
        .where('status', 'in', [
          InvoiceStatus.SUCCESS,
          InvoiceStatus.PENDING,
          InvoiceStatus.PROCESSING,
          InvoiceStatus.PREPARING,
        ])
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return BigInt(row.total);
    },

    async insertInvoice(q: Executor, values: Insertable<PaymentInvoiceTable>): Promise<InvoiceRow | undefined> {
      return q
        .insertInto('payment_invoices')
        .values(values)
        .onConflict((oc) => oc.columns(['player_id', 'idempotency_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async findInvoiceByKey(q: Executor, playerId: string, idempotencyKey: string): Promise<InvoiceRow | undefined> {
      return q
        .selectFrom('payment_invoices')
        .selectAll()
        .where('player_id', '=', playerId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    async findInvoice(q: Executor, id: string): Promise<InvoiceRow | undefined> {
      return q.selectFrom('payment_invoices').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Locks the invoice for the rest of the transaction (state changes happen one at a time). */
    async lockInvoice(q: Executor, id: string): Promise<InvoiceRow | undefined> {
      return q.selectFrom('payment_invoices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async updateInvoice(q: Executor, id: string, changes: Updateable<PaymentInvoiceTable>): Promise<InvoiceRow> {
      return q
        .updateTable('payment_invoices')
        .set({ ...changes, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async listInvoices(
      q: Executor,
      filter: InvoiceFilter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: InvoiceRow[]; totalRows: number }> {
      const [rows, count] = await Promise.all([
        invoiceFilter(q, filter)
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        invoiceFilter(q, filter)
          .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, totalRows: Number(count.n) };
    },

    /** Withdrawals for the operator, oldest first. */
    async listWithdrawals(
      q: Executor,
      filter: { statuses?: readonly number[] | undefined },
      page: { limit: number; offset: number },
    ): Promise<{ rows: InvoiceRow[]; totalRows: number }> {
      let query = q.selectFrom('payment_invoices').where('invoice_type', '=', 2);
      if (filter.statuses?.length) query = query.where('status', 'in', [...filter.statuses]);
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy('created_at').orderBy('id').limit(page.limit).offset(page.offset).execute(),
        query.select((eb) => eb.fn.countAll<string | number | bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, totalRows: Number(count.n) };
    },

    /** Successful deposits and withdrawals per currency. */
    async statistics(q: Executor, playerId: string): Promise<InvoiceStatisticsRow[]> {
      const result = await sql<InvoiceStatisticsRow>`
        select currency,
          count(*) filter (where invoice_type = 1 and status = 2) as deposits_count,
          count(*) filter (where invoice_type = 2 and status = 2) as withdrawals_count,
          coalesce(sum(amount_minor) filter (where invoice_type = 1 and status = 2), 0)::text as deposits_sum,
          coalesce(sum(amount_minor) filter (where invoice_type = 2 and status = 2), 0)::text as withdrawals_sum,
          ((array_agg(amount_minor order by processed_at desc, id desc)
            filter (where invoice_type = 1 and status = 2))[1])::text as last_deposit_minor,
          ((array_agg(amount_minor order by processed_at desc, id desc)
            filter (where invoice_type = 2 and status = 2))[1])::text as last_withdrawal_minor,
          max(processed_at) filter (where invoice_type = 1 and status = 2) as last_deposit_at,
          max(processed_at) filter (where invoice_type = 2 and status = 2) as last_withdrawal_at
        from payment_invoices
        where player_id = ${playerId}
        group by currency
        order by currency`.execute(q);
      return result.rows;
    },

    /**
     * The ordinal of the player's next successful deposit. Holds a per-player advisory lock
     * until the transaction ends, so that two deposits succeeding together get 1 and 2.
     */
    async nextDepositNumber(q: Executor, playerId: string): Promise<number> {
      await sql`select pg_advisory_xact_lock(hashtext('croupier.deposit-number'), hashtext(${playerId}))`.execute(q);
      const row = await q
        .selectFrom('payment_invoices')
        .select((eb) => eb.fn.max('number').as('n'))
        .where('player_id', '=', playerId)
        .where('invoice_type', '=', 1)
        .executeTakeFirst();
      return Number(row?.n ?? 0) + 1;
    },

    // ---- webhook events ----

    /** Records a provider event; false when it was recorded (applied) before. */
    async recordWebhookEvent(
      q: Executor,
      event: { provider: string; eventId: string; type: string; invoiceId: string | null },
    ): Promise<boolean> {
      const inserted = await q
        .insertInto('payment_webhook_events')
        .values({
          provider: event.provider,
          event_id: event.eventId,
          event_type: event.type,
          invoice_id: event.invoiceId,
        })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    // ---- turn-over wager ----

    async findTurnover(q: Executor, accountId: string): Promise<TurnoverRow | undefined> {
      return q.selectFrom('turnover_requirements').selectAll().where('account_id', '=', accountId).executeTakeFirst();
    },

    /** Adds a deposit's requirement to the account's (the caller holds the account's ledger lock). */
    async addTurnover(
      q: Executor,
      values: {
        accountId: string;
        playerId: string;
        currency: string;
        requiredMinor: bigint;
        restrictedMinor: bigint;
        multiple: string;
      },
    ): Promise<void> {
      await q
        .insertInto('turnover_requirements')
        .values({
          account_id: values.accountId,
          player_id: values.playerId,
          currency: values.currency,
          required_minor: values.requiredMinor,
          restricted_minor: values.restrictedMinor,
          multiple: values.multiple,
        })
        .onConflict((oc) =>
          oc.column('account_id').doUpdateSet({
            required_minor: sql<bigint>`turnover_requirements.required_minor + excluded.required_minor`,
            restricted_minor: sql<bigint>`turnover_requirements.restricted_minor + excluded.restricted_minor`,
            multiple: sql<string>`excluded.multiple`,
            updated_at: sql<Date>`now()`,
          }),
        )
        .execute();
    },

    /** Replaces the account's requirement row (wagering progress, completion). */
    async setTurnover(
      q: Executor,
      accountId: string,
      values: { requiredMinor: bigint; wageredMinor: bigint; restrictedMinor: bigint },
    ): Promise<void> {
      await q
        .updateTable('turnover_requirements')
        .set({
          required_minor: values.requiredMinor,
          wagered_minor: values.wageredMinor,
          restricted_minor: values.restrictedMinor,
          updated_at: sql<Date>`now()`,
        })
        .where('account_id', '=', accountId)
        .execute();
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
