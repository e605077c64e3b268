import { numberFormat } from '../../lib/format';

/** The link a player shares: the site's address with `?ref=` and their code. */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/?ref=${encodeURIComponent(code)}`;
}

/** Whole days, hours and minutes from `nowMs` until `endIso` (zeros once it has passed). */
export function timeLeft(endIso: string, nowMs: number): { days: number; hours: number; minutes: number } {
  const leftMs = Math.max(0, Date.parse(endIso) - nowMs);
  const totalMinutes = Number.isFinite(leftMs) ? Math.floor(leftMs / 60_000) : 0;
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
  };
}

/** "12d 4h" or "3h 20m" (or "20m") in the locale's narrow units. */
export function formatTimeLeft(endIso: string, nowMs: number, locale: string): string {
  const { days, hours, minutes } = timeLeft(endIso, nowMs);
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    numberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'narrow' }).format(value);
  if (days > 0) return `${unit(days, 'day')} ${unit(hours, 'hour')}`;
  if (hours > 0) return `${unit(hours, 'hour')} ${unit(minutes, 'minute')}`;
  return unit(minutes, 'minute');
}

/** The status label's key: 1, 2 or 3; anything else reads as in progress. */
export function statusKey(qualified: number): '1' | '2' | '3' {
  return qualified === 2 ? '2' : qualified === 3 ? '3' : '1';
}
