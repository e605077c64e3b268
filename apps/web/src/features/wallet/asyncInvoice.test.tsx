import { InvoiceStatus, type InvoiceUpdate } from '@croupier/contract';
import { QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ASYNC_INVOICE_KEY } from '../auth';
import { realtimeKeys } from '../../lib/query-keys';
import { AsyncDepositView } from './AsyncDepositView';
import { asyncDepositState, readAsyncInvoiceId, subscribeAsyncInvoiceId, writeAsyncInvoiceId } from './asyncInvoice';
import { WalletModalBody } from './WalletModalBody';
import { bodyProps, englishContent, renderInApp } from './wallet.testutil';

let content: i18n;
beforeAll(async () => {
  content = await englishContent();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function sessionStore(initial: Record<string, string> = {}): Map<string, string> {
  const values = new Map(Object.entries(initial));
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => values.set(key, value),
      removeItem: (key: string) => values.delete(key),
    },
  });
  return values;
}

const update = (status: number, publicData: InvoiceUpdate['publicData'] = null): InvoiceUpdate => ({
  id: 'inv-async',
  playerId: 'p1',
  amount: 40,
  currency: 'EUR',
  paymentMethod: 'sandbox.ewallet',
  status,
  createdAt: '2026-11-25T12:00:00.000Z',
  number: null,
  publicData,
});

describe('the stored asynchronous deposit', () => {
  it('is kept in session storage under asyncInvoiceId and tells its readers', () => {
    const values = sessionStore();
    const listener = vi.fn();
    const unsubscribe = subscribeAsyncInvoiceId(listener);
    writeAsyncInvoiceId('inv-async');
    expect(values.get(ASYNC_INVOICE_KEY)).toBe('inv-async');
    expect(readAsyncInvoiceId()).toBe('inv-async');
    writeAsyncInvoiceId(null);
    expect(values.has(ASYNC_INVOICE_KEY)).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('reads nothing without a window', () => {
    expect(readAsyncInvoiceId()).toBeNull();
  });

  it('waits, shows the QR of a pending update, and ends on 2 or 3', () => {
    expect(asyncDepositState(undefined)).toEqual({ kind: 'waiting' });
    expect(asyncDepositState(update(InvoiceStatus.PENDING))).toEqual({ kind: 'waiting' });
    expect(asyncDepositState(update(InvoiceStatus.PENDING, { qr: 'pay:1' }))).toEqual({ kind: 'qr', payload: 'pay:1' });
    expect(asyncDepositState(update(InvoiceStatus.PENDING, { url: 'https://psp.test' }))).toEqual({
      kind: 'redirect',
      url: 'https://psp.test',
    });
    expect(asyncDepositState(update(InvoiceStatus.SUCCESS))).toEqual({ kind: 'success', amount: 40, currency: 'EUR' });
    expect(asyncDepositState(update(InvoiceStatus.ERROR))).toEqual({ kind: 'error' });
    expect(asyncDepositState(update(InvoiceStatus.PROCESSING))).toEqual({ kind: 'waiting' });
  });
});

describe('resuming it in the wallet', () => {
  it('reopens on the await-invoice view of the stored invoice, not the method list', () => {
    sessionStore({ [ASYNC_INVOICE_KEY]: 'inv-async' });
    const { markup } = renderInApp(content, <WalletModalBody {...bodyProps({ tab: 'deposit' })} />);
    expect(markup).toContain('Waiting for your payment');
    expect(markup).not.toContain('wallet-method-skeleton');
  });

  it('shows the QR the provider pushed while the wallet was closed', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(
      realtimeKeys.invoiceUpdate('inv-async'),
      update(InvoiceStatus.PENDING, { qr: 'pay:inv-async' }),
    );
    const { markup } = renderInApp(
      content,
      <AsyncDepositView invoiceId="inv-async" closeWallet={() => undefined} onBack={() => undefined} />,
      { queryClient },
    );
    expect(markup).toContain('data-payload="pay:inv-async"');
    expect(markup).not.toContain('Waiting for your payment');
  });

  it('is not shown on the withdraw tab', () => {
    sessionStore({ [ASYNC_INVOICE_KEY]: 'inv-async' });
    const { markup } = renderInApp(content, <WalletModalBody {...bodyProps({ tab: 'withdraw' })} />);
    expect(markup).not.toContain('Waiting for your payment');
  });
});
