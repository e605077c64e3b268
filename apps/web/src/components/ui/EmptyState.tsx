import type { ReactNode } from 'react';
import './EmptyState.css';

export interface EmptyStateProps {
  text: string;
  /** A way on (a link or a button) under the text. */
  children?: ReactNode;
  /** 'status' when the text reports progress that a screen reader should hear. */
  role?: 'status';
  /** 'p' renders the text alone as the box (no room for children). */
  as?: 'div' | 'p';
}

/** Says that there is nothing to show (or, with role status, what is going on). */
export function EmptyState({ text, children, role, as = 'div' }: EmptyStateProps) {
  if (as === 'p') {
    return (
      <p className="state state--empty" role={role}>
        {text}
      </p>
    );
  }
  return (
    <div className="state state--empty" role={role}>
      <p>{text}</p>
      {children}
    </div>
  );
}
