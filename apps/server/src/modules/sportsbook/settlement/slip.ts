import type { OddsChangePolicyName as OddsChangePolicy, OddsMilli } from '@croupier/contract';

export interface StakeLimitMinor {
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
}

export type StakeCheck =
  | { ok: true }
  | { ok: false; code: 'CURRENCY_NOT_OFFERED' }
  | { ok: false; code: 'STAKE_TOO_LOW'; minStakeMinor: bigint }
  | { ok: false; code: 'STAKE_TOO_HIGH'; maxStakeMinor: bigint };

/** The stake against the operator's limits for its currency (both bounds inclusive). */
export function checkStake(
  stakeMinor: bigint,
  currency: string,
  limits: ReadonlyMap<string, StakeLimitMinor>,
): StakeCheck {
  const limit = limits.get(currency);
  if (!limit) return { ok: false, code: 'CURRENCY_NOT_OFFERED' };
  if (stakeMinor < limit.minStakeMinor) return { ok: false, code: 'STAKE_TOO_LOW', minStakeMinor: limit.minStakeMinor };
  if (stakeMinor > limit.maxStakeMinor)
    return { ok: false, code: 'STAKE_TOO_HIGH', maxStakeMinor: limit.maxStakeMinor };
  return { ok: true };
}

/**
 * The player's choice when odds move between seeing and placing:
 * any — accept every change; higher — accept rises, refuse if any leg shortened;
 * none — ("ask") refuse any change so the slip can show the new odds.
 */
export { ODDS_CHANGE_POLICIES } from '@croupier/contract';
export type { OddsChangePolicy };

export interface QuotedLeg {
  seenOddsMilli: OddsMilli;
  currentOddsMilli: OddsMilli;
}

export type OddsChangeDecision =
  /** The bet is placed at the current odds of every leg. */
  | { accepted: true; oddsMilli: OddsMilli[]; changedLegIndexes: number[] }
  /** The legs that block the bet under the policy. */
  | { accepted: false; changedLegIndexes: number[] };

export function checkOddsChanges(policy: OddsChangePolicy, legs: readonly QuotedLeg[]): OddsChangeDecision {
  const changed = legs.flatMap((leg, index) => (leg.currentOddsMilli !== leg.seenOddsMilli ? [index] : []));
  const blocking =
    policy === 'any'
      ? []
      : policy === 'higher'
        ? changed.filter((index) => legs[index]!.currentOddsMilli < legs[index]!.seenOddsMilli)
        : changed;
  if (blocking.length > 0) return { accepted: false, changedLegIndexes: blocking };
  return { accepted: true, oddsMilli: legs.map((leg) => leg.currentOddsMilli), changedLegIndexes: changed };
}
