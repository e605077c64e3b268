import {
  InvoiceStatus,
  type DepositResponse,
  type InvoiceUpdate,
  type PaymentMethod,
  type WalletAccount,
} from '@croupier/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/context';
import { ApiError } from '../../lib/api';
import { ASYNC_INVOICE_KEY, useProfile } from '../auth';
import { useToasts } from '../layout';
import { useModals } from '../modals';
import { realtimeKeys } from '../realtime/query-keys';
import { track } from '../tracking';
import { createDeposit } from './api';
import {
  actionUrl,
  amountFailure,
  boundsOption,
  displayBounds,
  displayPresets,
  fieldFailures,
  formatAmount,
  fromDisplayAmount,
  initialAmount,
  initialFieldValues,
  methodBounds,
  requestFields,
  visibleFields,
  NETWORK_FIELD,
  type DisplayUnit,
  type FieldValues,
} from './logic';
import { AmountInput, AwaitInvoiceView, CopyField, MethodFields, Presets, QrView } from './parts';
import { QrCode } from './QrCode';

/** Crypto address refresh after a network change (spec §9). */
const ADDRESS_DEBOUNCE_MS = 1000;
/** Player status that refuses deposits (spec §3 profile). */
const LIMITED_DEPOSIT_STATUS = 2;

type View =
  | { kind: 'form' }
  | { kind: 'await'; invoiceId: string }
  | { kind: 'qr'; invoiceId: string; payload: string }
  | { kind: 'iframe'; invoiceId: string; url: string }
  | { kind: 'address'; address: string; tag?: string; qr?: string };

export interface DepositFormProps {
  method: PaymentMethod;
  account: WalletAccount;
  unit: DisplayUnit;
  country: string | null;
  showFilledFields: boolean;
  /** Closes the wallet past its cancel-deposit guard. */
  closeWallet: () => void;
}

/** The newest realtime update of an invoice (set by the realtime reactions, never fetched). */
function useInvoiceUpdate(invoiceId: string | undefined): InvoiceUpdate | undefined {
  return (
    useQuery<InvoiceUpdate | null>({
      queryKey: realtimeKeys.invoiceUpdate(invoiceId ?? ''),
      queryFn: () => null,
      enabled: false,
    }).data ?? undefined
  );
}

/**
 * The deposit form (spec §2.5, §5): amount with presets within bounds, the method's
 * fields, submit; then by processing type a window, a QR, an embedded page, the pending
 * modal or the await-invoice view. Crypto (type address) asks for an address as soon as
 * a network is chosen.
 */
export function DepositForm({ method, account, unit, country, showFilledFields, closeWallet }: DepositFormProps) {
  const { t } = useTranslation('global-components');
  const { locale, localePath } = useLocale();
  const { open } = useModals();
  const { notify } = useToasts();
  const profile = useProfile().data;
  const [values, setValues] = useState<FieldValues>(() => initialFieldValues(method.fields));
  const option = boundsOption(method.fields, values);
  const bounds = displayBounds(methodBounds(method, option), unit);
  const presets = displayPresets(method, methodBounds(method, option), unit);
  const [amount, setAmount] = useState(() => initialAmount(method, methodBounds(method, option), unit));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState(false);
  const [view, setView] = useState<View>({ kind: 'form' });
  const popup = useRef<Window | null>(null);
  const isCrypto = method.type === 'address';
  const shownFields = useMemo(() => visibleFields(method.fields, showFilledFields), [method.fields, showFilledFields]);
  const failures = fieldFailures(method.fields, values);
  const amountError = isCrypto ? null : amountFailure(amount, bounds);
  const invalid = Boolean(amountError) || Object.keys(failures).length > 0;

  const waitingId = view.kind === 'await' || view.kind === 'qr' || view.kind === 'iframe' ? view.invoiceId : undefined;
  const update = useInvoiceUpdate(waitingId);

  const fail = () => {
    popup.current?.close();
    popup.current = null;
    closeWallet();
    open('deposit-error');
  };

  // The invoice's outcome: success or error modals; a pending update with public data
  // delivers a QR (or a redirect) to a waiting asynchronous deposit.
  useEffect(() => {
    if (!update || !waitingId) return;
    if (update.status === InvoiceStatus.SUCCESS) {
      sessionStorage.removeItem(ASYNC_INVOICE_KEY);
      popup.current?.close();
      closeWallet();
      open('deposit-success', { props: { sum: update.amount, currency: update.currency } });
    } else if (update.status === InvoiceStatus.ERROR) {
      sessionStorage.removeItem(ASYNC_INVOICE_KEY);
      fail();
    } else if (update.status === InvoiceStatus.PENDING && view.kind === 'await') {
      // A QR is rendered from the update itself (below); a bare URL asks to be followed.
      if (!update.publicData?.qr && update.publicData?.url) {
        const url = update.publicData.url;
        open('deposit-redirect', {
          props: { onAction: (key: string) => key === 'continue' && window.location.assign(url) },
        });
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts to a new update only
  }, [update]);

  const submit = async () => {
    if (profile?.status === LIMITED_DEPOSIT_STATUS) {
      notify({
        type: 'error',
        title: t('limitedDeposit.title', { ns: 'alerts' }),
        description: t('limitedDeposit.description', { ns: 'alerts' }),
      });
      return;
    }
    // A window opened in the click itself is not blocked; it gets its address later.
    if (method.processingType === 'form' && !isCrypto) popup.current = window.open('about:blank', '_blank');
    setPending(true);
    const amountMajor = isCrypto ? 0 : fromDisplayAmount(Number(amount), unit);
    const here = `${window.location.origin}${localePath('/')}`;
    let response: DepositResponse;
    try {
      response = await createDeposit({
        method: method.method,
        currency: account.currency,
        accountId: account.id,
        amount: isCrypto ? fromDisplayAmount(bounds.min, unit) : amountMajor,
        country,
        redirectSuccessUrl: `${here}?deposit-success=true`,
        redirectErrorUrl: `${here}?deposit-error=true`,
        redirectUrl: window.location.href,
        fields: requestFields(values),
      });
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.status === 422 && isCrypto) return;
      fail();
      return;
    }
    setPending(false);
    track({
      event: 'wallet',
      funnelStep: 'sent',
      walletOperationType: 'deposit',
      walletType: isCrypto ? 'crypto' : 'fiat',
      depositAmount: amountMajor,
      depositCurrency: account.currency,
      invoiceId: response.invoiceId,
    });
    if (isCrypto || response.address) {
      setView({ kind: 'address', address: response.address ?? '', tag: response.tag, qr: response.qr });
      return;
    }
    switch (response.processingType) {
      case 'form': {
        const url = actionUrl(response.action, response.fields);
        if (popup.current) popup.current.location.href = url;
        else popup.current = window.open(url, '_blank');
        setView({ kind: 'await', invoiceId: response.invoiceId });
        return;
      }
      case 'qr':
        setView({ kind: 'qr', invoiceId: response.invoiceId, payload: response.qr ?? '' });
        return;
      case 'iframe':
        setView({ kind: 'iframe', invoiceId: response.invoiceId, url: actionUrl(response.action, response.fields) });
        return;
      case 'message':
        closeWallet();
        open('deposit-pending');
        return;
      case 'asyncRedirect':
        sessionStorage.setItem(ASYNC_INVOICE_KEY, response.invoiceId);
        setView({ kind: 'await', invoiceId: response.invoiceId });
        return;
    }
  };

  // Crypto: an address for the chosen network, asked for again (debounced) when it changes.
  const network = values[NETWORK_FIELD];
  useEffect(() => {
    if (!isCrypto) return undefined;
    const timer = setTimeout(() => void submit(), ADDRESS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one request per method and network
  }, [isCrypto, method.method, network]);

  if (view.kind === 'await') {
    const qr = update?.status === InvoiceStatus.PENDING ? update.publicData?.qr : undefined;
    return qr ? <QrView payload={qr} /> : <AwaitInvoiceView />;
  }
  if (view.kind === 'qr') return <QrView payload={view.payload} />;
  if (view.kind === 'iframe') {
    return (
      <iframe
        className="wallet-iframe"
        src={view.url}
        title={t('wallet.tabs.deposit')}
        sandbox="allow-forms allow-scripts allow-same-origin allow-popups"
      />
    );
  }

  const onField = (key: string, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setTouched((current) => new Set(current).add(key));
    if (key === NETWORK_FIELD) track({ event: 'wallet', funnelStep: 'network', walletType: 'crypto' });
  };

  if (isCrypto) {
    const networkName = option?.name ?? '';
    return (
      <div className="wallet-form">
        <MethodFields
          fields={shownFields.filter((field) => field.key === NETWORK_FIELD)}
          values={values}
          onChange={onField}
          failures={failures}
          serverErrors={{}}
          touched={touched}
        />
        {view.kind === 'address' && view.address ? (
          <>
            {view.qr ? (
              <div className="wallet-qr__code" data-testid="wallet-qr" data-payload={view.qr}>
                <QrCode
                  value={view.qr}
                  sizePx={176}
                  label={t('wallet.crypto.address', { currency: account.currency })}
                />
              </div>
            ) : null}
            <CopyField
              value={view.address}
              label={t('wallet.crypto.address', { currency: account.currency })}
              copyLabel={t('wallet.crypto.addressCopy')}
              copiedLabel={t('wallet.crypto.addressCopied')}
            />
            {view.tag ? (
              <>
                <CopyField
                  value={view.tag}
                  label={t('wallet.crypto.destinationTag')}
                  copyLabel={t('buttons.copy')}
                  copiedLabel={t('buttons.copied')}
                />
                <p className="wallet-note">{t('wallet.crypto.destinationTagHint')}</p>
              </>
            ) : null}
            <p className="wallet-warning" role="note">
              {t('wallet.crypto.warning', { currency: account.currency, network: networkName })}
            </p>
            <p className="wallet-note">
              {t('wallet.crypto.minDeposit', {
                sum: formatAmount(bounds.min, unit.decimals, locale),
                currency: unit.code,
              })}
            </p>
          </>
        ) : (
          <div className="wallet-methods__item skeleton" aria-busy="true" />
        )}
      </div>
    );
  }

  return (
    <form
      className="wallet-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(new Set(method.fields.map((field) => field.key)));
        if (!invalid && !pending) void submit();
      }}
    >
      <AmountInput
        value={amount}
        onChange={setAmount}
        bounds={bounds}
        decimals={unit.decimals}
        unitCode={unit.code}
        failure={amountError}
      />
      <Presets presets={presets} value={amount} onPick={setAmount} decimals={unit.decimals} />
      <MethodFields
        fields={shownFields}
        values={values}
        onChange={onField}
        failures={failures}
        serverErrors={{}}
        touched={touched}
      />
      <button type="submit" className="button button--primary wallet-form__submit" disabled={invalid || pending}>
        {pending
          ? t('wallet.form.processing')
          : t('wallet.form.depositSubmit', {
              sum: formatAmount(Number(amount) || 0, unit.decimals, locale),
              currency: unit.code,
            })}
      </button>
      <p className="wallet-note">{t('wallet.form.fee')}</p>
    </form>
  );
}
