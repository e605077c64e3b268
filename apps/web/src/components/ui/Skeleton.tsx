import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import './Skeleton.css';

export interface SkeletonProps extends HTMLAttributes<HTMLElement> {
  /** The element: a span in running content, an li in a list, a div for a block. */
  as?: 'span' | 'li' | 'div';
  /** A text line (14 px high, spaced like text). */
  line?: boolean;
}

/** A shimmering placeholder in the shape its class gives it; hidden from assistive technology. */
export function Skeleton({ as: Element = 'span', line = false, className, ...rest }: SkeletonProps) {
  const classes = ['skeleton', line ? 'skeleton--line' : '', className ?? ''].filter(Boolean).join(' ');
  return <Element className={classes} aria-hidden="true" {...rest} />;
}

/** Loading placeholder lines for text content. */
export function TextSkeleton({ lines = 6 }: { lines?: number }) {
  const { t } = useTranslation('global-components');
  return (
    <div className="skeleton-text" aria-busy="true" aria-label={t('states.loading')}>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton skeleton--line" style={{ width: `${60 + ((i * 37) % 40)}%` }} />
      ))}
    </div>
  );
}

/** Placeholder rows while a list or form of rows loads; announced once as "loading". */
export function RowsSkeleton({ rows }: { rows: number }) {
  const { t } = useTranslation('global-components');
  return (
    <div className="skeleton-rows" role="status">
      <span className="visually-hidden">{t('states.loading')}</span>
      {Array.from({ length: rows }, (_, row) => (
        <span key={row} className="skeleton skeleton-rows__row" aria-hidden="true" />
      ))}
    </div>
  );
}
