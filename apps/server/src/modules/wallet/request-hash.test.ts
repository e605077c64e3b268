import { describe, expect, it } from 'vitest';
import { canonicalJson, requestHash } from './request-hash';

describe('canonicalJson', () => {
  it('sorts object keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,1]},"b":1}');
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
  });

  it('refuses values JSON cannot hold exactly', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(/non-finite/);
    expect(() => canonicalJson({ a: 1n })).toThrow(/bigint/);
    expect(() => canonicalJson([() => 1])).toThrow(/function/);
  });
});

describe('requestHash', () => {
  it('is the same for equal values written in another key order, and differs otherwise', () => {
    const first = requestHash({ kind: 'deposit', metadata: { invoiceId: 'i1', method: 'card' } });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(requestHash({ metadata: { method: 'card', invoiceId: 'i1' }, kind: 'deposit' })).toBe(first);
    expect(requestHash({ kind: 'deposit', metadata: { invoiceId: 'i2', method: 'card' } })).not.toBe(first);
  });
});
