import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import './Pager.css';

/**
 * What a pager button does: turns to `to` when `possible` and no page is loading, and
 * otherwise says it cannot act with `aria-disabled` (never `disabled`: the button stays
 * focusable, so keyboard focus stays on the pager while pages turn).
 */
export function pagerStep(to: number, possible: boolean, busy: boolean, onPage: (page: number) => void) {
  const off = busy || !possible;
  return {
    'aria-disabled': off || undefined,
    onClick: () => {
      if (!off) onPage(to);
    },
  };
}

export interface PagerProps {
  page: number;
  totalPages: number;
  /** A page is loading: both buttons wait. */
  busy: boolean;
  /** The navigation's name (the list it turns, or which of a page's pagers it is). */
  label: string;
  onPage: (page: number) => void;
  testId?: string;
}

/** Previous, "Page 2 of 5" and Next under a paged list; nothing with a single page. */
export function Pager({ page, totalPages, busy, label, onPage, testId }: PagerProps) {
  const { t } = useTranslation('global-components');
  if (totalPages <= 1) return null;
  return (
    <nav className="profile-pager" aria-label={label} data-testid={testId}>
      <Button variant="ghost" {...pagerStep(page - 1, page > 1, busy, onPage)}>
        {t('pagination.previous')}
      </Button>
      <span className="profile-pager__status" aria-live="polite">
        {t('pagination.page', { page, total: totalPages })}
      </span>
      <Button variant="ghost" {...pagerStep(page + 1, page < totalPages, busy, onPage)}>
        {t('pagination.next')}
      </Button>
    </nav>
  );
}
