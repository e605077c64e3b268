import { randomInt } from 'node:crypto';

/**
 * The sandbox provider's one game: three reels of six equally likely symbols.
 * - three of a kind pays its multiplier;
 * - otherwise two cherries pay 2× and one cherry pays the stake back (1×).
 * Of the 216 outcomes, the triples return 110, two cherries 15 × 2 and one cherry 75 × 1:
 * 215/216 of the stakes, an RTP of about 99.5 % (paytable.test.ts counts it).
 */

export const SYMBOLS = ['Cherry', 'Lemon', 'Bell', 'Star', 'Seven', 'Diamond'] as const;
export type SandboxSymbol = (typeof SYMBOLS)[number];

/** Multipliers of three of a kind. */
export const TRIPLE_MULTIPLIER: Record<SandboxSymbol, bigint> = {
  Cherry: 5n,
  Lemon: 5n,
  Bell: 10n,
  Star: 15n,
  Seven: 25n,
  Diamond: 50n,
};
export const TWO_CHERRIES_MULTIPLIER = 2n;
export const ONE_CHERRY_MULTIPLIER = 1n;

export type Reels = [SandboxSymbol, SandboxSymbol, SandboxSymbol];

/** The multiplier of a stop of the reels. */
export function multiplierOf(reels: Reels): bigint {
  const [a, b, c] = reels;
  if (a === b && b === c) return TRIPLE_MULTIPLIER[a];
  const cherries = reels.filter((symbol) => symbol === 'Cherry').length;
  if (cherries === 2) return TWO_CHERRIES_MULTIPLIER;
  if (cherries === 1) return ONE_CHERRY_MULTIPLIER;
  return 0n;
}

/** Stops the reels with the operating system's CSPRNG (`pick` is for tests). */
export function spinReels(pick: (size: number) => number = (size) => randomInt(size)): Reels {
  const reel = (): SandboxSymbol => SYMBOLS[pick(SYMBOLS.length)] ?? 'Cherry';
  return [reel(), reel(), reel()];
}
