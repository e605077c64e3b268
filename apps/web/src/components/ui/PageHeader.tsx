import type { ReactNode } from 'react';
import { PageHead } from '../PageHead';
import './PageHeader.css';

export interface PageHeaderProps {
  /** The page's h1; also the document title unless `documentTitle` says otherwise. */
  title: ReactNode;
  description?: ReactNode;
  /** The document title (<title>, og:title); pass null when the page sets its head itself. */
  documentTitle?: string | null;
  /** 'page' for content and account pages; 'catalogue' for the lobby's bolder, tighter head. */
  look?: 'page' | 'catalogue';
  /** An icon shown in a framed badge before the title (decorative). */
  badge?: ReactNode;
  /** Other art before the title (a provider's logo). */
  media?: ReactNode;
  /** Controls beside the heading (search, sort); they wrap under it on phones. */
  actions?: ReactNode;
  className?: string;
}

/** The heading block of a page, with its <head> tags. */
export function PageHeader({
  title,
  description,
  documentTitle,
  look = 'page',
  badge,
  media,
  actions,
  className,
}: PageHeaderProps) {
  const classes = ['page-header', `page-header--${look}`, actions ? 'page-header--row' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  const headTitle = documentTitle === undefined ? (typeof title === 'string' ? title : undefined) : documentTitle;
  const text = (
    <>
      <h1 className="page-header__title">{title}</h1>
      {description ? <p className="page-header__description">{description}</p> : null}
    </>
  );
  return (
    <header className={classes}>
      {headTitle === null ? null : <PageHead title={headTitle} />}
      {badge || media ? (
        <div className="page-header__heading">
          {badge ? (
            <span className="page-header__badge" aria-hidden="true">
              {badge}
            </span>
          ) : null}
          {media}
          <div>{text}</div>
        </div>
      ) : actions ? (
        <div>{text}</div>
      ) : (
        text
      )}
      {actions}
    </header>
  );
}
