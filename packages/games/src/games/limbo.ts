/**
 * Limbo: the player names a target multiplier; one draw (see multiplier.ts) gives the
 * result, and the bet pays the target when the result reaches it. RTP is 99% for every
 * target (exactly ⌊99·2³²/T⌋+1 winning draws of 2³², see limboRtp).
 */
import { intInRange, mustBeValid, ok, type Result } from '../result';
import { type RandomSource } from '../fair/rng';
import { MULTIPLIER_DRAW, multiplierFromUint32, multiplierTargetRtp } from './multiplier';

export const LIMBO = {
  rtp: MULTIPLIER_DRAW.rtp,
  minTargetHundredths: 101,
  maxTargetHundredths: MULTIPLIER_DRAW.capHundredths,
} as const;

export interface LimboParams {
  /** The target multiplier in hundredths: 200 is 2.00x. */
  targetHundredths: number;
}

export interface LimboOutcome {
  resultHundredths: number;
  win: boolean;
  multiplierBp: number;
}

export function validateLimboParams(input: { targetHundredths?: unknown }): Result<LimboParams> {
  const target = intInRange(
    'targetHundredths',
    input.targetHundredths,
    LIMBO.minTargetHundredths,
    LIMBO.maxTargetHundredths,
  );
  return target.ok ? ok({ targetHundredths: target.value }) : target;
}

export function limboResultHundredths(source: RandomSource): number {
  return multiplierFromUint32(source.nextUint32());
}

/** Win chance in percent for display. */
export function limboChancePercent(params: LimboParams): number {
  return (LIMBO.rtp * 100 * 100) / params.targetHundredths;
}

export function playLimbo(source: RandomSource, params: LimboParams): LimboOutcome {
  mustBeValid(validateLimboParams(params));
  const resultHundredths = limboResultHundredths(source);
  const win = resultHundredths >= params.targetHundredths;
  // Hundredths to basis points: ×100, exact.
  return { resultHundredths, win, multiplierBp: win ? params.targetHundredths * 100 : 0 };
}

/** The exact return at a target (99% within ±T/2³²). */
export function limboRtp(params: LimboParams): number {
  return multiplierTargetRtp(params.targetHundredths);
}
