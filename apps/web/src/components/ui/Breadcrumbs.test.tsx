import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Breadcrumbs, BreadcrumbsSkeleton } from './Breadcrumbs';

describe('Breadcrumbs', () => {
  it('links every crumb but the last, which is the current page', () => {
    const markup = renderToStaticMarkup(
      <MemoryRouter>
        <Breadcrumbs
          label="Breadcrumb"
          crumbs={[
            { label: 'Home', to: '/' },
            { label: 'Casino', to: '/casino' },
            { label: 'Dice', to: '/games/dice' },
          ]}
        />
      </MemoryRouter>,
    );
    expect(markup).toContain('<nav class="breadcrumbs" aria-label="Breadcrumb"><ol>');
    expect(markup.match(/<a /g)).toHaveLength(2);
    expect(markup).toContain('href="/casino"');
    expect(markup).not.toContain('href="/games/dice"');
    expect(markup).toContain('<li><span aria-current="page">Dice</span></li>');
  });

  it('has a placeholder hidden from assistive technology', () => {
    expect(renderToStaticMarkup(<BreadcrumbsSkeleton />)).toBe(
      '<span class="breadcrumbs breadcrumbs--skeleton" aria-hidden="true"></span>',
    );
  });
});
