import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { RowsSkeleton, Skeleton, TextSkeleton } from './Skeleton';

describe('states', () => {
  it('says that there is nothing to show, with an optional way on', () => {
    expect(renderToStaticMarkup(<EmptyState text="No games" />)).toBe(
      '<div class="state state--empty"><p>No games</p></div>',
    );
    expect(renderToStaticMarkup(<EmptyState text="Confirming" as="p" role="status" />)).toBe(
      '<p class="state state--empty" role="status">Confirming</p>',
    );
  });

  it('reports an error as an alert, with a retry button only when it can retry', () => {
    const withRetry = renderToStaticMarkup(<ErrorState onRetry={() => undefined} />);
    expect(withRetry).toContain('class="state state--error" role="alert"');
    expect(withRetry).toContain('<button type="button" class="button button--ghost">');
    expect(renderToStaticMarkup(<ErrorState />)).not.toContain('<button');
    expect(renderToStaticMarkup(<ErrorState text="The sportsbook is closed." />)).toContain(
      '<p>The sportsbook is closed.</p>',
    );
  });

  it('draws placeholders hidden from assistive technology, announcing loading once', () => {
    expect(renderToStaticMarkup(<Skeleton as="li" className="wallet-methods__item" />)).toBe(
      '<li class="skeleton wallet-methods__item" aria-hidden="true"></li>',
    );
    expect(renderToStaticMarkup(<Skeleton line />)).toBe(
      '<span class="skeleton skeleton--line" aria-hidden="true"></span>',
    );
    const rows = renderToStaticMarkup(<RowsSkeleton rows={3} />);
    expect(rows).toContain('role="status"');
    expect(rows.match(/skeleton-rows__row/g)).toHaveLength(3);
    expect(renderToStaticMarkup(<TextSkeleton lines={2} />).match(/skeleton--line/g)).toHaveLength(2);
  });
});
