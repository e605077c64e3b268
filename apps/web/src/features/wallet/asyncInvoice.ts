import { InvoiceStatus, type Invoice, type InvoiceUpdate } from '@croupier/contract';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ASYNC_INVOICE_KEY } from '../auth';
import { realtimeKeys } from '../../lib/query-keys';

/**
 * The pending asynchronous (asyncRedirect) deposit of this tab, kept in session storage
 * (`asyncInvoiceId`) so that reopening the wallet, or reloading, resumes its await/QR view.
 */

const listeners = new Set<() => void>();

export function readAsyncInvoiceId(): string | null {
  try {
    return window.sessionStorage.getItem(ASYNC_INVOICE_KEY);
  } catch {
    return null;
  }
}

export function writeAsyncInvoiceId(invoiceId: string | null): void {
  try {
    if (invoiceId === null) window.sessionStorage.removeItem(ASYNC_INVOICE_KEY);
    else window.sessionStorage.setItem(ASYNC_INVOICE_KEY, invoiceId);
  } catch {
    // storage unavailable (private mode): nothing survives the wallet, as before
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAsyncInvoiceId(): string | null {
  // Reading is safe without a window (null), so the first render already resumes.
  return useSyncExternalStore(subscribe, readAsyncInvoiceId, readAsyncInvoiceId);
}

export function subscribeAsyncInvoiceId(listener: () => void): () => void {
  return subscribe(listener);
}

/** What a waiting asynchronous deposit shows or does, from the newest news of its invoice. */
export type AsyncDepositState =
  | { kind: 'waiting' }
  | { kind: 'qr'; payload: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'success'; amount: number; currency: string }
  | { kind: 'error' };

/**
 * Status 1 with public data delivers a QR (or a page to follow); 2 and 3 end the invoice
 * (the payment channel's invoice events). Any other status, or no news yet, keeps waiting.
 */
export function asyncDepositState(
  invoice: Pick<InvoiceUpdate | Invoice, 'status' | 'amount' | 'currency' | 'publicData'> | undefined,
): AsyncDepositState {
  if (!invoice) return { kind: 'waiting' };
  if (invoice.status === InvoiceStatus.SUCCESS) {
    return { kind: 'success', amount: invoice.amount, currency: invoice.currency };
  }
  if (invoice.status === InvoiceStatus.ERROR) return { kind: 'error' };
  if (invoice.status === InvoiceStatus.PENDING) {
    if (invoice.publicData?.qr) return { kind: 'qr', payload: invoice.publicData.qr };
    if (invoice.publicData?.url) return { kind: 'redirect', url: invoice.publicData.url };
  }
  return { kind: 'waiting' };
}

/** The newest realtime update of an invoice (set by the realtime reactions, never fetched). */
export function useInvoiceUpdate(invoiceId: string | undefined): InvoiceUpdate | undefined {
  return (
    useQuery<InvoiceUpdate | null>({
      queryKey: realtimeKeys.invoiceUpdate(invoiceId ?? ''),
      queryFn: () => null,
      enabled: false,
    }).data ?? undefined
  );
}
