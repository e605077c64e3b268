import type { ComponentPropsWithRef, ReactNode } from 'react';
import { fieldAria } from './FieldShell';
import './Checkbox.css';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> & {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  describedBy?: string | undefined;
};

/** A checkbox with its label beside it and its error under the label. */
export function Checkbox({ id, label, error, describedBy, ...input }: CheckboxProps) {
  return (
    <div className="check" data-invalid={error ? '' : undefined}>
      <input type="checkbox" id={id} className="check__input" {...fieldAria(id, { error, describedBy })} {...input} />
      <label className="check__label" htmlFor={id}>
        {label}
      </label>
      {error ? (
        <p id={`${id}-error`} className="check__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
