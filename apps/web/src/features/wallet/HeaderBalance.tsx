import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../layout';
import { useCurrencies } from '../settings';
import { track } from '../tracking';
import { useActiveAccount } from './api';
import { Balance, CurrencyList } from './CurrencyList';
import './wallet.css';

/**
 * The logged-in header's balance (layout state `currencyNavOpen`): the active account's
 * balance, and a disclosure with the currency list. Balances follow the accounts query,
 * which realtime balance events update.
 */
export function HeaderBalance() {
  const { t } = useTranslation('global-components');
  const { currencyNavOpen, setCurrencyNavOpen, toggleCurrencyNav } = useLayout();
  const account = useActiveAccount();
  const currency = useCurrencies().data?.find((item) => item.code === account?.currency);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!currencyNavOpen) return undefined;
    const onPointer = (event: PointerEvent) => {
      // Clicks inside a modal opened from the menu (equivalent currency) keep it open.
      const target = event.target as Element | null;
      if (root.current?.contains(target) || target?.closest?.('.modal')) return;
      setCurrencyNavOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('.modal')) return;
      setCurrencyNavOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [currencyNavOpen, setCurrencyNavOpen]);

  if (!account) return null;
  return (
    <div className="wallet-header" ref={root}>
      <button
        ref={button}
        type="button"
        className="wallet-header__button"
        aria-expanded={currencyNavOpen}
        aria-controls={`${id}-currencies`}
        title={t('accessibility.openBalance')}
        onClick={() => {
          if (!currencyNavOpen) track({ event: 'balancePopup', funnelStep: 'open' });
          toggleCurrencyNav();
        }}
      >
        <Balance account={account} currency={currency} />
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div id={`${id}-currencies`} className="wallet-header__menu" hidden={!currencyNavOpen}>
        {currencyNavOpen ? <CurrencyList onSelected={() => setCurrencyNavOpen(false)} /> : null}
      </div>
    </div>
  );
}
