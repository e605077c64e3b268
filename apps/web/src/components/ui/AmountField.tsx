import type { ReactNode, Ref } from 'react';
import { clampAmountInput, normalizeAmountInput } from '../../lib/amount-input';
import { FieldShell, fieldAria, type FieldSize } from './FieldShell';
import './Input.css';

export interface AmountFieldProps {
  id: string;
  name: string;
  label: ReactNode;
  /** The canonical amount text (lib/amount-input.ts). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Decimals of the currency or display unit. */
  decimals: number;
  /** The page's locale: its thousands separator is understood in pasted amounts. */
  locale: string;
  /** On blur an empty or out-of-range amount is moved into these bounds. */
  clampTo?: { min: number; max: number } | undefined;
  error?: string | undefined;
  hint?: ReactNode;
  size?: FieldSize;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * An amount input: typed or pasted text becomes canonical as it changes (`1,5` → `1.5`,
 * thousands separators dropped, no more decimals than the currency has), and on blur it
 * is clamped into `clampTo` when given.
 */
export function AmountField({
  id,
  name,
  label,
  value,
  onChange,
  onBlur,
  decimals,
  locale,
  clampTo,
  error,
  hint,
  size = 'regular',
  disabled,
  ref,
}: AmountFieldProps) {
  const options = { locale, decimals };
  return (
    <FieldShell id={id} label={label} error={error} hint={error ? undefined : hint} size={size}>
      <input
        ref={ref}
        id={id}
        name={name}
        className="input"
        data-size={size}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        disabled={disabled}
        {...fieldAria(id, { error, hint: error ? undefined : hint })}
        onChange={(event) => onChange(normalizeAmountInput(event.target.value, options))}
        onBlur={() => {
          if (clampTo) onChange(clampAmountInput(value, clampTo, options));
          onBlur?.();
        }}
      />
    </FieldShell>
  );
}
