import { AccountStatus, type Currency, type WalletAccount } from '@croupier/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/app-settings';
import { useToasts } from '../layout';
import { useModals } from '../modals';
import { useCurrencies } from '../settings';
import { useAccounts, useEquivalentCurrency, useHideAccount, useSelectCurrency } from './api';
import { convertAmount, currencyRows, displayUnitOf, type CurrencyTab } from '../../lib/wallet-display';
import { formatAmount } from '../../lib/format';
import { Money } from '../../components/ui/Money';

/** A balance in its display unit (mBTC for BTC), with the equivalent when that is on. */
export function Balance({
  account,
  currency,
  showEquivalent = true,
}: {
  account: Pick<WalletAccount, 'balance' | 'currency'>;
  currency: Currency | undefined;
  showEquivalent?: boolean;
}) {
  const { locale } = useLocale();
  const currencies = useCurrencies().data ?? [];
  const equivalent = useEquivalentCurrency();
  const target = currencies.find((item) => item.code === equivalent.code);
  const converted =
    showEquivalent && currency && target && target.code !== currency.code
      ? convertAmount(account.balance, currency, target)
      : undefined;
  return (
    <span className="wallet-balance">
      <span className="wallet-balance__amount">
        <Money amount={account.balance} currency={currency} code={account.currency} />
      </span>
      {converted !== undefined && target ? (
        <span className="wallet-balance__equivalent">
          ≈ {formatAmount(converted, 2, locale)} {target.code}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The currency list: tabs 'all' and crypto, one row per enabled currency with
 * the account's balance when there is one. Choosing a row switches to that account, or
 * creates it first; an inactive account can be hidden. The equivalent-currency toggle
 * opens its modal.
 */
export function CurrencyList({ onSelected }: { onSelected?: () => void }) {
  const { t } = useTranslation('global-components');
  const { notify } = useToasts();
  const { open } = useModals();
  const [tab, setTab] = useState<CurrencyTab>('all');
  const currencies = useCurrencies().data ?? [];
  const accounts = useAccounts().data ?? [];
  const select = useSelectCurrency();
  const hide = useHideAccount();
  const equivalent = useEquivalentCurrency();
  const rows = currencyRows(currencies, accounts, tab);

  const onError = () =>
    notify({
      type: 'error',
      title: t('somethingWrong.title', { ns: 'alerts' }),
      description: t('somethingWrong.description', { ns: 'alerts' }),
    });

  const choose = (code: string) =>
    select.mutate(code, {
      onSuccess: () => onSelected?.(),
      onError,
    });

  return (
    <div className="wallet-currencies">
      <div className="wallet-currencies__tabs" role="group" aria-label={t('wallet.currencies.title')}>
        {(['all', 'crypto'] as const).map((key) => (
          <button
            key={key}
            type="button"
            className="wallet-currencies__tab"
            aria-pressed={tab === key}
            onClick={() => setTab(key)}
          >
            {t(`wallet.currencies.${key}`)}
          </button>
        ))}
      </div>
      <ul className="wallet-currencies__list">
        {rows.map(({ currency, account }) => {
          const active = account?.status === AccountStatus.ACTIVE;
          const unit = displayUnitOf(currency);
          return (
            <li key={currency.code} className="wallet-currencies__row" data-currency={currency.code}>
              <button
                type="button"
                className="wallet-currencies__choose"
                aria-current={active ? 'true' : undefined}
                disabled={select.isPending}
                onClick={() => (active ? onSelected?.() : choose(currency.code))}
              >
                <span className="wallet-currencies__code">{unit.code}</span>
                {account ? (
                  <Balance account={account} currency={currency} />
                ) : (
                  <span className="wallet-currencies__name">{currency.name}</span>
                )}
              </button>
              {account && !active ? (
                <button
                  type="button"
                  className="wallet-currencies__hide"
                  aria-label={`${t('wallet.currencies.hide')} ${currency.code}`}
                  title={t('wallet.currencies.hide')}
                  disabled={hide.isPending}
                  onClick={() => hide.mutate(account.id, { onError })}
                >
                  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                    <path
                      d="M3 3l18 18M10.6 6.1A9.8 9.8 0 0 1 12 6c5 0 9 6 9 6a16 16 0 0 1-2.6 3.2M6.6 6.6C4.3 8.1 3 12 3 12s4 6 9 6a8.7 8.7 0 0 0 4.4-1.2M9.9 9.9a3 3 0 0 0 4.2 4.2"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.8"
                      strokeLinecap="round"
                    />
                  </svg>
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        role="switch"
        aria-checked={equivalent.enabled}
        className="wallet-currencies__equivalent"
        onClick={() => open('equivalent-currency')}
      >
        <span className="wallet-switch" aria-hidden="true" />
        {t('wallet.equivalent.toggle')}
      </button>
    </div>
  );
}
