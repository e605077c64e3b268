import { AccountStatus, type Currency, type InvoiceStatistics, type WalletAccount } from '@croupier/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { PageHeader } from '../../components/ui/PageHeader';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { useToasts } from '../layout';
import { useModals } from '../modals';
import { RowsSkeleton } from '../../components/ui/Skeleton';
import { useCurrencies } from '../settings';
import { useAccounts, useInvoiceStatistics, useSelectCurrency } from './api';
import { Balance } from './CurrencyList';
import { displayUnitOf } from '../../lib/wallet-display';
import { Money } from '../../components/ui/Money';
import '../../components/account-pages.css';
import './wallet.css';
import { Button } from '../../components/ui/Button';

/**
 * `/profile/wallet`: every account of the player (balances, the active one marked, a
 * switch, deposit and withdraw through the wallet modal) and the totals of successful
 * deposits and withdrawals per currency. Balances follow the realtime accounts query.
 */
export function ProfileWalletPage() {
  const { t } = useTranslation('layout');
  return (
    <div className="profile-page">
      <PageHeader title={t('profile.wallet.title')} description={t('profile.wallet.description')} />
      <AccountsSection />
      <StatisticsSection />
    </div>
  );
}

function AccountsSection() {
  const { t } = useTranslation('layout');
  const id = useId();
  const accounts = useAccounts();
  const currencies = useCurrencies().data ?? [];

  let content;
  if (accounts.isPending) content = <RowsSkeleton rows={2} />;
  else if (accounts.isError && !accounts.data) content = <ErrorState onRetry={() => void accounts.refetch()} />;
  else if (!accounts.data || accounts.data.length === 0) content = <EmptyState text={t('profile.wallet.noAccounts')} />;
  else {
    // The active account first, the others in the server's order.
    const sorted = [...accounts.data].sort(
      (a, b) => Number(b.status === AccountStatus.ACTIVE) - Number(a.status === AccountStatus.ACTIVE),
    );
    content = (
      <ul className="wallet-page__accounts">
        {sorted.map((account) => (
          <AccountCard
            key={account.id}
            account={account}
            currency={currencies.find((item) => item.code === account.currency)}
          />
        ))}
      </ul>
    );
  }
  return (
    <section className="profile-card" aria-labelledby={id}>
      <h2 id={id} className="profile-card__title">
        {t('profile.wallet.accounts')}
      </h2>
      {content}
    </section>
  );
}

function AccountCard({ account, currency }: { account: WalletAccount; currency: Currency | undefined }) {
  const { t } = useTranslation('layout');
  const { t: tg } = useTranslation('global-components');
  const { t: ta } = useTranslation('alerts');
  const { open } = useModals();
  const { notify } = useToasts();
  const select = useSelectCurrency();
  const id = useId();
  const active = account.status === AccountStatus.ACTIVE;
  const unit = displayUnitOf(currency, account.currency);

  const onError = () =>
    notify({ type: 'error', title: ta('somethingWrong.title'), description: ta('somethingWrong.description') });

  // The wallet works on the active account, so another account is switched to first.
  const openWallet = (tab: 'deposit' | 'withdraw') => {
    if (active) open('wallet', { props: { tab } });
    else select.mutate(account.currency, { onSuccess: () => open('wallet', { props: { tab } }), onError });
  };

  return (
    <li className="wallet-page__account" data-currency={account.currency} data-active={active}>
      <div className="wallet-page__head">
        <h3 id={`${id}-title`} className="wallet-page__currency">
          {unit.code}
          {currency?.name ? <span className="wallet-page__name">{currency.name}</span> : null}
        </h3>
        {active ? <span className="profile-badge profile-badge--current">{t('profile.wallet.active')}</span> : null}
      </div>
      <p className="wallet-page__total">
        <span className="visually-hidden">{tg('balance.balance')}: </span>
        <Balance account={account} currency={currency} />
      </p>
      <dl className="wallet-page__balances">
        <div>
          <dt>{tg('balance.real')}</dt>
          <dd>
            <Money amount={account.realBalance + account.lockedBalance} currency={currency} code={account.currency} />
          </dd>
        </div>
        <div>
          <dt>{tg('balance.bonus')}</dt>
          <dd>
            <Money amount={account.bonusBalance} currency={currency} code={account.currency} />
          </dd>
        </div>
        <div>
          <dt>{tg('balance.withdrawable')}</dt>
          <dd>
            <Money amount={account.withdrawalBalance} currency={currency} code={account.currency} />
          </dd>
        </div>
      </dl>
      <div className="wallet-page__actions">
        <Button
          variant="primary"

          aria-describedby={`${id}-title`}
          disabled={select.isPending}
          onClick={() => openWallet('deposit')}
        >
          {tg('buttons.deposit')}
        </Button>
        <Button
          variant="ghost"

          aria-describedby={`${id}-title`}
          disabled={select.isPending}
          onClick={() => openWallet('withdraw')}
        >
          {tg('buttons.withdraw')}
        </Button>
        {active ? null : (
          <Button
            variant="ghost"

            aria-describedby={`${id}-title`}
            disabled={select.isPending}
            onClick={() => select.mutate(account.currency, { onError })}
          >
            {t('profile.wallet.makeActive')}
          </Button>
        )}
      </div>
    </li>
  );
}

function StatisticsSection() {
  const { t } = useTranslation('layout');
  const { localePath } = useLocale();
  const id = useId();
  const statistics = useInvoiceStatistics();
  const currencies = useCurrencies().data ?? [];

  let content;
  if (statistics.isPending) content = <RowsSkeleton rows={1} />;
  else if (statistics.isError && !statistics.data) content = <ErrorState onRetry={() => void statistics.refetch()} />;
  else if (!statistics.data || statistics.data.length === 0) {
    content = <EmptyState text={t('profile.wallet.statistics.empty')} />;
  } else {
    content = (
      <ul className="wallet-page__stats">
        {statistics.data.map((item) => (
          <StatisticsRow
            key={item.currency}
            item={item}
            currency={currencies.find((entry) => entry.code === item.currency)}
          />
        ))}
      </ul>
    );
  }
  return (
    <section className="profile-card" aria-labelledby={id}>
      <h2 id={id} className="profile-card__title">
        {t('profile.wallet.statistics.title')}
      </h2>
      {content}
      <p className="wallet-page__more">
        <Link to={localePath('/profile/history')}>{t('profile.wallet.statistics.history')}</Link>
      </p>
    </section>
  );
}

function StatisticsRow({ item, currency }: { item: InvoiceStatistics; currency: Currency | undefined }) {
  const { t } = useTranslation('layout');
  return (
    <li className="wallet-page__stat" data-currency={item.currency}>
      <span className="wallet-page__stat-currency">{displayUnitOf(currency, item.currency).code}</span>
      <dl className="wallet-page__balances">
        <div>
          <dt>{t('profile.wallet.statistics.deposits', { number: item.depositsCount })}</dt>
          <dd>
            <Money amount={item.depositsSum} currency={currency} code={item.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('profile.wallet.statistics.withdrawals', { number: item.withdrawalsCount })}</dt>
          <dd>
            <Money amount={item.withdrawalsSum} currency={currency} code={item.currency} />
          </dd>
        </div>
      </dl>
    </li>
  );
}
