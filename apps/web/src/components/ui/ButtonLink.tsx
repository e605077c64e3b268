import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router';
import { buttonClassName, type ButtonLook } from './Button';

// Apart from Button so that the game frame's entry, which has no router, does not load one.

export type ButtonLinkProps = ButtonLook & LinkProps;

/** A router link that looks like a button (navigation stays a link for assistive technology). */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant, shape, size, className, ...rest },
  ref,
) {
  return <Link ref={ref} className={buttonClassName({ variant, shape, size }, className)} {...rest} />;
});
