import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import './Button.css';

export type ButtonVariant = 'primary' | 'ghost';

/**
 * How a button looks: `variant` is its emphasis; `shape` 'rounded' is the default action
 * button (account pages, the header, the game frame), 'pill' the catalogue's call to
 * action (lobby, hero, game page), 'dialog' a modal's action row, 'form' the full-width
 * submit of the sign-in and password forms; `size` 'large' is taller and wider.
 */
export interface ButtonLook {
  variant?: ButtonVariant;
  shape?: 'rounded' | 'pill' | 'dialog' | 'form';
  size?: 'medium' | 'large';
}

const BLOCKS = { rounded: 'button', pill: 'pill-button', dialog: 'dialog-button', form: 'form-button' } as const;

/** The class list of a button look, for elements that are neither a button nor a router link. */
export function buttonClassName({ variant = 'ghost', shape = 'rounded', size = 'medium' }: ButtonLook, extra?: string) {
  const block = BLOCKS[shape];
  return [block, `${block}--${variant}`, size === 'large' ? `${block}--large` : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ButtonLook & ButtonHTMLAttributes<HTMLButtonElement> & { children?: ReactNode };

/** A `<button>`; `type` defaults to "button" so that it never submits a form by accident. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, shape, size, className, type = 'button', ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClassName({ variant, shape, size }, className)} {...rest} />;
});
