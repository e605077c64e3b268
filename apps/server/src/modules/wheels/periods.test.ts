import { describe, expect, it } from 'vitest';
import { dayStartUtc, periodEnd, periodStart, utcDay } from './periods';

describe('wheel periods', () => {
  it('cuts UTC days and weeks from Monday', () => {
    const at = new Date('2026-11-26T18:30:00Z'); // a Thursday
    expect(dayStartUtc(at).toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(utcDay(at)).toBe('2026-11-26');
    expect(periodEnd('day', at).toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(periodStart('week', at).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(periodEnd('week', at).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    const sunday = new Date('2026-11-29T23:59:59Z');
    expect(periodStart('week', sunday).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    const monday = new Date('2026-11-30T00:00:00Z');
    expect(periodStart('week', monday).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });
});
