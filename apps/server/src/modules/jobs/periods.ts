const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first Monday 00:00 UTC strictly after `after`: the boundary of weekly periods
 * (cashback), the same in every process.
 */
export function nextWeekStartUtc(after: Date): Date {
  const midnight = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate());
  // Days from that midnight to the next Monday; a Monday goes a whole week on.
  const daysToMonday = (8 - new Date(midnight).getUTCDay()) % 7 || 7;
  return new Date(midnight + daysToMonday * DAY_MS);
}
