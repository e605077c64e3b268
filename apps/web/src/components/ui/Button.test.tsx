import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Button, buttonClassName } from './Button';
import { ButtonLink } from './ButtonLink';

describe('Button', () => {
  it('is a ghost rounded button of type "button" by default', () => {
    expect(renderToStaticMarkup(<Button>Go</Button>)).toBe(
      '<button type="button" class="button button--ghost">Go</button>',
    );
  });

  it('keeps a submit type, extra classes and aria attributes', () => {
    const markup = renderToStaticMarkup(
      <Button type="submit" variant="primary" className="wallet-form__submit" aria-busy disabled>
        Pay
      </Button>,
    );
    expect(markup).toContain('type="submit"');
    expect(markup).toContain('class="button button--primary wallet-form__submit"');
    expect(markup).toContain('aria-busy="true"');
    expect(markup).toContain('disabled=""');
  });

  it('names each look by its block class', () => {
    expect(buttonClassName({ shape: 'pill', variant: 'primary', size: 'large' })).toBe(
      'pill-button pill-button--primary pill-button--large',
    );
    expect(buttonClassName({ shape: 'dialog', variant: 'ghost' })).toBe('dialog-button dialog-button--ghost');
    expect(buttonClassName({ shape: 'form', variant: 'primary' }, 'extra')).toBe(
      'form-button form-button--primary extra',
    );
  });

  it('forwards a ref to the focusable element (no DOM here: checked on the component type)', () => {
    const forwardRef = Symbol.for('react.forward_ref');
    expect((Button as unknown as { $$typeof: symbol }).$$typeof).toBe(forwardRef);
    expect((ButtonLink as unknown as { $$typeof: symbol }).$$typeof).toBe(forwardRef);
  });

  it('renders a router link that looks like a button', () => {
    const markup = renderToStaticMarkup(
      <MemoryRouter>
        <ButtonLink shape="pill" variant="ghost" to="/casino">
          Casino
        </ButtonLink>
      </MemoryRouter>,
    );
    expect(markup).toBe('<a class="pill-button pill-button--ghost" href="/casino" data-discover="true">Casino</a>');
  });
});
