import { describe, expect, it } from 'vitest';
import { periodEnd, periodStart, periodStarts } from './periods';

describe('cash limit periods (UTC calendar)', () => {
  it('a day runs from midnight UTC to the next', () => {
    const now = new Date('2026-11-26T23:59:59.999Z');
    expect(periodStart('daily', now).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(periodEnd('daily', now).toISOString()).toBe('2026-11-27T00:00:00.000Z');
  });

  it('a week starts on Monday, also when now is a Sunday or a Monday', () => {
    // 2026-11-26 is a Thursday
    expect(periodStart('weekly', new Date('2026-11-26T10:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(periodStart('weekly', new Date('2026-11-29T23:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(periodStart('weekly', new Date('2026-11-30T00:00:00Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(periodEnd('weekly', new Date('2026-11-26T10:00:00Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('a month runs from its first day, across a year end', () => {
    const now = new Date('2026-12-31T12:00:00Z');
    expect(periodStart('monthly', now).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(periodEnd('monthly', now).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(periodEnd('monthly', new Date('2028-02-10T00:00:00Z')).toISOString()).toBe('2028-03-01T00:00:00.000Z');
  });

  it('rolls over at the boundary: the last millisecond belongs to the old period', () => {
    const before = periodStarts(new Date('2026-11-30T23:59:59.999Z'));
    const after = periodStarts(new Date('2026-12-01T00:00:00.000Z'));
    expect(before.daily.getTime()).not.toBe(after.daily.getTime());
    expect(before.monthly.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(after.monthly.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(before.weekly.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(after.weekly.toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });
});
