import {
  InvoiceType,
  toMajorAmount,
  type Invoice,
  type InvoicesQuery,
  type InvoiceStatistics,
  type PaginationMeta,
} from '@croupier/contract';
import { AppError } from '../../lib/errors';
import { pageMeta, pageOffset } from '../../lib/pagination';
import type { RealtimeEvents } from '../realtime';
import { toBaseMajor, type CurrencyLookup } from './currencies';
import type { Deposits } from './deposits';
import { toInvoice } from './present';
import type { InvoiceRow, InvoiceStatisticsRow, PaymentsRepository } from './repository';
import { isUuid } from './requests';
import type { Withdrawals } from './withdrawals';

/** The player's invoices: history with filters, one invoice, statistics, and declining. */
export function createInvoices(deps: {
  repository: PaymentsRepository;
  events: RealtimeEvents;
  currencies: CurrencyLookup;
  deposits: Deposits;
  withdrawals: Withdrawals;
}) {
  const { repository, currencies } = deps;
  const { db } = repository;

  async function present(rows: InvoiceRow[]): Promise<Invoice[]> {
    const byCode = await currencies.byCode();
    return rows.map((row) => {
      const currency = byCode.get(row.currency);
      if (!currency) throw new Error(`unknown currency ${row.currency}`);
      return toInvoice(row, BigInt(currency.subunitToUnit));
    });
  }

  /** The player's own invoice; another player's id is a 404 like an unknown one. */
  async function own(playerId: string, invoiceId: string): Promise<InvoiceRow> {
    const row = isUuid(invoiceId) ? await repository.findInvoice(db, invoiceId.toLowerCase()) : undefined;
    if (!row || row.player_id !== playerId) throw AppError.notFound('Unknown invoice.');
    return row;
  }

  return {
    async list(playerId: string, query: InvoicesQuery): Promise<{ data: Invoice[]; meta: PaginationMeta }> {
      const from = query.dateFrom ? new Date(query.dateFrom) : undefined;
      const to = query.dateTo ? new Date(query.dateTo) : undefined;
      if (from && to && from > to) {
        throw AppError.validation({ dateTo: ['The end date must not be before the start date.'] });
      }
      const { rows, totalRows } = await repository.listInvoices(
        db,
        { playerId, types: query.type, statuses: query.status, currencies: query.currency, from, to },
        { limit: query.perPage, offset: pageOffset(query.page, query.perPage) },
      );
      return { data: await present(rows), meta: pageMeta({ page: query.page, perPage: query.perPage, totalRows }) };
    },

    async get(playerId: string, invoiceId: string): Promise<Invoice> {
      const [invoice] = await present([await own(playerId, invoiceId)]);
      if (!invoice) throw new Error('unreachable');
      return invoice;
    },

    /** `PUT …/{id}/decline`: a pending deposit is abandoned; a pending withdrawal's money comes back. */
    async decline(playerId: string, invoiceId: string): Promise<Invoice> {
      const found = await own(playerId, invoiceId);
      const subunitOf = await currencies.subunits();
      const row = await deps.events.transaction(async (trx) => {
        const invoice = await repository.lockInvoice(trx, found.id);
        if (!invoice) throw AppError.notFound('Unknown invoice.');
        return invoice.invoice_type === InvoiceType.WITHDRAWAL
          ? deps.withdrawals.decline(trx, invoice, subunitOf)
          : deps.deposits.decline(trx, invoice, subunitOf);
      });
      const [invoice] = await present([row]);
      if (!invoice) throw new Error('unreachable');
      return invoice;
    },

    async statistics(playerId: string): Promise<InvoiceStatistics[]> {
      const [rows, byCode, base] = await Promise.all([
        repository.statistics(db, playerId),
        currencies.byCode(),
        currencies.base(),
      ]);
      return rows.flatMap((row: InvoiceStatisticsRow) => {
        const currency = byCode.get(row.currency);
        if (!currency) return [];
        const major = (minor: bigint) => toMajorAmount(minor, currency);
        const inBase = (minor: bigint) => toBaseMajor(minor, currency, base);
        const minorOrNull = (value: string | number | bigint | null) => (value === null ? null : BigInt(value));
        const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
        const depositsSum = BigInt(row.deposits_sum);
        const withdrawalsSum = BigInt(row.withdrawals_sum);
        const lastDeposit = minorOrNull(row.last_deposit_minor);
        const lastWithdrawal = minorOrNull(row.last_withdrawal_minor);
        return [
          {
            currency: row.currency,
            depositsCount: Number(row.deposits_count),
            withdrawalsCount: Number(row.withdrawals_count),
            purchasesCount: 0,
            virtualPayoutsCount: 0,
            depositsSum: major(depositsSum),
            withdrawalsSum: major(withdrawalsSum),
            purchasesSum: 0,
            virtualPayoutsSum: 0,
            lastDepositAmount: lastDeposit === null ? null : major(lastDeposit),
            lastWithdrawalAmount: lastWithdrawal === null ? null : major(lastWithdrawal),
            lastPurchaseAmount: null,
            lastVirtualPayoutAmount: null,
            lastDepositProcessedAt: iso(row.last_deposit_at),
            lastWithdrawalProcessedAt: iso(row.last_withdrawal_at),
            lastPurchaseProcessedAt: null,
            lastVirtualPayoutProcessedAt: null,
            depositsSumBaseCurrency: inBase(depositsSum),
            withdrawalsSumBaseCurrency: inBase(withdrawalsSum),
            purchasesSumBaseCurrency: 0,
            virtualPayoutsSumBaseCurrency: 0,
            lastDepositAmountBaseCurrency: lastDeposit === null ? null : inBase(lastDeposit),
            lastWithdrawalAmountBaseCurrency: lastWithdrawal === null ? null : inBase(lastWithdrawal),
            lastPurchaseAmountBaseCurrency: null,
            lastVirtualPayoutAmountBaseCurrency: null,
          },
        ];
      });
    },
  };
}

export type Invoices = ReturnType<typeof createInvoices>;
