import type { PaymentMethod } from '@croupier/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/app-settings';
import { localized } from '../../lib/wallet-display';
import { QrCode } from './QrCode';
import { Button } from '../../components/ui/Button';
import { Skeleton } from '../../components/ui/Skeleton';

/** The method list: 2 skeleton items while loading, a 'not available' text when empty. */
export function MethodList({
  methods,
  loading,
  selected,
  onSelect,
}: {
  methods: readonly PaymentMethod[];
  loading: boolean;
  selected: string | null;
  onSelect: (method: string) => void;
}) {
  const { t } = useTranslation('global-components');
  const { locale } = useLocale();
  if (loading) {
    return (
      <ul className="wallet-methods" aria-busy="true" aria-label={t('states.loading')}>
        {[0, 1].map((index) => (
          <Skeleton as="li" key={index} className="wallet-methods__item" data-testid="wallet-method-skeleton" />
        ))}
      </ul>
    );
  }
  if (methods.length === 0) return <p className="wallet-methods__empty">{t('wallet.methods.notAvailable')}</p>;
  return (
    <ul className="wallet-methods" aria-label={t('wallet.methods.title')}>
      {methods.map((method) => {
        const name = localized(method.names, locale) || method.method;
        return (
          <li key={method.method}>
            <button
              type="button"
              className="wallet-methods__item"
              aria-pressed={selected === method.method}
              data-method={method.method}
              onClick={() => onSelect(method.method)}
            >
              <img src={method.logo} alt="" width="48" height="32" loading="lazy" />
              <span>{name}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** A read-only value with a copy button that turns into a 'copied' label for 2 s. */
export function CopyField({
  value,
  label,
  copyLabel,
  copiedLabel,
}: {
  value: string;
  label: string;
  copyLabel: string;
  copiedLabel: string;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // clipboard refused: the value stays selectable in the field
    }
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div className="wallet-field wallet-copy">
      <label htmlFor={id}>{label}</label>
      <div className="wallet-copy__row">
        <input id={id} readOnly value={value} onFocus={(event) => event.target.select()} />
        <Button variant="ghost" disabled={copied} onClick={() => void copy()}>
          {copied ? copiedLabel : copyLabel}
        </Button>
      </div>
    </div>
  );
}

/**
 * A QR payment view: title, description, the code 176 px wide, instruction and
 * a copy button for the payload.
 */
export function QrView({ payload }: { payload: string }) {
  const { t } = useTranslation('global-components');
  return (
    <section className="wallet-qr" aria-labelledby="wallet-qr-title">
      <h3 id="wallet-qr-title">{t('wallet.qr.title')}</h3>
      <p>{t('wallet.qr.description')}</p>
      <div className="wallet-qr__code" data-testid="wallet-qr" data-payload={payload}>
        <QrCode value={payload} sizePx={176} label={t('wallet.qr.title')} />
      </div>
      <p className="wallet-qr__instruction">{t('wallet.qr.instruction')}</p>
      <CopyField
        value={payload}
        label={t('wallet.qr.title')}
        copyLabel={t('wallet.qr.copy')}
        copiedLabel={t('wallet.qr.copied')}
      />
    </section>
  );
}

/** Await-invoice view: image, title, description. */
export function AwaitInvoiceView() {
  const { t } = useTranslation('global-components');
  return (
    <section className="wallet-await" role="status">
      <svg className="wallet-await__image" viewBox="0 0 64 64" width="96" height="96" role="img">
        <title>{t('wallet.awaitInvoice.imageAlt')}</title>
        <circle cx="32" cy="32" r="26" fill="none" stroke="currentColor" strokeWidth="4" opacity="0.25" />
        <path d="M32 6a26 26 0 0 1 26 26" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h3>{t('wallet.awaitInvoice.title')}</h3>
      <p>{t('wallet.awaitInvoice.description')}</p>
    </section>
  );
}
