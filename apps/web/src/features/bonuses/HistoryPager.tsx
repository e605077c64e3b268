import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';

/**
 * Previous, "Page 2 of 5" and Next under a history list of the bonuses page (its bonuses and
 * its free spins): nothing with a single page. A button that cannot act now (a page loading,
 * the first or last page) says so with `aria-disabled` and stays focusable, so that keyboard
 * focus stays on the pager while pages turn.
 */
export function HistoryPager({
  page,
  totalPages,
  busy,
  label,
  onPage,
  testId,
}: {
  page: number;
  totalPages: number;
  busy: boolean;
  /** The navigation's name, which tells the two pagers of the tab apart. */
  label: string;
  onPage: (page: number) => void;
  testId?: string;
}) {
  const { t } = useTranslation('global-components');
  if (totalPages <= 1) return null;
  const step = (to: number, possible: boolean) => {
    const off = busy || !possible;
    return {
      'aria-disabled': off || undefined,
      onClick: () => {
        if (!off) onPage(to);
      },
    };
  };
  return (
    <nav className="profile-pager" aria-label={label} data-testid={testId}>
      <Button variant="ghost" {...step(page - 1, page > 1)}>
        {t('pagination.previous')}
      </Button>
      <span className="profile-pager__status" aria-live="polite">
        {t('pagination.page', { page, total: totalPages })}
      </span>
      <Button variant="ghost" {...step(page + 1, page < totalPages)}>
        {t('pagination.next')}
      </Button>
    </nav>
  );
}
