import type { TurnOverWager } from '@croupier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/app-settings';
import { parseAmountInput } from '../../lib/amount-input';
import { hasApiStatus, isApiError } from '../../lib/api';
import { firstFieldErrors } from '../auth';
import { useToasts } from '../layout';
import { useModals } from '../modals';
import { realtimeKeys } from '../../lib/query-keys';
import { track } from '../tracking';
import { createWithdrawal } from './api';
import { formatAmount, formatPercent } from '../../lib/format';
import { fromDisplayAmount, toDisplayAmount, turnOverProgress, type DisplayUnit } from '../../lib/wallet-display';
import { requestFields, type WalletFormValues } from './form-logic';
import { AmountInput, MethodFields, useWalletForm, type WalletFormProps } from './form-parts';
import { VerificationRequiredNotice } from './VerificationNotice';
import { Button } from '../../components/ui/Button';

/**
 * The withdraw form: amount within the network's or method's
 * bounds and not above withdrawalBalance, the network dropdown and fields (wallet_id by
 * the network's pattern); 422 errors per field, others 'something wrong'; success alerts
 * withdrawalProcessed and closes the wallet.
 */
export function WithdrawForm(props: WalletFormProps) {
  const { method, account, unit, country, walletType, closeWallet } = props;
  const { t } = useTranslation('global-components');
  const { locale } = useLocale();
  const { notify } = useToasts();
  const queryClient = useQueryClient();
  const balance = toDisplayAmount(account.withdrawalBalance, unit);
  const { methods, typedAmount, bounds, shownFields } = useWalletForm(props, { balance });
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [verificationNeeded, setVerificationNeeded] = useState(false);
  const invalid = !methods.formState.isValid || pending;

  const onField = (key: string) => {
    setServerErrors(({ [key]: _dropped, ...rest }) => rest);
    // New bounds with a new network: an amount already typed is checked against them.
    if (methods.getFieldState('amount').isDirty) void methods.trigger('amount');
  };

  const submit = async ({ amount: amountText, fields: values }: WalletFormValues) => {
    setPending(true);
    const amountMajor = fromDisplayAmount(parseAmountInput(amountText, { locale, decimals: unit.decimals }) ?? 0, unit);
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
      if (isApiError(error, 'IDENTITY_VERIFICATION_REQUIRED')) {
        setVerificationNeeded(true);
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
      onSubmit={(event) => void methods.handleSubmit((values) => (pending ? undefined : submit(values)))(event)}
    >
      <AmountInput
        methods={methods}
        bounds={bounds}
        decimals={unit.decimals}
        unitCode={unit.code}
        serverError={serverErrors.amount}
        onChange={() => setServerErrors(({ amount: _dropped, ...rest }) => rest)}
      />
      <p className="wallet-note">
        {t('balance.withdrawable')}: {formatAmount(balance, unit.decimals, locale)} {unit.code}
      </p>
      <BonusForfeitWarning bonusBalance={account.bonusBalance} unit={unit} />
      <MethodFields fields={shownFields} methods={methods} serverErrors={serverErrors} onChange={onField} />
      {verificationNeeded ? <VerificationRequiredNotice kind="withdrawal" closeWallet={closeWallet} /> : null}
      <Button type="submit" variant="primary" className="wallet-form__submit" disabled={invalid}>
        {pending
          ? t('wallet.form.processing')
          : t('wallet.form.withdrawSubmit', {
              sum: formatAmount(typedAmount ?? 0, unit.decimals, locale),
              currency: unit.code,
            })}
      </Button>
    </form>
  );
}

/** A withdrawal forfeits the active bonus (docs/bonuses.md): said before the player asks. */
export function BonusForfeitWarning({ bonusBalance, unit }: { bonusBalance: number; unit: DisplayUnit }) {
  const { t } = useTranslation('global-components');
  const { locale } = useLocale();
  if (bonusBalance <= 0) return null;
  const amount = `${formatAmount(toDisplayAmount(bonusBalance, unit), unit.decimals, locale)} ${unit.code}`;
  return (
    <p className="wallet-warning" role="note">
      {t('wallet.bonusForfeitWarning', { amount })}
    </p>
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
      <Button variant="ghost" onClick={() => open('turn-over-wager')}>
        {t('wallet.turnOverWager.moreInfo')}
      </Button>
    </section>
  );
}
