import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { tabKeyTarget, TabPanel, Tabs } from './Tabs';

const TABS = [
  { key: 'email', label: 'E-mail' },
  { key: 'phone', label: 'Phone' },
  { key: 'social', label: 'Social' },
] as const;

describe('Tabs', () => {
  it('moves with the arrow keys (wrapping), Home and End, and ignores other keys', () => {
    expect(tabKeyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(tabKeyTarget('Home', 2, 3)).toBe(0);
    expect(tabKeyTarget('End', 0, 3)).toBe(2);
    expect(tabKeyTarget('Enter', 1, 3)).toBeUndefined();
    expect(tabKeyTarget('ArrowRight', 0, 0)).toBeUndefined();
  });

  it('marks the selected tab and keeps only it in the tab order', () => {
    const markup = renderToStaticMarkup(
      <Tabs idBase="t" tabs={TABS} selected="phone" onSelect={() => undefined} label="Sign in with" />,
    );
    expect(markup).toContain('role="tablist" aria-label="Sign in with"');
    expect(markup).toContain('class="tablist tablist--segmented"');
    expect(markup.match(/role="tab"/g)).toHaveLength(3);
    expect(markup).toContain('id="t-tab-phone" aria-selected="true" aria-controls="t-panel" tabindex="0"');
    expect(markup).toContain('id="t-tab-email" aria-selected="false" aria-controls="t-panel" tabindex="-1"');
  });

  it('points at no panel when the caller has none', () => {
    const markup = renderToStaticMarkup(
      <Tabs idBase="w" tabs={TABS} selected="email" onSelect={() => undefined} hasPanel={false} look="subtle" />,
    );
    expect(markup).not.toContain('aria-controls');
    expect(markup).toContain('tablist--subtle');
  });

  it('labels the panel by the selected tab', () => {
    const markup = renderToStaticMarkup(
      <TabPanel idBase="t" selected="phone">
        form
      </TabPanel>,
    );
    expect(markup).toBe('<div role="tabpanel" id="t-panel" aria-labelledby="t-tab-phone">form</div>');
  });
});
