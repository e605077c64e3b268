import { describe, expect, it } from 'vitest';
import { badgeText, isExternalLink, pageAfterDelete } from './logic';

describe('messenger logic', () => {
  it('caps the badge and hides it at zero', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });

  it('opens http links in a new tab and keeps site paths', () => {
    expect(isExternalLink('https://example.com')).toBe(true);
    expect(isExternalLink('HTTP://example.com')).toBe(true);
    expect(isExternalLink('/promotions')).toBe(false);
  });

  it('steps back a page when the last message of the last page goes', () => {
    expect(pageAfterDelete(3, 1)).toBe(2);
    expect(pageAfterDelete(3, 2)).toBe(3);
    expect(pageAfterDelete(1, 1)).toBe(1);
  });
});
