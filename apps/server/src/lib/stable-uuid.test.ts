import { describe, expect, it } from 'vitest';
import { stableUuid } from './stable-uuid';

/** The DNS namespace of RFC 9562. */
const DNS = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';

describe('stableUuid', () => {
  it('matches the reference version-5 UUID for a known name', () => {
    // Python: uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org')
    expect(stableUuid(DNS, 'python.org')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
  });

  it('is stable per name and differs between names', () => {
    expect(stableUuid(DNS, 'gold')).toBe(stableUuid(DNS, 'gold'));
    expect(stableUuid(DNS, 'gold')).not.toBe(stableUuid(DNS, 'silver'));
    expect(stableUuid(DNS, 'gold')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('refuses a namespace that is not a UUID', () => {
    expect(() => stableUuid('nope', 'x')).toThrow(/Not a UUID/);
  });
});
