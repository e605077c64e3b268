import { describe, expect, it } from 'vitest';
import {
  canCancel,
  EMPTY_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  formatInvoiceAmount,
  invalidRange,
  invoicesQuery,
  invoiceStatusKey,
  withFilter,
  type HistoryFilters,
} from './logic';

const usd = { code: 'USD', subunitToUnit: 100, subCurrencies: [], type: 'fiat' as const };
const btc = {
  code: 'BTC',
  subunitToUnit: 100_000_000,
  subCurrencies: [{ code: 'mBTC', name: 'mBTC', subunitToUnit: 1000 }],
  type: 'crypto' as const,
};

describe('history filters in the URL', () => {
  it('reads known values and drops unknown or malformed ones', () => {
    expect(
      filtersFromSearch(new URLSearchParams('type=withdrawal&status=pending&from=2026-01-05&to=2026-02-28&page=3')),
    ).toEqual({ type: 'withdrawal', status: 'pending', from: '2026-01-05', to: '2026-02-28', page: 3 });
    expect(filtersFromSearch(new URLSearchParams('type=bet&status=9&from=2026-02-30&to=yesterday&page=-2'))).toEqual(
      EMPTY_FILTERS,
    );
    expect(filtersFromSearch(new URLSearchParams('page=1.5'))).toEqual(EMPTY_FILTERS);
  });

  it('writes only what is set and round-trips', () => {
    expect(filtersToSearch(EMPTY_FILTERS).toString()).toBe('');
    const filters: HistoryFilters = { type: 'deposit', status: 'success', from: '2026-03-01', to: null, page: 2 };
    const search = filtersToSearch(filters);
    expect(search.toString()).toBe('type=deposit&status=success&from=2026-03-01&page=2');
    expect(filtersFromSearch(search)).toEqual(filters);
  });

  it('goes back to page 1 when a filter changes', () => {
    const on3: HistoryFilters = { ...EMPTY_FILTERS, page: 3 };
    expect(withFilter(on3, { type: 'withdrawal' })).toEqual({ ...EMPTY_FILTERS, type: 'withdrawal', page: 1 });
  });

  it('spots an end date before the start date', () => {
    expect(invalidRange({ from: '2026-03-02', to: '2026-03-01' })).toBe(true);
    expect(invalidRange({ from: '2026-03-01', to: '2026-03-01' })).toBe(false);
    expect(invalidRange({ from: null, to: '2026-03-01' })).toBe(false);
  });
});

describe('history filters for the API', () => {
  it('maps words to the numeric enums and local days to inclusive ISO bounds', () => {
    const query = invoicesQuery({ type: 'withdrawal', status: 'error', from: '2026-03-01', to: '2026-03-02', page: 4 });
    expect(query).toMatchObject({ page: 4, perPage: 10, type: [2], status: [3] });
    expect(new Date(query.dateFrom ?? '').getTime()).toBe(new Date(2026, 2, 1).getTime());
    expect(new Date(query.dateTo ?? '').getTime()).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).getTime());
  });

  it('leaves unset filters out', () => {
    const query = invoicesQuery(EMPTY_FILTERS, 20);
    expect(query).toEqual({
      page: 1,
      perPage: 20,
      type: undefined,
      status: undefined,
      dateFrom: undefined,
      dateTo: undefined,
    });
  });
});

describe('invoice display', () => {
  it('names the status, telling a cancelled invoice from a failed one', () => {
    expect(invoiceStatusKey({ status: 1, statusResult: null })).toBe('pending');
    expect(invoiceStatusKey({ status: 2, statusResult: 'paid' })).toBe('success');
    expect(invoiceStatusKey({ status: 3, statusResult: 'declined' })).toBe('declined');
    expect(invoiceStatusKey({ status: 3, statusResult: 'failed' })).toBe('error');
    expect(invoiceStatusKey({ status: 4, statusResult: null })).toBe('processing');
    expect(invoiceStatusKey({ status: 5, statusResult: null })).toBe('preparing');
  });

  it('offers cancelling only for a pending withdrawal', () => {
    expect(canCancel({ status: 1, invoiceType: 2 })).toBe(true);
    expect(canCancel({ status: 1, invoiceType: 1 })).toBe(false);
    expect(canCancel({ status: 4, invoiceType: 2 })).toBe(false);
  });

  it('formats signed amounts in the display unit and locale', () => {
    expect(formatInvoiceAmount({ amount: 25, currency: 'USD', invoiceType: 1 }, usd, 'en')).toBe('+25.00 USD');
    expect(formatInvoiceAmount({ amount: 1234.5, currency: 'USD', invoiceType: 2 }, usd, 'de')).toBe('−1.234,50 USD');
    expect(formatInvoiceAmount({ amount: 0.0125, currency: 'BTC', invoiceType: 1 }, btc, 'en')).toBe('+12.50 mBTC');
    expect(formatInvoiceAmount({ amount: 3, currency: 'XYZ', invoiceType: 1 }, undefined, 'en')).toBe('+3.00 XYZ');
  });
});
