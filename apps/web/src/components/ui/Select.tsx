import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldShell, fieldAria, type FieldSize } from './FieldShell';
import './Input.css';
import './Select.css';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'size' | 'children'> & {
  id: string;
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty option (the prompt); none when undefined. */
  placeholder?: string | undefined;
  error?: string | undefined;
  hint?: ReactNode;
  requiredMark?: boolean;
  size?: FieldSize;
  describedBy?: string | undefined;
  after?: ReactNode;
};

/** A labelled native select (keyboard search and screen readers as the platform does them). */
export function Select({
  id,
  label,
  options,
  placeholder,
  error,
  hint,
  requiredMark,
  size = 'regular',
  describedBy,
  after,
  ...select
}: SelectFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={requiredMark} size={size} after={after}>
      <select
        id={id}
        className="input select"
        data-size={size}
        {...fieldAria(id, { error, hint, describedBy })}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
