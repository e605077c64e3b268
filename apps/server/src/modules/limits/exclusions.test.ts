import { COOLING_OFF_PERIODS, SELF_EXCLUSION_PERIODS } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { endsLater, exclusionEnd, identityHash, nextMinute, returnRefusal } from './exclusions';

const DAY_MS = 86_400_000;
const at = (iso: string) => new Date(iso);

describe('exclusionEnd', () => {
  it('offers cooling-off from 24 hours to 6 weeks and self-exclusion from 6 months to permanent', () => {
    expect(COOLING_OFF_PERIODS[0]).toEqual({ id: '1d', days: 1 });
    expect(Math.max(...COOLING_OFF_PERIODS.map((p) => p.days))).toBe(42);
    expect(SELF_EXCLUSION_PERIODS[0]).toEqual({ id: '6m', months: 6 });
    expect(SELF_EXCLUSION_PERIODS.at(-1)).toEqual({ id: 'permanent', months: null });
  });

  it('ends a cooling-off after its days, exactly', () => {
    const start = at('2026-03-28T22:15:00.000Z');
    expect(exclusionEnd(5, '1d', start)).toEqual(new Date(start.getTime() + DAY_MS));
    expect(exclusionEnd(5, '6w', start)).toEqual(new Date(start.getTime() + 42 * DAY_MS));
  });

  it('ends a self-exclusion after calendar months (UTC), the 31st on the month’s last day', () => {
    expect(exclusionEnd(4, '6m', at('2026-01-15T10:00:00.000Z'))).toEqual(at('2026-07-15T10:00:00.000Z'));
    expect(exclusionEnd(4, '6m', at('2026-08-31T10:00:00.000Z'))).toEqual(at('2027-02-28T10:00:00.000Z'));
    expect(exclusionEnd(4, '1y', at('2028-02-29T00:00:00.000Z'))).toEqual(at('2029-02-28T00:00:00.000Z'));
    expect(exclusionEnd(4, '5y', at('2026-05-01T00:00:00.000Z'))).toEqual(at('2031-05-01T00:00:00.000Z'));
    expect(exclusionEnd(4, 'permanent', at('2026-05-01T00:00:00.000Z'))).toBeNull();
  });

  it('knows only the periods of the definition', () => {
    const start = at('2026-05-01T00:00:00.000Z');
    expect(exclusionEnd(5, '6m', start)).toBeUndefined();
    expect(exclusionEnd(4, '1d', start)).toBeUndefined();
    expect(exclusionEnd(5, undefined, start)).toBeUndefined();
    expect(exclusionEnd(1, 'daily', start)).toBeUndefined();
  });
});

describe('endsLater (an exclusion is only made longer)', () => {
  const end = at('2026-06-01T00:00:00.000Z');
  it('accepts a later end or permanent, never an earlier or equal one, nothing after permanent', () => {
    expect(endsLater(at('2026-06-01T00:00:00.001Z'), end)).toBe(true);
    expect(endsLater(null, end)).toBe(true);
    expect(endsLater(end, end)).toBe(false);
    expect(endsLater(at('2026-05-31T00:00:00.000Z'), end)).toBe(false);
    expect(endsLater(null, null)).toBe(false);
    expect(endsLater(end, null)).toBe(false);
  });
});

describe('returnRefusal', () => {
  const now = at('2026-06-01T12:00:00.000Z');
  it('allows the request only after a self-exclusion’s end', () => {
    expect(returnRefusal({ definition: 4, ends_at: at('2026-06-01T12:00:00.000Z') }, now)).toBeUndefined();
    expect(returnRefusal({ definition: 4, ends_at: at('2026-06-01T12:00:00.001Z') }, now)).toMatch(/runs until/);
    expect(returnRefusal({ definition: 4, ends_at: null }, now)).toMatch(/permanent/);
    expect(returnRefusal({ definition: 5, ends_at: at('2026-05-01T00:00:00.000Z') }, now)).toMatch(/cooling-off/);
    expect(returnRefusal({ definition: 3, ends_at: null }, now)).toBeDefined();
  });
});

describe('nextMinute (the job’s occurrences)', () => {
  it('is the next whole minute, the same in every process, and never one already past', () => {
    const now = at('2026-06-01T12:00:30.000Z');
    expect(nextMinute(at('2026-06-01T12:00:30.000Z'), now)).toEqual(at('2026-06-01T12:01:00.000Z'));
    expect(nextMinute(at('2026-06-01T12:01:00.000Z'), now)).toEqual(at('2026-06-01T12:02:00.000Z'));
    // A run of an occurrence missed for a day schedules the coming minute, not the day's backlog.
    expect(nextMinute(at('2026-05-31T12:00:00.000Z'), now)).toEqual(at('2026-06-01T12:01:00.000Z'));
  });
});

describe('identityHash', () => {
  it('matches the same person however the names are written; needs both names and the birth date', () => {
    const hash = identityHash({ first_name: 'Zoë', last_name: "O'Neil-Smith", birthdate: '1990-04-01' });
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(identityHash({ first_name: ' zoe ', last_name: 'ONEIL SMITH', birthdate: '1990-04-01' })).toBe(hash);
    expect(identityHash({ first_name: 'Zoe', last_name: 'ONeilSmith', birthdate: '1990-04-02' })).not.toBe(hash);
    expect(identityHash({ first_name: 'Zoe', last_name: null, birthdate: '1990-04-01' })).toBeNull();
    expect(identityHash({ first_name: 'Zoe', last_name: 'Smith', birthdate: null })).toBeNull();
  });
});
