import type { CashLimitPeriod } from '@croupier/contract';

/**
 * The running period of a cash limit (docs/player-protection.md, "Limits"): UTC calendar
 * periods, a day from midnight, a week from Monday, a month from its first day. Every
 * player's period rolls over at the same instant, and a limit set mid-period counts what the
 * period used before it (the strictest reading of "a limit per day").
 */
export function periodStart(period: CashLimitPeriod, now: Date): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  switch (period) {
    case 'daily':
      return new Date(day);
    case 'weekly': {
      // getUTCDay: 0 is Sunday; the week starts on Monday.
      const sinceMonday = (now.getUTCDay() + 6) % 7;
      return new Date(day - sinceMonday * 86_400_000);
    }
    case 'monthly':
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  }
}

/** When the running period ends: the next period's start. */
export function periodEnd(period: CashLimitPeriod, now: Date): Date {
  const start = periodStart(period, now);
  switch (period) {
    case 'daily':
      return new Date(start.getTime() + 86_400_000);
    case 'weekly':
      return new Date(start.getTime() + 7 * 86_400_000);
    case 'monthly':
      return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  }
}

/** The three running periods' starts at `now`, as the bet path's statement takes them. */
export function periodStarts(now: Date): Record<CashLimitPeriod, Date> {
  return { daily: periodStart('daily', now), weekly: periodStart('weekly', now), monthly: periodStart('monthly', now) };
}
