/** The dice target the UI offers: 2.00–98.00 in both directions (both are valid bets). */
export const DICE_TARGET = { min: 200, max: 9800 } as const;

export const clampTarget = (hundredths: number) =>
  Math.min(DICE_TARGET.max, Math.max(DICE_TARGET.min, Math.round(hundredths)));

/** "49.5" or "49,50" → 4950; NaN when not a number. */
export function parseHundredths(text: string): number {
  const normalized = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(normalized)) return Number.NaN;
  return Math.round(Number(normalized) * 100);
}

/** The target after a key on the slider: arrows move 1.00 (0.01 with Shift), pages 10.00. */
export function targetAfterKey(target: number, key: string, fine: boolean): number | null {
  const step = fine ? 1 : 100;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampTarget(target - step);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampTarget(target + step);
    case 'PageDown':
      return clampTarget(target - 1000);
    case 'PageUp':
      return clampTarget(target + 1000);
    case 'Home':
      return DICE_TARGET.min;
    case 'End':
      return DICE_TARGET.max;
    default:
      return null;
  }
}
