import { LIMBO } from '@croupier/games';

export const clampLimboTarget = (hundredths: number) =>
  Math.min(LIMBO.maxTargetHundredths, Math.max(LIMBO.minTargetHundredths, Math.round(hundredths)));

/** "2" or "2,5" → 200 / 250 hundredths; NaN when not a number. */
export function parseMultiplier(text: string): number {
  const normalized = text.trim().replace(',', '.').replace(/[x×]$/i, '');
  if (!/^\d+(\.\d{0,2})?$/.test(normalized)) return Number.NaN;
  return Math.round(Number(normalized) * 100);
}

/**
 * The counter's value `elapsed` of `durationMs` into the animation: it climbs on a
 * logarithmic scale (1.00× to the result), fast at first like the game's tension curve.
 */
export function counterAt(resultHundredths: number, elapsedMs: number, durationMs: number): number {
  if (elapsedMs >= durationMs || resultHundredths <= 100) return resultHundredths;
  const progress = 1 - (1 - elapsedMs / durationMs) ** 3;
  return Math.max(100, Math.floor(100 * Math.exp(Math.log(resultHundredths / 100) * progress)));
}
