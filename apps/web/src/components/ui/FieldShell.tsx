import type { ReactNode } from 'react';
import './FieldShell.css';

/** How dense a field is: `regular` (account forms, pages) or `compact` (the wallet modal). */
export type FieldSize = 'regular' | 'compact';

export interface FieldAriaOptions {
  /** The error shown under the control; marks it invalid. */
  error?: string | undefined;
  /** A hint shown under the control. */
  hint?: ReactNode;
  /** Further ids that describe the control (a strength meter, a status line). */
  describedBy?: string | undefined;
}

/**
 * The ARIA attributes tying a control to the texts FieldShell renders for it: the error
 * (`{id}-error`), the hint (`{id}-hint`) and any extra ids; `aria-invalid` with an error.
 */
export function fieldAria(
  id: string,
  { error, hint, describedBy }: FieldAriaOptions,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : '', describedBy ?? ''].filter(Boolean).join(' ');
  return {
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(ids ? { 'aria-describedby': ids } : {}),
  };
}

export interface FieldShellProps extends FieldAriaOptions {
  /** The control's id: the label points at it, the texts take it as their prefix. */
  id: string;
  label: ReactNode;
  /** Shows the required mark after the label (hidden from screen readers: the control says it). */
  required?: boolean;
  size?: FieldSize;
  /** The control. */
  children: ReactNode;
  /** Rendered after the error and hint (a strength meter, a status line). */
  after?: ReactNode;
}

/**
 * A labelled field: label (with the required mark), the control, its error or hint.
 * The control itself carries `fieldAria(id, …)`; TextField, Select and AmountField do
 * that for you.
 */
export function FieldShell({
  id,
  label,
  required = false,
  size = 'regular',
  error,
  hint,
  children,
  after,
}: FieldShellProps) {
  return (
    <div className="field" data-size={size} data-invalid={error ? '' : undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {after}
    </div>
  );
}
