import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IconButton } from './IconButton';

describe('IconButton', () => {
  it('is named by its label and keeps other attributes', () => {
    const markup = renderToStaticMarkup(
      <IconButton label="Search" className="header__menu" aria-pressed={false}>
        <svg aria-hidden="true" />
      </IconButton>,
    );
    expect(markup).toBe(
      '<button type="button" aria-label="Search" class="icon-button header__menu" aria-pressed="false"><svg aria-hidden="true"></svg></button>',
    );
    expect((IconButton as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.forward_ref'));
  });
});
