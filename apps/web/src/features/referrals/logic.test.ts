import { describe, expect, it } from 'vitest';
import { formatTimeLeft, referralLink, statusKey, timeLeft } from './logic';

describe('referral logic', () => {
  it('builds the link from the site address and the code', () => {
    expect(referralLink('https://croupier.example', 'ABC234XYZ9')).toBe('https://croupier.example/?ref=ABC234XYZ9');
    expect(referralLink('http://localhost:3000/', 'ABC234XYZ9')).toBe('http://localhost:3000/?ref=ABC234XYZ9');
  });

  it('counts down in days, hours and minutes, and stops at zero', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    expect(timeLeft('2026-03-13T04:30:00Z', now)).toEqual({ days: 12, hours: 4, minutes: 30 });
    expect(timeLeft('2026-02-01T00:00:00Z', now)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(timeLeft('not a date', now)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(formatTimeLeft('2026-03-13T04:30:00Z', now, 'en')).toBe('12d 4h');
    expect(formatTimeLeft('2026-03-01T03:20:00Z', now, 'en')).toBe('3h 20m');
    expect(formatTimeLeft('2026-03-01T00:20:59Z', now, 'en')).toBe('20m');
  });

  it('maps statuses to their labels, unknown ones to in progress', () => {
    expect([1, 2, 3, 0].map(statusKey)).toEqual(['1', '2', '3', '1']);
  });
});
