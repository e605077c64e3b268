import type { PaymentMethod, TurnOverWager, WalletAccount } from '@croupier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/app-settings';
import { hasApiStatus } from '../../lib/api';
import { firstFieldErrors } from '../auth';
import { useToasts } from '../layout';
import { useModals } from '../modals';
import { realtimeKeys } from '../../lib/query-keys';
import { track, type WalletType } from '../tracking';
import { createWithdrawal } from './api';
import { formatAmount, formatPercent } from '../../lib/format';
import {
  displayBounds,
  fromDisplayAmount,
  toDisplayAmount,
  turnOverProgress,
  type DisplayUnit,
} from '../../lib/wallet-display';
import {
  amountFailure,
  boundsOption,
  fieldFailures,
  initialFieldValues,
  methodBounds,
  requestFields,
  visibleFields,
  type FieldValues,
} from './form-logic';
import { AmountInput, MethodFields } from './parts';

export interface WithdrawFormProps {
  method: PaymentMethod;
  account: WalletAccount;
  unit: DisplayUnit;
  country: string | null;
  /** The active account's currency type, for the analytics funnel. */
  walletType: WalletType;
  showFilledFields: boolean;
  closeWallet: () => void;
}

/**
 * The withdraw form: amount within the network's or method's
 * bounds and not above withdrawalBalance, the network dropdown and fields (wallet_id by
 * the network's pattern); 422 errors per field, others 'something wrong'; success alerts
 * withdrawalProcessed and closes the wallet.
 */
export function WithdrawForm({
  method,
  account,
  unit,
  country,
  walletType,
  showFilledFields,
  closeWallet,
}: WithdrawFormProps) {
  const { t } = useTranslation('global-components');
  const { locale } = useLocale();
  const { notify } = useToasts();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FieldValues>(() => initialFieldValues(method.fields));
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const option = boundsOption(method.fields, values);
  const bounds = displayBounds(methodBounds(method, option), unit);
  const balance = toDisplayAmount(account.withdrawalBalance, unit);
  const shownFields = useMemo(() => visibleFields(method.fields, showFilledFields), [method.fields, showFilledFields]);
  const failures = fieldFailures(method.fields, values);
  const amountError = touched.has('amount') ? amountFailure(amount, { ...bounds, balance }) : null;
  const invalid = amountFailure(amount, { ...bounds, balance }) !== null || Object.keys(failures).length > 0 || pending;

  const onField = (key: string, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setTouched((current) => new Set(current).add(key));
    setServerErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const submit = async () => {
    setPending(true);
    const amountMajor = fromDisplayAmount(Number(amount), unit);
    try {
      const response = await createWithdrawal({
        method: method.method,
        currency: account.currency,
        accountId: account.id,
        amount: amountMajor,
        country,
        fields: requestFields(values),
      });
      track({
        event: 'wallet',
        funnelStep: 'sent',
        walletOperationType: 'withdraw',
        walletType,
        withdrawAmount: amountMajor,
        withdrawCurrency: account.currency,
        invoiceId: response.invoiceId,
      });
      notify({
        type: 'success',
        title: t('withdrawalProcessed.title', { ns: 'alerts' }),
        description: t('withdrawalProcessed.description', { ns: 'alerts' }),
      });
      void queryClient.invalidateQueries({ queryKey: realtimeKeys.walletAccounts });
      closeWallet();
    } catch (error) {
      setPending(false);
      if (hasApiStatus(error, 'VALIDATION_FAILED') && error.fields) {
        setServerErrors(firstFieldErrors(error.fields));
        return;
      }
      notify({
        type: 'error',
        title: t('somethingWrong.title', { ns: 'alerts' }),
        description: t('somethingWrong.description', { ns: 'alerts' }),
      });
    }
  };

  return (
    <form
      className="wallet-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(new Set(['amount', ...method.fields.map((field) => field.key)]));
        if (!invalid) void submit();
      }}
    >
      <AmountInput
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setTouched((current) => new Set(current).add('amount'));
          setServerErrors(({ amount: _dropped, ...rest }) => rest);
        }}
        bounds={bounds}
        decimals={unit.decimals}
        unitCode={unit.code}
        failure={amountError}
      />
      {serverErrors.amount ? <p className="wallet-field__error">{serverErrors.amount}</p> : null}
      <p className="wallet-note">
        {t('balance.withdrawable')}: {formatAmount(balance, unit.decimals, locale)} {unit.code}
      </p>
      <MethodFields
        fields={shownFields}
        values={values}
        onChange={onField}
        failures={failures}
        serverErrors={serverErrors}
        touched={touched}
      />
      <button type="submit" className="button button--primary wallet-form__submit" disabled={invalid}>
        {pending
          ? t('wallet.form.processing')
          : t('wallet.form.withdrawSubmit', {
              sum: formatAmount(Number(amount) || 0, unit.decimals, locale),
              currency: unit.code,
            })}
      </button>
    </form>
  );
}

/** The turn-over panel (docs/bonuses.md): wager, progress to 2 decimals, placed amount and total. */
export function TurnOverPanel({ data, unit }: { data: TurnOverWager; unit: DisplayUnit }) {
  const { t } = useTranslation('global-components');
  const { locale } = useLocale();
  const { open } = useModals();
  const progress = turnOverProgress(data.total, data.turnOverWagerAmount);
  const placed = Math.max(0, data.total - data.turnOverWagerAmount);
  const money = (value: number) => `${formatAmount(toDisplayAmount(value, unit), unit.decimals, locale)} ${unit.code}`;
  return (
    <section className="wallet-turnover" aria-labelledby="wallet-turnover-title" data-testid="wallet-turnover">
      <h3 id="wallet-turnover-title">{t('wallet.turnOverWager.title')}</h3>
      <p>{t('wallet.turnOverWager.description')}</p>
      <dl>
        <dt>{t('wallet.turnOverWager.wager')}</dt>
        <dd>×{data.turnOverWager}</dd>
        <dt>{t('wallet.turnOverWager.progress')}</dt>
        <dd>{formatPercent(progress, locale)}</dd>
        <dt>{t('wallet.turnOverWager.placed')}</dt>
        <dd>{money(placed)}</dd>
        <dt>{t('wallet.turnOverWager.total')}</dt>
        <dd>{money(data.total)}</dd>
      </dl>
      <progress max={100} value={progress} aria-label={t('wallet.turnOverWager.progress')} />
      <button type="button" className="button button--ghost" onClick={() => open('turn-over-wager')}>
        {t('wallet.turnOverWager.moreInfo')}
      </button>
    </section>
  );
}
