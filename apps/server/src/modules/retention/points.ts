/**
 * Loyalty points arithmetic (docs/loyalty.md), in bigint only. Points are kept in
 * attopoints (10^-18 points) while they are summed, so that a stake's fraction of a point
 * is never rounded away: the account keeps whole points and the remainder.
 */

export const ATTOPOINTS_PER_POINT = 10n ** 18n;
/** A rate is stored in millionths of a point per major unit. */
export const MICROPOINTS_PER_POINT = 1_000_000n;

/**
 * What a stake earns: (stakeMinor / subunit) major units × (micropoints / 10^6) points per
 * unit × percent / 100, in attopoints. Exact (no rounding) while subunit × 10^8 divides
 * 10^18, i.e. for every currency with up to 10 decimals; otherwise rounded down.
 */
export function stakeAttopoints(input: {
  stakeMinor: bigint;
  subunit: bigint;
  micropointsPerUnit: bigint;
  percent: number;
}): bigint {
  if (input.stakeMinor <= 0n || input.micropointsPerUnit <= 0n || input.percent <= 0) return 0n;
  return (
    (input.stakeMinor * input.micropointsPerUnit * BigInt(input.percent) * ATTOPOINTS_PER_POINT) /
    (input.subunit * 100n * MICROPOINTS_PER_POINT)
  );
}

/** Whole points and the remainder after adding `deltaAttopoints` (never below zero). */
export function addAttopoints(
  balance: { points: bigint; remainderAttopoints: bigint },
  deltaAttopoints: bigint,
): { points: bigint; remainderAttopoints: bigint } {
  let total = balance.points * ATTOPOINTS_PER_POINT + balance.remainderAttopoints + deltaAttopoints;
  if (total < 0n) total = 0n;
  return { points: total / ATTOPOINTS_PER_POINT, remainderAttopoints: total % ATTOPOINTS_PER_POINT };
}

/** Whole points as attopoints (an award given in points). */
export const pointsToAttopoints = (points: bigint): bigint => points * ATTOPOINTS_PER_POINT;

/** A rate in points per unit (up to 6 decimals) as micropoints, and back. */
export const micropointsOf = (pointsPerUnit: number): bigint => BigInt(Math.round(pointsPerUnit * 1e6));
export const pointsPerUnitOf = (micropoints: bigint): number => Number(micropoints) / 1e6;

/** The highest level (by order) whose threshold is reached; the lowest level when none is. */
export function levelFor<L extends { order: number; points: bigint }>(
  levels: readonly L[],
  points: bigint,
): L | undefined {
  const byOrder = [...levels].sort((a, b) => a.order - b.order);
  let reached = byOrder[0];
  for (const level of byOrder) if (level.points <= points) reached = level;
  return reached;
}
