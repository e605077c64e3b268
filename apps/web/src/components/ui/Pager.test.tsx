import type { i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishContent } from '../../lib/content.testutil';
import { Pager, pagerStep } from './Pager';

let content: i18n;
beforeAll(async () => {
  content = await englishContent(['global-components']);
});

const pager = (page: number, totalPages: number, busy = false, testId?: string) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={content}>
      <Pager
        page={page}
        totalPages={totalPages}
        busy={busy}
        label="Referrals"
        onPage={() => undefined}
        {...(testId ? { testId } : {})}
      />
    </I18nextProvider>,
  );

describe('Pager', () => {
  it('renders nothing for a single page', () => {
    expect(pager(1, 1)).toBe('');
    expect(pager(1, 0)).toBe('');
  });

  it('names the navigation and says the page, in the markup the pages had', () => {
    expect(pager(2, 3)).toBe(
      '<nav class="profile-pager" aria-label="Referrals">' +
        '<button type="button" class="button button--ghost">Previous</button>' +
        '<span class="profile-pager__status" aria-live="polite">Page 2 of 3</span>' +
        '<button type="button" class="button button--ghost">Next</button></nav>',
    );
    expect(pager(2, 3, false, 'bonuses-pager')).toContain('data-testid="bonuses-pager"');
  });

  it('turns each way only as far as there are pages, and waits while one loads', () => {
    const first = pager(1, 3);
    expect(first).toMatch(/aria-disabled="true"[^>]*>Previous<\/button>/);
    expect(first).not.toMatch(/aria-disabled="true"[^>]*>Next<\/button>/);
    expect(pager(3, 3)).toMatch(/aria-disabled="true"[^>]*>Next<\/button>/);
    const loading = pager(2, 3, true);
    expect(loading.match(/aria-disabled="true"/g)).toHaveLength(2);
    // Never the disabled attribute: focus stays on the pager while pages turn.
    expect(first + loading).not.toContain('disabled=""');
  });

  it('calls onPage only when the step can act', () => {
    const turned: number[] = [];
    const onPage = (page: number) => turned.push(page);
    pagerStep(2, true, false, onPage).onClick();
    pagerStep(0, false, false, onPage).onClick();
    pagerStep(3, true, true, onPage).onClick();
    expect(turned).toEqual([2]);
    expect(pagerStep(2, true, false, onPage)['aria-disabled']).toBeUndefined();
    expect(pagerStep(3, true, true, onPage)['aria-disabled']).toBe(true);
  });
});
