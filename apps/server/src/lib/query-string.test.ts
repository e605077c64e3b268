import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string';

describe('parseQueryString', () => {
  it('reads bracket arrays, repeated keys and scalars', () => {
    expect({ ...parseQueryString('status[]=1&status[]=2&currency=USD') }).toEqual({
      status: ['1', '2'],
      currency: 'USD',
    });
    expect({ ...parseQueryString('a=1&a=2&a=3') }).toEqual({ a: ['1', '2', '3'] });
    expect({ ...parseQueryString('collectionId[]=abc') }).toEqual({ collectionId: ['abc'] });
  });

  it('treats a bare key as no value and skips empty parts', () => {
    expect({ ...parseQueryString('key&visible=1&&') }).toEqual({ visible: '1' });
    expect({ ...parseQueryString('') }).toEqual({});
  });

  it('decodes percent and plus encoding, and survives malformed escapes', () => {
    expect({ ...parseQueryString('name=book%20of%2Bra&q=a+b') }).toEqual({ name: 'book of+ra', q: 'a b' });
    expect({ ...parseQueryString('bad=%E0%A4%A') }).toEqual({ bad: '%E0%A4%A' });
    expect({ ...parseQueryString('state=%7B%22backRoute%22%3A%22%2F%22%7D') }).toEqual({ state: '{"backRoute":"/"}' });
  });

  it('cannot pollute prototypes', () => {
    const parsed = parseQueryString('__proto__[]=x&constructor=y&ok=1');
    expect({ ...parsed }).toEqual({ ok: '1' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
