import type { PaymentField, PaymentMethod, ValidationFailure } from '@croupier/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/app-settings';
import { useFailureText } from '../../components/fields';
import { localized } from '../../lib/wallet-display';
import { formatAmount } from '../../lib/format';
import { clampAmountInput, sanitizeAmountInput, type FieldValues } from './form-logic';
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

/**
 * The amount input: decimal only, at most 10 characters, no more
 * decimals than the display unit has; on blur clamped into the bounds.
 */
export function AmountInput({
  value,
  onChange,
  bounds,
  decimals,
  unitCode,
  failure,
}: {
  value: string;
  onChange: (value: string) => void;
  bounds: { min: number; max: number };
  decimals: number;
  unitCode: string;
  failure: ValidationFailure | null;
}) {
  const { t } = useTranslation('global-components');
  const failureText = useFailureText();
  const { locale } = useLocale();
  const id = useId();
  const range = t('validation.amountRange', {
    ns: 'fields-settings',
    min: `${formatAmount(bounds.min, decimals, locale)} ${unitCode}`,
    max: `${formatAmount(bounds.max, decimals, locale)} ${unitCode}`,
  });
  return (
    <div className="wallet-field">
      <label htmlFor={id}>
        {t('wallet.form.amount')} ({unitCode})
      </label>
      <input
        id={id}
        name="amount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={failure ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(sanitizeAmountInput(event.target.value, decimals))}
        onBlur={() => onChange(clampAmountInput(value, bounds, decimals))}
      />
      <span id={`${id}-hint`} className={failure ? 'wallet-field__error' : 'wallet-field__hint'}>
        {failure ? failureText(failure) : range}
      </span>
    </div>
  );
}

export function Presets({
  presets,
  value,
  onPick,
  decimals,
}: {
  presets: readonly { amount: number }[];
  value: string;
  onPick: (value: string) => void;
  decimals: number;
}) {
  const { t } = useTranslation('global-components');
  const { locale } = useLocale();
  if (presets.length === 0) return null;
  return (
    <div className="wallet-presets" role="group" aria-label={t('wallet.form.presets')}>
      {presets.map((preset) => (
        <button
          key={preset.amount}
          type="button"
          aria-pressed={Number(value) === preset.amount}
          onClick={() => onPick(String(preset.amount))}
        >
          {formatAmount(preset.amount, decimals, locale)}
        </button>
      ))}
    </div>
  );
}

/** The method's dynamic fields: select, textarea or text, with content messages per rule. */
export function MethodFields({
  fields,
  values,
  onChange,
  failures,
  serverErrors,
  touched,
}: {
  fields: readonly PaymentField[];
  values: FieldValues;
  onChange: (key: string, value: string) => void;
  failures: Readonly<Record<string, ValidationFailure>>;
  serverErrors: Readonly<Record<string, string>>;
  touched: ReadonlySet<string>;
}) {
  const { locale } = useLocale();
  const failureText = useFailureText();
  const baseId = useId();
  return (
    <>
      {fields.map((field) => {
        const id = `${baseId}-${field.key}`;
        const label = localized(field.labels, locale) || field.key;
        const hint = localized(field.hints, locale);
        const failure = touched.has(field.key) ? failures[field.key] : undefined;
        const message = failure ? failureText(failure) : serverErrors[field.key];
        const common = {
          id,
          name: field.key,
          value: values[field.key] ?? '',
          required: field.isRequired,
          'aria-invalid': message ? true : undefined,
          'aria-describedby': message ? `${id}-error` : undefined,
        };
        return (
          <div key={field.key} className="wallet-field">
            <label htmlFor={id}>{label}</label>
            {field.fieldType === 'select' ? (
              <select {...common} onChange={(event) => onChange(field.key, event.target.value)}>
                {(field.options ?? []).map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
            ) : field.fieldType === 'textarea' ? (
              <textarea
                {...common}
                placeholder={hint || undefined}
                onChange={(event) => onChange(field.key, event.target.value)}
              />
            ) : (
              <input
                {...common}
                type={field.key === 'phone' ? 'tel' : 'text'}
                placeholder={hint || undefined}
                autoComplete="off"
                onChange={(event) => onChange(field.key, event.target.value)}
              />
            )}
            {message ? (
              <span id={`${id}-error`} className="wallet-field__error">
                {message}
              </span>
            ) : null}
          </div>
        );
      })}
    </>
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
