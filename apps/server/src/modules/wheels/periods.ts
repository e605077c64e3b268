/** UTC periods of the wheels' daily spins and spin limits (docs/wheels.md). */
import type { WheelLimitPeriod } from '@croupier/contract';

const DAY_MS = 86_400_000;

/** Midnight UTC of the day holding `at`. */
export function dayStartUtc(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** `YYYY-MM-DD` of the UTC day holding `at`. */
export function utcDay(at: Date): string {
  return dayStartUtc(at).toISOString().slice(0, 10);
}

/** The start of the period holding `at`: the UTC day, or the week from Monday 00:00 UTC. */
export function periodStart(period: WheelLimitPeriod, at: Date): Date {
  const day = dayStartUtc(at);
  if (period === 'day') return day;
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** The end of the period holding `at` (the next one's start). */
export function periodEnd(period: WheelLimitPeriod, at: Date): Date {
  return new Date(periodStart(period, at).getTime() + (period === 'day' ? DAY_MS : 7 * DAY_MS));
}
