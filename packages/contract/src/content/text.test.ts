import { describe, expect, it } from 'vitest';
import { contentTextOf } from './text';

describe('contentTextOf', () => {
  const text = contentTextOf({
    pages: { betting: { periods: { set: 'Set {number}' }, title: 'Sports' }, list: ['x'] },
  });

  it('reads a text by its dotted key and fills its values', () => {
    expect(text('pages.betting.title')).toBe('Sports');
    expect(text('pages.betting.periods.set', { number: 2 })).toBe('Set 2');
  });

  it('leaves an unknown placeholder as written and reads a missing text as its key', () => {
    expect(text('pages.betting.periods.set')).toBe('Set {number}');
    expect(text('pages.betting.nothing')).toBe('pages.betting.nothing');
    expect(text('pages.list.0')).toBe('pages.list.0');
    expect(text('pages.betting')).toBe('pages.betting');
  });
});
