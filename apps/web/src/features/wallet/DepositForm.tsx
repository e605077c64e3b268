import { InvoiceStatus, PlayerStatus, type DepositResponse } from '@croupier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/app-settings';
import { parseAmountInput } from '../../lib/amount-input';
import { hasApiStatus, isApiError } from '../../lib/api';
import { firstFieldErrors, profileQuery, useProfile } from '../auth';
import { BonusPicker, useDepositBonusChoice } from '../bonuses';
import { useToasts } from '../layout';
import { useModals } from '../modals';
import { track } from '../tracking';
import { createDeposit } from './api';
import { useInvoiceUpdate, writeAsyncInvoiceId } from './asyncInvoice';
import {
  addressReducer,
  bonusToSend,
  choiceNeedsSending,
  firstShowing,
  initialAddressState,
  type AddressState,
} from './cryptoAddress';
import { actionUrl, displayBounds, fromDisplayAmount } from '../../lib/wallet-display';
import { formatAmount } from '../../lib/format';
import {
  boundsOption,
  depositRequestBody,
  displayPresets,
  methodBounds,
  NETWORK_FIELD,
  type WalletFormValues,
} from './form-logic';
import { VerificationRequiredNotice } from './VerificationNotice';
import { AmountInput, MethodFields, Presets, useWalletForm, type WalletFormProps } from './form-parts';
import { AwaitInvoiceView, CopyField, QrView } from './parts';
import { QrCode } from './QrCode';
import { Button } from '../../components/ui/Button';
import { Skeleton } from '../../components/ui/Skeleton';

/** Crypto address refresh after a network change. */
const ADDRESS_DEBOUNCE_MS = 1000;
/** How long the address waits for the bonus offers at most. */
const ADDRESS_OFFERS_WAIT_MS = 3000;
/** A crypto deposit's new bonus choice is sent this long after the picker settles. */
const BONUS_CHOICE_DEBOUNCE_MS = 300;

type View =
  | { kind: 'form' }
  | { kind: 'await'; invoiceId: string }
  | { kind: 'qr'; invoiceId: string; payload: string }
  | { kind: 'iframe'; invoiceId: string; url: string };

/** The site's home page and the page the player is on, for the deposit's return URLs. */
function useReturnPages(): { siteUrl: string; currentUrl: string } {
  const { localePath } = useLocale();
  return { siteUrl: `${window.location.origin}${localePath('/')}`, currentUrl: window.location.href };
}

/**
 * The deposit form: amount with presets within bounds, the method's
 * fields, submit; then by processing type a window, a QR, an embedded page, the pending
 * modal or (asyncRedirect) the wallet's await-invoice view. Crypto (type address) asks
 * for an address as soon as a network is chosen.
 */
export function DepositForm(props: WalletFormProps) {
  return props.method.type === 'address' ? <CryptoDepositForm {...props} /> : <FiatDepositForm {...props} />;
}

/**
 * The limitedDeposit alert (DEPOSIT_LIMIT_REACHED or status LIMITED_DEPOSITS): before asking, when the
 * profile says deposits are limited (docs/player-protection.md); after asking, when the server refuses
 * with DEPOSITS_LIMITED (the status changed after the page loaded it; the profile is reloaded).
 */
function useLimitedDepositNotice() {
  const { t } = useTranslation('global-components');
  const { notify } = useToasts();
  const queryClient = useQueryClient();
  const profile = useProfile().data;
  const alert = () =>
    notify({
      type: 'error',
      title: t('limitedDeposit.title', { ns: 'alerts' }),
      description: t('limitedDeposit.description', { ns: 'alerts' }),
    });
  return {
    before(): boolean {
      if (profile?.status !== PlayerStatus.LIMITED_DEPOSITS) return false;
      alert();
      return true;
    },
    refused(error: unknown): boolean {
      if (!isApiError(error, 'DEPOSITS_LIMITED')) return false;
      alert();
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
      return true;
    },
  };
}

function FiatDepositForm(props: WalletFormProps) {
  const { method, account, unit, country, walletType, closeWallet } = props;
  const { t } = useTranslation('global-components');
  const { locale } = useLocale();
  const { open } = useModals();
  const limited = useLimitedDepositNotice();
  const pages = useReturnPages();
  const { methods, amount, typedAmount, option, bounds, shownFields } = useWalletForm(props, { presetAmount: true });
  const presets = displayPresets(method, methodBounds(method, option), unit);
  const [pending, setPending] = useState(false);
  const [verificationNeeded, setVerificationNeeded] = useState(false);
  const [view, setView] = useState<View>({ kind: 'form' });
  const popup = useRef<Window | null>(null);
  const invalid = !methods.formState.isValid;
  const bonus = useDepositBonusChoice({
    currencyCode: account.currency,
    amountMajor: typedAmount !== null && typedAmount > 0 ? fromDisplayAmount(typedAmount, unit) : null,
    crypto: false,
  });

  const waitingId = view.kind === 'form' ? undefined : view.invoiceId;
  const update = useInvoiceUpdate(waitingId);

  const fail = () => {
    popup.current?.close();
    popup.current = null;
    closeWallet();
    open('deposit-error');
  };

  // The invoice's outcome: success or error modals.
  useEffect(() => {
    if (!update || !waitingId) return;
    if (update.status === InvoiceStatus.SUCCESS) {
      popup.current?.close();
      closeWallet();
      open('deposit-success', { props: { sum: update.amount, currency: update.currency } });
    } else if (update.status === InvoiceStatus.ERROR) {
      fail();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts to a new update only
  }, [update]);

  const submit = async ({ amount, fields: values }: WalletFormValues) => {
    if (limited.before()) return;
    // A window opened in the click itself is not blocked; it gets its address later.
    if (method.processingType === 'form') popup.current = window.open('about:blank', '_blank');
    setPending(true);
    const amountMajor = fromDisplayAmount(parseAmountInput(amount, { locale, decimals: unit.decimals }) ?? 0, unit);
    let response: DepositResponse;
    try {
      response = await createDeposit(
        depositRequestBody({ method, account, amountMajor, country, values, ...pages, bonusId: bonus.selectedId }),
      );
    } catch (error) {
      setPending(false);
      const bonusRefusal = hasApiStatus(error, 'VALIDATION_FAILED') ? error.fields?.bonusId?.[0] : undefined;
      if (limited.refused(error) || bonusRefusal !== undefined) {
        // A refused bonus (docs/bonuses.md): the picker says so and the player chooses again.
        if (bonusRefusal !== undefined) bonus.refuse(bonusRefusal);
        popup.current?.close();
        popup.current = null;
        return;
      }
      if (isApiError(error, 'IDENTITY_VERIFICATION_REQUIRED')) {
        popup.current?.close();
        popup.current = null;
        setVerificationNeeded(true);
        return;
      }
      fail();
      return;
    }
    setPending(false);
    track({
      event: 'wallet',
      funnelStep: 'sent',
      walletOperationType: 'deposit',
      walletType,
      depositAmount: amountMajor,
      depositCurrency: account.currency,
      invoiceId: response.invoiceId,
    });
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
        // The wallet shows the await view from the stored id, so that it survives a reopen.
        writeAsyncInvoiceId(response.invoiceId);
        return;
    }
  };

  if (view.kind === 'await') return <AwaitInvoiceView />;
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

  return (
    <form
      className="wallet-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // Valid: sent in the click itself, so that a payment window it opens is not
        // blocked; else the resolver runs for every field and shows their errors.
        if (!invalid && !pending) void submit(methods.getValues());
        else if (invalid) void methods.handleSubmit(() => undefined)();
      }}
    >
      <AmountInput methods={methods} bounds={bounds} decimals={unit.decimals} unitCode={unit.code} />
      <Presets
        presets={presets}
        value={amount}
        onPick={(value) => methods.setValue('amount', value, { shouldValidate: true, shouldDirty: true })}
        decimals={unit.decimals}
      />
      <BonusPicker choice={bonus} />
      <MethodFields fields={shownFields} methods={methods} />
      {verificationNeeded ? <VerificationRequiredNotice kind="deposit" closeWallet={closeWallet} /> : null}
      <Button type="submit" variant="primary" className="wallet-form__submit" disabled={invalid || pending}>
        {pending
          ? t('wallet.form.processing')
          : t('wallet.form.depositSubmit', {
              sum: formatAmount(typedAmount ?? 0, unit.decimals, locale),
              currency: unit.code,
            })}
      </Button>
      <p className="wallet-note">{t('wallet.form.fee')}</p>
    </form>
  );
}

/**
 * A crypto deposit: the network dropdown and the player's address for it, asked for by
 * itself 1000 ms after the last network change. The amount is the payer's, so the
 * request carries the minimum.
 */
function CryptoDepositForm(props: WalletFormProps) {
  const { method, account, unit, country, walletType, closeWallet } = props;
  const { locale } = useLocale();
  const { open } = useModals();
  const limited = useLimitedDepositNotice();
  const pages = useReturnPages();
  const { methods, option, bounds, shownFields } = useWalletForm(props, { withAmount: false });
  const [address, dispatch] = useReducer(addressReducer, initialAddressState);
  const reported = useRef(new Set<string>());
  const minMajor = fromDisplayAmount(bounds.min, unit);
  const networkFields = useMemo(() => shownFields.filter((field) => field.key === NETWORK_FIELD), [shownFields]);
  // The amount is the payer's, so the first offer is the default (docs/bonuses.md). The
  // server keeps each request's choice for the next deposit: a new selection is sent again.
  const bonus = useDepositBonusChoice({ currencyCode: account.currency, amountMajor: null, crypto: true });
  const selectedBonus = useRef<string | null>(null);
  const refusedBonus = useRef<string | null>(null);
  const sentBonus = useRef<string | null | undefined>(undefined);
  const requests = useRef(0);
  useEffect(() => {
    selectedBonus.current = bonus.selectedId;
  }, [bonus.selectedId]);
  const { refuse } = bonus;

  /** The address request, carrying the bonus choice; a refused bonus is the picker's to show. */
  const requestAddress = async () => {
    // The values of this moment: the request number follows the newest network.
    const values = methods.getValues('fields');
    const amountMajor = fromDisplayAmount(
      displayBounds(methodBounds(method, boundsOption(method.fields, values)), unit).min,
      unit,
    );
    const bonusId = bonusToSend({ selectedId: selectedBonus.current, refusedId: refusedBonus.current });
    const sequence = ++requests.current;
    try {
      const response = await createDeposit(
        depositRequestBody({ method, account, amountMajor, country, values, ...pages, bonusId }),
      );
      // The server holds the choice of the request it got last (an earlier answer arriving late changes nothing).
      if (sequence === requests.current) sentBonus.current = bonusId;
      return { response };
    } catch (error) {
      const refusal = hasApiStatus(error, 'VALIDATION_FAILED') ? error.fields?.bonusId?.[0] : undefined;
      if (refusal === undefined || bonusId === null) return { error };
      refusedBonus.current = bonusId;
      refuse(refusal);
      return { refused: true };
    }
  };

  const fetchAddress = async (request: number) => {
    if (limited.before()) {
      dispatch({ type: 'failed', request });
      return;
    }
    const outcome = await requestAddress();
    if (outcome.response) {
      const { response } = outcome;
      dispatch({ type: 'answered', request, address: response.address, tag: response.tag, qr: response.qr });
      return;
    }
    if (outcome.refused) {
      // Asked again without the refused bonus (the picker says why and offers the others).
      dispatch({ type: 'request' });
      return;
    }
    const { error } = outcome;
    if (hasApiStatus(error, 'VALIDATION_FAILED')) {
      dispatch({ type: 'failed', request, fieldErrors: firstFieldErrors(error.fields) });
      return;
    }
    if (limited.refused(error)) {
      dispatch({ type: 'failed', request });
      return;
    }
    if (isApiError(error, 'IDENTITY_VERIFICATION_REQUIRED')) {
      // As the fiat form: the notice says why and leads to verification.
      dispatch({ type: 'failed', request, verificationRequired: true });
      return;
    }
    closeWallet();
    open('deposit-error');
  };

  // A new bonus selection once an address is shown (the default once the offers arrive, the
  // player's pick, a decline): the same request again, for its choice (the address stays).
  useEffect(() => {
    const due = choiceNeedsSending({
      selectedId: bonus.selectedId,
      refusedId: refusedBonus.current,
      sentId: sentBonus.current,
      offersLoading: bonus.status === 'loading',
      addressShown: address.status === 'shown',
    });
    if (!due) return undefined;
    const timer = setTimeout(() => void requestAddress(), BONUS_CHOICE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sends the selection of this moment
  }, [address.status, bonus.selectedId, bonus.status, bonus.refusal]);

  // The first request when the form opens; later ones come from network changes and retries.
  useEffect(() => {
    dispatch({ type: 'request' });
  }, []);

  // Debounced: only the last of quick network changes is asked for, once the bonus offers
  // are in (the request then carries the picker's default rather than none), or after a
  // longer wait without them.
  const offersLoading = bonus.status === 'loading';
  const fetchedRequest = useRef(0);
  useEffect(() => {
    if (address.status !== 'loading' || address.request === 0) return undefined;
    const waitMs = offersLoading ? ADDRESS_OFFERS_WAIT_MS : ADDRESS_DEBOUNCE_MS;
    const timer = setTimeout(() => {
      // Once per request number (the offers may arrive while it is on its way).
      if (fetchedRequest.current === address.request) return;
      fetchedRequest.current = address.request;
      void fetchAddress(address.request);
    }, waitMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one request per request number
  }, [address.request, offersLoading]);

  // The funnel's `sent` step: once per address shown, not on every automatic fetch.
  useEffect(() => {
    if (address.status !== 'shown' || !firstShowing(reported.current, address.address, address.tag)) return;
    track({
      event: 'wallet',
      funnelStep: 'sent',
      walletOperationType: 'deposit',
      walletType,
      depositAmount: minMajor,
      depositCurrency: account.currency,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reports a newly shown address only
  }, [address]);

  const onField = (key: string, value: string, previous: string) => {
    if (key !== NETWORK_FIELD || value === previous) return;
    // At once, in the same render as the new network: never the old address under its warning.
    dispatch({ type: 'request' });
    track({ event: 'wallet', funnelStep: 'network', walletType });
  };

  const fieldErrors = address.status === 'failed' ? address.fieldErrors : {};
  return (
    <div className="wallet-form">
      <MethodFields fields={networkFields} methods={methods} serverErrors={fieldErrors} onChange={onField} />
      <BonusPicker choice={bonus} />
      <CryptoAddressView
        state={address}
        currency={account.currency}
        networkName={option?.name ?? ''}
        minSum={formatAmount(bounds.min, unit.decimals, locale)}
        unitCode={unit.code}
        otherErrors={Object.entries(fieldErrors)
          .filter(([key]) => !networkFields.some((field) => field.key === key))
          .map(([, message]) => message)}
        onRetry={() => dispatch({ type: 'request' })}
        closeWallet={closeWallet}
      />
    </div>
  );
}

/**
 * The address part of a crypto deposit: loading, the address with its QR and warning, why
 * it failed, or the identity-verification notice.
 */
export function CryptoAddressView({
  state,
  currency,
  networkName,
  minSum,
  unitCode,
  otherErrors,
  onRetry,
  closeWallet,
}: {
  state: AddressState;
  currency: string;
  networkName: string;
  /** The minimum, formatted in the display unit `unitCode`. */
  minSum: string;
  unitCode: string;
  /** Server messages of fields the form does not show. */
  otherErrors: readonly string[];
  onRetry: () => void;
  /** Before the verification notice leads to /profile/verification. */
  closeWallet: () => void;
}) {
  const { t } = useTranslation('global-components');
  if (state.status === 'loading') {
    return <Skeleton as="div" className="wallet-methods__item" aria-busy="true" data-testid="wallet-address-loading" />;
  }
  if (state.status === 'failed' && state.verificationRequired) {
    return <VerificationRequiredNotice kind="deposit" closeWallet={closeWallet} />;
  }
  if (state.status === 'failed') {
    return (
      <div className="wallet-address-error" role="alert">
        {otherErrors.map((message) => (
          <p key={message} className="wallet-field__error">
            {message}
          </p>
        ))}
        <p className="wallet-field__error">{t('wallet.crypto.addressError')}</p>
        <Button variant="ghost" onClick={onRetry}>
          {t('buttons.retry')}
        </Button>
      </div>
    );
  }
  return (
    <>
      {state.qr ? (
        <div className="wallet-qr__code" data-testid="wallet-qr" data-payload={state.qr}>
          <QrCode value={state.qr} sizePx={176} label={t('wallet.crypto.address', { currency })} />
        </div>
      ) : null}
      <CopyField
        value={state.address}
        label={t('wallet.crypto.address', { currency })}
        copyLabel={t('wallet.crypto.addressCopy')}
        copiedLabel={t('wallet.crypto.addressCopied')}
      />
      {state.tag ? (
        <>
          <CopyField
            value={state.tag}
            label={t('wallet.crypto.destinationTag')}
            copyLabel={t('buttons.copy')}
            copiedLabel={t('buttons.copied')}
          />
          <p className="wallet-note">{t('wallet.crypto.destinationTagHint')}</p>
        </>
      ) : null}
      <p className="wallet-warning" role="note">
        {t('wallet.crypto.warning', { currency, network: networkName })}
      </p>
      <p className="wallet-note">{t('wallet.crypto.minDeposit', { sum: minSum, currency: unitCode })}</p>
    </>
  );
}
