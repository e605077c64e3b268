import { describe, expect, it } from 'vitest';
import { nextWeekStartUtc } from './periods';

describe('nextWeekStartUtc', () => {
  it('answers the next Monday 00:00 UTC, strictly after the time given', () => {
    const next = (iso: string) => nextWeekStartUtc(new Date(iso)).toISOString();
    expect(next('2026-11-25T10:00:00Z')).toBe('2026-11-30T00:00:00.000Z'); // Wednesday
    expect(next('2026-11-29T23:59:59.999Z')).toBe('2026-11-30T00:00:00.000Z'); // Sunday night
    expect(next('2026-11-30T00:00:00Z')).toBe('2026-12-07T00:00:00.000Z'); // the boundary itself
    expect(next('2026-11-30T05:00:00Z')).toBe('2026-12-07T00:00:00.000Z'); // Monday morning
    expect(next('2026-12-28T12:00:00Z')).toBe('2027-01-04T00:00:00.000Z'); // across the year
  });
});
