import { InvoiceStatus, InvoiceType, type Invoice } from '@croupier/contract';
import { formatMoney } from '../../lib/format';
import type { CurrencyInfo } from '../../lib/wallet-display';

/**
 * The transaction history's pure rules: the filters as they stand in the page URL
 * (readable words, local dates) and as the invoices API takes them (numeric enums,
 * ISO date-times), and how one invoice is shown. No React here, so each has a unit test.
 */

export const INVOICE_TYPE_FILTERS = ['deposit', 'withdrawal'] as const;
export type InvoiceTypeFilter = (typeof INVOICE_TYPE_FILTERS)[number];

export const INVOICE_STATUS_FILTERS = ['pending', 'processing', 'preparing', 'success', 'error'] as const;
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

/** Rows a page of the list shows. */
export const HISTORY_PER_PAGE = 10;

export interface HistoryFilters {
  type: InvoiceTypeFilter | null;
  status: InvoiceStatusFilter | null;
  /** Local calendar dates `YYYY-MM-DD`, both inclusive. */
  from: string | null;
  to: string | null;
  page: number;
}

export const EMPTY_FILTERS: HistoryFilters = { type: null, status: null, from: null, to: null, page: 1 };

const TYPE_CODES: Record<InvoiceTypeFilter, number> = {
  deposit: InvoiceType.DEPOSIT,
  withdrawal: InvoiceType.WITHDRAWAL,
};

const STATUS_CODES: Record<InvoiceStatusFilter, number> = {
  pending: InvoiceStatus.PENDING,
  processing: InvoiceStatus.PROCESSING,
  preparing: InvoiceStatus.PREPARING,
  success: InvoiceStatus.SUCCESS,
  error: InvoiceStatus.ERROR,
};

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` that names a real day, else null. */
function calendarDate(value: string | null): string | null {
  const match = value ? DATE_PATTERN.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? value : null;
}

function oneOf<T extends string>(options: readonly T[], value: string | null): T | null {
  return options.find((option) => option === value) ?? null;
}

/** A type filter from a select or the URL; anything else is "all" (null). */
export const parseTypeFilter = (value: string | null) => oneOf(INVOICE_TYPE_FILTERS, value);
export const parseStatusFilter = (value: string | null) => oneOf(INVOICE_STATUS_FILTERS, value);

/** The filters of a page URL; anything unknown or malformed is left out (page 1 by default). */
export function filtersFromSearch(search: URLSearchParams): HistoryFilters {
  const page = Number(search.get('page'));
  return {
    type: parseTypeFilter(search.get('type')),
    status: parseStatusFilter(search.get('status')),
    from: calendarDate(search.get('from')),
    to: calendarDate(search.get('to')),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The page URL's query for the filters: only what is set, and no page 1. */
export function filtersToSearch(filters: HistoryFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.type) search.set('type', filters.type);
  if (filters.status) search.set('status', filters.status);
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** A filter changed: back to the first page. */
export function withFilter(filters: HistoryFilters, change: Partial<Omit<HistoryFilters, 'page'>>): HistoryFilters {
  return { ...filters, ...change, page: 1 };
}

/** Local midnight of a `YYYY-MM-DD` (end: the last millisecond of that day) as an ISO date-time. */
function localDayBound(date: string, end: boolean): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const bound = end ? new Date(year, month - 1, day, 23, 59, 59, 999) : new Date(year, month - 1, day);
  return bound.toISOString();
}

export interface InvoicesApiQuery {
  [key: string]: number | string | number[] | undefined;
  page: number;
  perPage: number;
  type?: number[];
  status?: number[];
  dateFrom?: string;
  dateTo?: string;
}

/** `GET /api/payment/invoices` query of the filters (dates are the player's local days). */
export function invoicesQuery(filters: HistoryFilters, perPage = HISTORY_PER_PAGE): InvoicesApiQuery {
  return {
    page: filters.page,
    perPage,
    type: filters.type ? [TYPE_CODES[filters.type]] : undefined,
    status: filters.status ? [STATUS_CODES[filters.status]] : undefined,
    dateFrom: filters.from ? localDayBound(filters.from, false) : undefined,
    dateTo: filters.to ? localDayBound(filters.to, true) : undefined,
  };
}

/** A date range whose end lies before its start (the server refuses it with a 422). */
export function invalidRange(filters: Pick<HistoryFilters, 'from' | 'to'>): boolean {
  return Boolean(filters.from && filters.to && filters.from > filters.to);
}

/** Content key under `statuses.invoice`: an error that the player or operator ended reads "cancelled". */
export type InvoiceStatusKey = 'pending' | 'processing' | 'preparing' | 'success' | 'error' | 'declined';

export function invoiceStatusKey(invoice: Pick<Invoice, 'status' | 'statusResult'>): InvoiceStatusKey {
  switch (invoice.status) {
    case InvoiceStatus.PENDING:
      return 'pending';
    case InvoiceStatus.PROCESSING:
      return 'processing';
    case InvoiceStatus.PREPARING:
      return 'preparing';
    case InvoiceStatus.SUCCESS:
      return 'success';
    default:
      return invoice.statusResult === 'declined' ? 'declined' : 'error';
  }
}

export function invoiceTypeKey(invoice: Pick<Invoice, 'invoiceType'>): InvoiceTypeFilter {
  return invoice.invoiceType === InvoiceType.WITHDRAWAL ? 'withdrawal' : 'deposit';
}

/** Only a withdrawal still waiting for approval can be cancelled by the player. */
export function canCancel(invoice: Pick<Invoice, 'status' | 'invoiceType'>): boolean {
  return invoice.invoiceType === InvoiceType.WITHDRAWAL && invoice.status === InvoiceStatus.PENDING;
}

/**
 * An invoice amount in its currency's display unit (mBTC for BTC), signed: a deposit
 * adds, a withdrawal takes away.
 */
export function formatInvoiceAmount(
  invoice: Pick<Invoice, 'amount' | 'currency' | 'invoiceType'>,
  currency: CurrencyInfo | undefined,
  locale: string,
): string {
  const magnitude = Math.abs(invoice.amount);
  const signedAmount = invoice.invoiceType === InvoiceType.WITHDRAWAL ? -magnitude : magnitude;
  return formatMoney(signedAmount, currency, locale, { code: invoice.currency, signed: true });
}
