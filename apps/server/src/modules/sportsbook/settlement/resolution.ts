import { ODDS_SCALE, type OddsMilli } from '@croupier/contract';

/**
 * How one selection ended. Half results come from quarter lines, where the stake is split
 * over the two neighbouring lines (docs/sportsbook.md, "Settlement rules").
 */
export const RESOLUTIONS = ['won', 'lost', 'void', 'half_won', 'half_lost'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/**
 * Every leg factor is a numerator over this one denominator (2 × the odds scale), so a
 * ticket's return is stake × Π numerators / FACTOR_DENOMINATOR^legs, rounded once:
 * won → odds, lost → 0, void → 1, half-won → (odds + 1) / 2, half-lost → 1/2.
 */
export const FACTOR_DENOMINATOR = 2n * ODDS_SCALE;

export function factorNumerator(resolution: Resolution, oddsMilli: OddsMilli): bigint {
  switch (resolution) {
    case 'won':
      return 2n * oddsMilli;
    case 'lost':
      return 0n;
    case 'void':
      return FACTOR_DENOMINATOR;
    case 'half_won':
      return oddsMilli + ODDS_SCALE;
    case 'half_lost':
      return ODDS_SCALE;
  }
}

/** A thrown rule error: the caller passed a market, outcome or result that cannot go together. */
export class SettlementInputError extends Error {
  override readonly name = 'SettlementInputError';
}

/**
 * Lines (totals, handicaps) are multiples of 0.25 and exact in binary floating point;
 * internally they are counted in quarters (2.25 → 9) so comparisons stay integer.
 */
export function lineToQuarters(line: number): number {
  const quarters = line * 4;
  if (!Number.isSafeInteger(quarters)) throw new SettlementInputError(`line ${line} is not a multiple of 0.25`);
  return quarters;
}

export type LineKind = 'half' | 'whole' | 'quarter';

export function lineKind(line: number): LineKind {
  const quarters = lineToQuarters(line);
  if (quarters % 2 !== 0) return 'quarter';
  return quarters % 4 === 0 ? 'whole' : 'half';
}

function resolveMargin(marginQuarters: number): Resolution {
  if (marginQuarters > 0) return 'won';
  return marginQuarters < 0 ? 'lost' : 'void';
}

/**
 * Resolves a selection that wins when `valueQuarters + lineQuarters > 0` (an over on
 * total − line, a handicap side on its goal difference + handicap). Half and whole lines
 * win, lose or (whole only) push; a quarter line is half the stake on each neighbouring
 * line (2.25 → 2 and 2.5), which yields the half results.
 */
export function resolveAgainstLine(valueQuarters: number, lineQuarters: number): Resolution {
  if (lineQuarters % 2 === 0) return resolveMargin(valueQuarters + lineQuarters);
  const lower = resolveMargin(valueQuarters + lineQuarters - 1);
  const upper = resolveMargin(valueQuarters + lineQuarters + 1);
  if (lower === upper) return lower;
  // Neighbouring lines are half a unit apart, so one half of the stake is decided and the
  // other pushes: never won on one side and lost on the other.
  if (lower === 'void') return upper === 'won' ? 'half_won' : 'half_lost';
  return lower === 'won' ? 'half_won' : 'half_lost';
}
