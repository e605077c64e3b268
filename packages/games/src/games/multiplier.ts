/**
 * The multiplier draw shared by limbo and crash: "a constant divided by the float, with
 * the house edge applied" (the common provably fair scheme), in hundredths:
 *
 *   result = ⌊ 99 · 2³² / u ⌋ / 100 = ⌊ 100 · 0.99 / float ⌋ / 100, u = float · 2³²,
 *
 * floored at 1.00x and capped. For a target T (hundredths, ≥ 1.01x, ≤ cap) the result
 * reaches T exactly when u ≤ 99·2³²/T, i.e. for ⌊99·2³²/T⌋ + 1 of the 2³² draws (u = 0
 * included, it gives the cap), so P(result ≥ T) = 0.99 / (T/100) up to one draw in 2³²
 * and a bet paying T/100 returns 99%.
 */
const TWO_POW_32 = 4_294_967_296;
const EDGE_NUMERATOR = 99 * TWO_POW_32;

export const MULTIPLIER_DRAW = {
  rtp: 0.99,
  minHundredths: 100,
  /** 1,000,000x: above this the house no longer offers odds. */
  capHundredths: 100_000_000,
} as const;

/** The result in hundredths from a uniform 32-bit draw. */
export function multiplierFromUint32(u: number): number {
  if (u === 0) return MULTIPLIER_DRAW.capHundredths;
  // Both operands are integers below 2⁵³, so the double quotient floors correctly.
  const hundredths = Math.floor(EDGE_NUMERATOR / u);
  return Math.min(MULTIPLIER_DRAW.capHundredths, Math.max(MULTIPLIER_DRAW.minHundredths, hundredths));
}

/** The exact return of a bet that pays `targetHundredths` when the result reaches it. */
export function multiplierTargetRtp(targetHundredths: number): number {
  const winningDraws = Math.floor(EDGE_NUMERATOR / targetHundredths) + 1;
  return (winningDraws / TWO_POW_32) * (targetHundredths / 100);
}
