import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('renders the title and description of a content page', () => {
    const markup = renderToStaticMarkup(<PageHeader title="Security" description="Password" documentTitle={null} />);
    expect(markup).toBe(
      '<header class="page-header page-header--page"><h1 class="page-header__title">Security</h1><p class="page-header__description">Password</p></header>',
    );
  });

  it('puts a decorative badge before the title and actions beside it in a catalogue row', () => {
    const markup = renderToStaticMarkup(
      <PageHeader
        look="catalogue"
        documentTitle={null}
        badge={<svg />}
        title="Slots"
        description={null}
        actions={<select aria-label="Sort" />}
      />,
    );
    expect(markup).toContain('class="page-header page-header--catalogue page-header--row"');
    expect(markup).toContain(
      '<div class="page-header__heading"><span class="page-header__badge" aria-hidden="true"><svg></svg></span>',
    );
    expect(markup).not.toContain('page-header__description');
    expect(markup).toMatch(/<\/div><select aria-label="Sort"><\/select><\/header>$/);
  });
});
