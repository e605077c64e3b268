import { replayWheelDraw, verifyServerSeed } from '@croupier/games';
import type { WheelDraw } from '@croupier/contract';

/** The wheel's geometry: sector i spans [i·step, (i+1)·step) degrees clockwise from the top. */
export function sectorAngles(count: number, index: number): { start: number; end: number; center: number } {
  const step = 360 / count;
  return { start: index * step, end: (index + 1) * step, center: (index + 0.5) * step };
}

/** An SVG pie wedge of radius `r` from `start` to `end` degrees (clockwise from the top). */
export function wedgePath(r: number, start: number, end: number): string {
  const point = (deg: number) => {
    const rad = (deg * Math.PI) / 180;
    return `${(r * Math.sin(rad)).toFixed(3)} ${(-r * Math.cos(rad)).toFixed(3)}`;
  };
  const large = end - start > 180 ? 1 : 0;
  return `M 0 0 L ${point(start)} A ${r} ${r} 0 ${large} 1 ${point(end)} Z`;
}

/**
 * The rotor's next angle so that the pointer at the top lands on the middle of sector
 * `index`: at least `turns` full turns past the current angle, always forwards.
 */
export function landingRotation(current: number, count: number, index: number, turns = 5): number {
  const wanted = (((-sectorAngles(count, index).center - current) % 360) + 360) % 360;
  return current + turns * 360 + wanted;
}

/** Days, hours, minutes and seconds until `at` (zeros once passed). */
export function countdownParts(
  at: string,
  now: number,
): { days: number; hours: number; minutes: number; seconds: number } {
  const left = Math.max(0, Math.floor((new Date(at).getTime() - now) / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

export type DrawCheck = { ok: true; index: number } | { ok: false };

/**
 * The player's check of a spin, in the browser: the revealed seed hashes to the commitment
 * shown before the spin, and the draw recomputed from the seeds gives the same sector.
 */
export function verifyDraw(draw: WheelDraw, commitment: string): DrawCheck {
  if (!verifyServerSeed(draw.serverSeed, commitment)) return { ok: false };
  const replay = replayWheelDraw(draw);
  if (!replay.ok || replay.value !== draw.sectorIndex) return { ok: false };
  return { ok: true, index: replay.value };
}
