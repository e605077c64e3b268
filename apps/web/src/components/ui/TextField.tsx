import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldShell, fieldAria, type FieldSize } from './FieldShell';
import './Input.css';

interface FieldTexts {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shows FieldShell's required mark (the control's own `required` only sets the attribute). */
  requiredMark?: boolean;
  size?: FieldSize;
  /** Extra ids describing the control (rendered in `after` or elsewhere). */
  describedBy?: string | undefined;
  after?: ReactNode;
}

/** The bare input with the shared look; `size` as in FieldShell. */
export function TextInput({
  size = 'regular',
  className,
  ...props
}: Omit<ComponentPropsWithRef<'input'>, 'size'> & { size?: FieldSize }) {
  return <input {...props} className={className ? `input ${className}` : 'input'} data-size={size} />;
}

export type TextFieldProps = FieldTexts & Omit<ComponentPropsWithRef<'input'>, 'id' | 'size'>;

/** A labelled text input (text, e-mail, password, date…) with its error or hint. */
export function TextField({
  id,
  label,
  error,
  hint,
  requiredMark,
  size = 'regular',
  describedBy,
  after,
  ...input
}: TextFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={requiredMark} size={size} after={after}>
      <TextInput id={id} size={size} {...fieldAria(id, { error, hint, describedBy })} {...input} />
    </FieldShell>
  );
}

export type TextAreaFieldProps = FieldTexts & Omit<ComponentPropsWithRef<'textarea'>, 'id'>;

/** A labelled multi-line input. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  requiredMark,
  size = 'regular',
  describedBy,
  after,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={requiredMark} size={size} after={after}>
      <textarea
        id={id}
        className="input"
        data-size={size}
        {...fieldAria(id, { error, hint, describedBy })}
        {...textarea}
      />
    </FieldShell>
  );
}
