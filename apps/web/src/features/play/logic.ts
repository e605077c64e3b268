import { floorTo } from '../../lib/wallet-display';

/**
 * The frame's pure rules: the stake field (major units, currency decimals, limits) and
 * when autoplay stops. Kept apart from the components so that they are unit-tested.
 */

export interface StakeLimits {
  minStake: number;
  maxStake: number;
  decimals: number;
}

export function clampStake(value: number, limits: StakeLimits): number {
  if (!Number.isFinite(value)) return limits.minStake;
  return Math.min(limits.maxStake, Math.max(limits.minStake, floorTo(value, limits.decimals)));
}

export const halveStake = (value: number, limits: StakeLimits) => clampStake(value / 2, limits);
export const doubleStake = (value: number, limits: StakeLimits) => clampStake(value * 2, limits);

/** The stake typed by the player (comma or dot decimals); NaN when it is not a number. */
export function parseStake(text: string): number {
  const normalized = text.trim().replace(',', '.');
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(normalized)) return Number.NaN;
  return Number(normalized);
}

/**
 * The text a field of hundredths (a dice or limbo target) is filled with: plain digits and
 * a dot, 5000 → "50.00", which the field's parser reads back; shown values use lib/format.
 */
export const hundredthsInputText = (hundredths: number) => (hundredths / 100).toFixed(2);

export type StakeProblem = 'invalid' | 'precision' | 'belowMin' | 'aboveMax' | 'aboveBalance';

/** Why a round of `cost` cannot be staked, or null. `stake` is the field, `cost` what the round takes. */
export function stakeProblem(stake: number, cost: number, balance: number, limits: StakeLimits): StakeProblem | null {
  if (!Number.isFinite(stake) || stake <= 0) return 'invalid';
  if (floorTo(stake, limits.decimals) !== stake) return 'precision';
  if (stake < limits.minStake) return 'belowMin';
  if (stake > limits.maxStake) return 'aboveMax';
  if (cost > balance + 1e-9) return 'aboveBalance';
  return null;
}

/** Autoplay plays at most this many rounds at once (the ceiling). */
export const AUTOPLAY_MAX_ROUNDS = 100;

export interface AutoplayPlan {
  rounds: number;
  /** Stop once the session's net loss reaches this much (major units); null for none. */
  lossLimit: number | null;
}

export interface AutoplayProgress {
  played: number;
  /** Sum of payouts minus stakes since autoplay started (major units). */
  net: number;
}

export type AutoplayStop = 'count' | 'lossLimit' | 'balance' | 'error' | 'player';

/** Why autoplay stops before the next round, or null to play it. */
export function autoplayStopBefore(
  plan: AutoplayPlan,
  progress: AutoplayProgress,
  next: { cost: number; balance: number },
): AutoplayStop | null {
  if (progress.played >= Math.min(plan.rounds, AUTOPLAY_MAX_ROUNDS)) return 'count';
  if (plan.lossLimit !== null && -progress.net >= plan.lossLimit - 1e-9) return 'lossLimit';
  // The next round could take the loss past the limit: stop before, not after.
  if (plan.lossLimit !== null && -progress.net + next.cost > plan.lossLimit + 1e-9) return 'lossLimit';
  if (next.cost > next.balance + 1e-9) return 'balance';
  return null;
}

/** The rounds field: an integer 1–100. */
export function clampRounds(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(AUTOPLAY_MAX_ROUNDS, Math.max(1, Math.trunc(value)));
}
