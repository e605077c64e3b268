import { useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSettings, useLocale } from '../../lib/app-settings';
import { isApiError } from '../../lib/api';
import { flagEmoji, selectableCountries, supportsFlagEmoji } from '../../components/fields';
import { useProfile } from '../auth';
import { useModals, type ModalBodyProps } from '../modals';
import { isMobileBrowser, subscribeMobileBrowser } from '../../lib/environment';
import { useCountries, useCurrencies } from '../settings';
import { track } from '../tracking';
import { useAccounts, useEquivalentCurrency, useMethods, usePaymentGeo, useTurnOverWager } from './api';
import { AsyncDepositView } from './AsyncDepositView';
import { useAsyncInvoiceId } from './asyncInvoice';
import { Balance, CurrencyList } from './CurrencyList';
import { DepositForm } from './DepositForm';
import { activeAccount, displayUnitOf, paymentRegion, shortProfileId } from '../../lib/wallet-display';
import { Money } from '../../components/ui/Money';
import { MethodList } from './parts';
import { TurnOverPanel, WithdrawForm } from './WithdrawForm';
import { LimitNoticeCard } from './LimitNotice';
import { useWalletLimitNotice } from '../limits';
import './wallet.css';
import { Button } from '../../components/ui/Button';
import { Tabs } from '../../components/ui/Tabs';

/** A phone or tablet: under 768 px, a coarse pointer or a mobile user agent. */
function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeMobileBrowser, isMobileBrowser, () => false);
}

type Tab = 'deposit' | 'withdraw';
const WALLET_TABS: readonly Tab[] = ['deposit', 'withdraw'];

/**
 * The wallet modal: deposit and withdraw tabs (none in deposit-only mode),
 * a header with the method logo, tab title, currency and short profile id, the region
 * and balance blocks, the method list and the selected method's form. Under 768 px no
 * method is preselected and the form replaces the list once one is chosen. Closing on
 * the deposit tab asks cancel-deposit first.
 */
export function WalletModalBody({ props, close, setCloseGuard, titleId }: ModalBodyProps) {
  const { t } = useTranslation('global-components');
  const { t: tm } = useTranslation('modals');
  const { open } = useModals();
  const isMobile = useIsMobile();
  const depositOnly = props.depositOnly === true;
  const tabsId = useId();
  const [tab, setTab] = useState<Tab>(props.tab === 'withdraw' && !depositOnly ? 'withdraw' : 'deposit');
  const [chosen, setChosen] = useState<string | null>(null);
  const [currenciesOpen, setCurrenciesOpen] = useState(false);
  const profile = useProfile().data;
  const accounts = useAccounts();
  const account = activeAccount(accounts.data);
  const currencies = useCurrencies().data ?? [];
  const countries = useCountries().data ?? [];
  const currency = currencies.find((item) => item.code === account?.currency);
  const unit = displayUnitOf(currency, account?.currency);
  const { init } = useAppSettings();
  const [paymentGeo] = usePaymentGeo();
  const region = paymentRegion(paymentGeo, init?.country);
  const country = region.shown;
  const countryName = countries.find((item) => item.code === country)?.name;
  const methods = useMethods(tab === 'deposit' ? 'deposit' : 'withdrawal', account?.currency, region.requested);
  const turnOver = useTurnOverWager(account?.currency, tab === 'withdraw');
  const showFilledFields = init?.features.walletShowFilledFields ?? false;

  // Deposit methods answer DEPOSIT_LIMIT_REACHED when a deposit limit forbids deposits; that,
  // a break (cooling-off, self-exclusion) or a reached deposit limit shows the limit card
  // instead of the methods.
  const depositLimited = isApiError(methods.error, 'DEPOSIT_LIMIT_REACHED');
  const limitNotice = useWalletLimitNotice(account?.currency, tab === 'deposit' && depositLimited);
  const depositBlocked = tab === 'deposit' && (depositLimited || limitNotice !== null);
  const methodList = depositBlocked ? [] : (methods.data ?? []);
  // On wider screens the first method is preselected; on phones the player picks one.
  const selectedId = chosen ?? (isMobile ? null : (methodList[0]?.method ?? null));
  const method = methodList.find((item) => item.method === selectedId);
  const showForm = Boolean(method) && (!isMobile || chosen !== null);
  const closeWallet = () => close({ force: true });
  const walletType = currency?.type === 'crypto' ? 'crypto' : 'fiat';
  // A pending asynchronous deposit is resumed on the deposit tab until the player leaves it.
  const asyncInvoiceId = useAsyncInvoiceId();
  const [leftInvoiceId, setLeftInvoiceId] = useState<string | null>(null);
  const resumedInvoiceId = tab === 'deposit' && asyncInvoiceId !== leftInvoiceId ? asyncInvoiceId : null;

  useEffect(() => {
    track({ event: 'wallet', funnelStep: 'open' });
    return () => track({ event: 'wallet', funnelStep: 'close' });
  }, []);

  // Closing on the deposit tab asks first (the confirm button closes the wallet too).
  useEffect(() => {
    setCloseGuard(
      tab === 'deposit'
        ? () => {
            open('cancel-deposit');
            return false;
          }
        : null,
    );
    return () => setCloseGuard(null);
  }, [tab, open, setCloseGuard]);

  const switchTab = (next: Tab) => {
    setTab(next);
    setChosen(null);
    track({ event: 'wallet', funnelStep: 'operationType', walletOperationType: next });
  };

  const choose = (id: string) => {
    setChosen(id);
    track({ event: 'wallet', funnelStep: 'method' });
  };

  const tabTitle = tm(tab === 'deposit' ? 'wallet.depositTitle' : 'wallet.withdrawTitle');
  const turnOverData = turnOver.data;
  const showTurnOver =
    tab === 'withdraw' &&
    account !== undefined &&
    typeof account.withdrawalBalance === 'number' &&
    turnOverData !== undefined &&
    turnOverData.turnOverWagerAmount > 0;

  return (
    <div className="wallet" data-tab={tab} data-mobile-form={isMobile && showForm ? 'true' : undefined}>
      <header className="wallet__header">
        {/* A resumed deposit's method is not the preselected one: no logo rather than a wrong one. */}
        {method && showForm && !resumedInvoiceId ? (
          <img className="wallet__logo" src={method.logo} alt="" width="48" height="32" />
        ) : null}
        <h2 id={titleId} className="wallet__title">
          {tabTitle}
        </h2>
        <button
          type="button"
          className="wallet__currency"
          aria-expanded={currenciesOpen}
          onClick={() => setCurrenciesOpen((value) => !value)}
        >
          {unit.code}
        </button>
        <span className="wallet__id">
          {t('wallet.id')} {shortProfileId(profile?.id)}
        </span>
      </header>

      {currenciesOpen ? <CurrencyList onSelected={() => setCurrenciesOpen(false)} /> : null}

      {depositOnly ? null : (
        <Tabs
          idBase={tabsId}
          hasPanel={false}
          look="subtle"
          label={tm('wallet.title')}
          tabs={WALLET_TABS.map((key) => ({ key, label: t(`wallet.tabs.${key}`) }))}
          selected={tab}
          onSelect={switchTab}
        />
      )}

      <div className="wallet__blocks">
        <div className="wallet__region">
          <span className="wallet__flag" aria-hidden="true">
            {country && supportsFlagEmoji() ? flagEmoji(country) : (country ?? '')}
            {country ? null : (
              <svg viewBox="0 0 24 24" width="18" height="18" focusable="false">
                <path
                  d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM2 12h20M12 2c3 3 3 17 0 20M12 2c-3 3-3 17 0 20"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                />
              </svg>
            )}
          </span>
          <span>{countryName ?? t('wallet.region.unknown')}</span>
          <button type="button" className="wallet__link" onClick={() => open('wallet-region')}>
            {t('wallet.region.change')}
          </button>
        </div>
        {account ? (
          <div className="wallet__balance">
            <span className="wallet__label">{t('balance.balance')}</span>
            <Balance account={account} currency={currency} />
            {tab === 'withdraw' ? (
              <span className="wallet__label">
                {t('balance.withdrawable')}:{' '}
                <Money amount={account.withdrawalBalance} currency={currency} code={account.currency} />
              </span>
            ) : null}
          </div>
        ) : null}
      </div>

      {tab === 'deposit' && limitNotice ? (
        <LimitNoticeCard notice={limitNotice} currency={currency} closeWallet={closeWallet} />
      ) : null}

      {resumedInvoiceId ? (
        <div className="wallet__body">
          <AsyncDepositView
            invoiceId={resumedInvoiceId}
            closeWallet={closeWallet}
            onBack={() => setLeftInvoiceId(resumedInvoiceId)}
          />
        </div>
      ) : depositBlocked ? null : showTurnOver && turnOverData ? (
        <TurnOverPanel data={turnOverData} unit={unit} />
      ) : (
        <div className="wallet__body">
          {isMobile && showForm ? null : (
            <MethodList methods={methodList} loading={methods.isPending} selected={selectedId} onSelect={choose} />
          )}
          {showForm && method && account ? (
            <div className="wallet__form">
              {isMobile ? (
                <button type="button" className="wallet__link" onClick={() => setChosen(null)}>
                  ← {t('buttons.back')}
                </button>
              ) : null}
              {tab === 'deposit' ? (
                <DepositForm
                  key={`${account.id}:${method.method}`}
                  method={method}
                  account={account}
                  unit={unit}
                  country={region.requested}
                  walletType={walletType}
                  showFilledFields={showFilledFields}
                  closeWallet={closeWallet}
                />
              ) : (
                <WithdrawForm
                  key={`${account.id}:${method.method}`}
                  method={method}
                  account={account}
                  unit={unit}
                  country={region.requested}
                  walletType={walletType}
                  showFilledFields={showFilledFields}
                  closeWallet={closeWallet}
                />
              )}
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}

/** The equivalent-currency modal: on shows balances also in USD, off removes it. */
export function EquivalentCurrencyBody({ close }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const { t: tg } = useTranslation('global-components');
  const { enabled, setEnabled } = useEquivalentCurrency();
  const choose = (value: boolean) => {
    setEnabled(value);
    close({ force: true });
  };
  return (
    <>
      <p className="modal__description">{t('equivalentCurrency.description')}</p>
      <p className="wallet-note">{tg('wallet.equivalent.hint')}</p>
      <div className="modal__actions">
        <Button
          shape="dialog"
          variant={enabled ? 'ghost' : 'primary'}
          aria-pressed={enabled}
          onClick={() => choose(true)}
        >
          {t('equivalentCurrency.enable')}
        </Button>
        <Button
          shape="dialog"
          variant={enabled ? 'primary' : 'ghost'}
          aria-pressed={!enabled}
          onClick={() => choose(false)}
        >
          {t('equivalentCurrency.disable')}
        </Button>
      </div>
    </>
  );
}

/**
 * The payment region: a country whose methods the wallet lists, kept as
 * paymentGeo. The detected country is the default; excluded countries (EXCLUDED_COUNTRY_CODES) are not offered.
 */
export function WalletRegionBody({ close }: ModalBodyProps) {
  const { t } = useTranslation('modals');
  const { t: tg } = useTranslation('global-components');
  const { locale } = useLocale();
  const countriesData = useCountries().data;
  const detected = useAppSettings().init?.country;
  const [paymentGeo, setPaymentGeo] = usePaymentGeo();
  const [value, setValue] = useState(paymentRegion(paymentGeo, detected).shown ?? '');
  const sorted = useMemo(() => selectableCountries(countriesData, locale), [countriesData, locale]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setPaymentGeo(value || null);
        close({ force: true });
      }}
    >
      <p className="modal__description">{t('walletRegion.description')}</p>
      <div className="wallet-field">
        <label htmlFor="wallet-region-select">{t('walletRegion.search')}</label>
        <select id="wallet-region-select" value={value} onChange={(event) => setValue(event.target.value)}>
          <option value="">{tg('wallet.region.unknown')}</option>
          {sorted.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      <div className="modal__actions">
        <Button type="submit" shape="dialog" variant="primary">
          {t('walletRegion.save')}
        </Button>
      </div>
    </form>
  );
}
