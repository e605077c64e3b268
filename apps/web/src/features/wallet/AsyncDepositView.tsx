import { paymentEndpoints } from '@croupier/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api';
import { useModals } from '../modals';
import { asyncDepositState, useInvoiceUpdate, writeAsyncInvoiceId } from './asyncInvoice';
import { AwaitInvoiceView, QrView } from './parts';

/**
 * The await-invoice view of a pending asynchronous deposit, resumed from the stored
 * invoice id (session storage `asyncInvoiceId`): the QR the provider pushes with
 * status 1, the success or error modal on 2 or 3. The invoice is also read once, so that
 * one that ended while the page was away (a reload) is not awaited forever.
 */
export function AsyncDepositView({
  invoiceId,
  closeWallet,
  onBack,
}: {
  invoiceId: string;
  closeWallet: () => void;
  /** Back to the method list; the invoice stays stored for the next opening. */
  onBack: () => void;
}) {
  const { t } = useTranslation('global-components');
  const { open } = useModals();
  const update = useInvoiceUpdate(invoiceId);
  const fetched = useQuery({
    queryKey: ['payment', 'invoice', invoiceId],
    queryFn: ({ signal }) => call(paymentEndpoints.getInvoice, { params: { invoiceId }, signal }),
    retry: false,
  });
  // An update already cached when the view opened was alerted then; only a newer one opens a modal.
  const updateAtOpen = useRef(update);
  const state = asyncDepositState(update ?? fetched.data);
  const unknown = fetched.isError && !update;

  useEffect(() => {
    if (unknown) {
      writeAsyncInvoiceId(null);
      return;
    }
    if (state.kind !== 'success' && state.kind !== 'error') return;
    writeAsyncInvoiceId(null);
    if (!update || update === updateAtOpen.current) return;
    closeWallet();
    if (state.kind === 'success') open('deposit-success', { props: { sum: state.amount, currency: state.currency } });
    else open('deposit-error');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts to news of the invoice only
  }, [state.kind, unknown]);

  // A pending invoice with a page instead of a QR asks to be followed.
  const redirectUrl = state.kind === 'redirect' ? state.url : undefined;
  useEffect(() => {
    if (!redirectUrl) return;
    open('deposit-redirect', {
      props: { onAction: (key: string) => key === 'continue' && window.location.assign(redirectUrl) },
    });
  }, [redirectUrl, open]);

  return (
    <div className="wallet__form">
      <button type="button" className="wallet__link" onClick={onBack}>
        ← {t('buttons.back')}
      </button>
      {state.kind === 'qr' ? <QrView payload={state.payload} /> : <AwaitInvoiceView />}
    </div>
  );
}
