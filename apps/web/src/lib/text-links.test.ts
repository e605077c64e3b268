import { describe, expect, it } from 'vitest';
import { isSafeHref, splitLinks } from './text-links';

describe('content text links', () => {
  it('splits a text around [label](href) links', () => {
    expect(splitLinks('Read our [Cookie Policy](/static/cookies) to find out more.')).toEqual([
      { kind: 'text', text: 'Read our ' },
      { kind: 'link', text: 'Cookie Policy', href: '/static/cookies' },
      { kind: 'text', text: ' to find out more.' },
    ]);
  });

  it('leaves a text without links whole', () => {
    expect(splitLinks('No links here.')).toEqual([{ kind: 'text', text: 'No links here.' }]);
    expect(splitLinks('')).toEqual([]);
  });

  it('accepts only site paths and http(s) links', () => {
    expect(isSafeHref('/static/cookies')).toBe(true);
    expect(isSafeHref('https://example.com')).toBe(true);
    expect(isSafeHref('//evil.example')).toBe(false);
    expect(isSafeHref('javascript:alert(1)')).toBe(false);
  });
});
