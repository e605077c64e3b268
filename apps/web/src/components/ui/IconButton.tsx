import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import './IconButton.css';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** The accessible name: an icon alone says nothing to a screen reader. */
  label: string;
  /** The icon (decorative: hidden from assistive technology by the caller's SVG or here). */
  children: ReactNode;
}

/** A square button showing only an icon, named by `label` (aria-label). */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, className, type = 'button', children, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      className={className ? `icon-button ${className}` : 'icon-button'}
      {...rest}
    >
      {children}
    </button>
  );
});
