/**
 * Dice: a roll of 0.00–100.00 and a bet that it lands under or over a target.
 *
 * The roll is the common provably fair scheme's published formula,
 * floor(float · 10001) / 100, made exactly uniform: of the 2³² floats, 7,843 rolls have ⌈2³²/10001⌉ preimages and the others
 * ⌊2³²/10001⌋, so the last float of each larger set is rejected and the next float drawn
 * (1.8·10⁻⁶ of rounds). Every roll then has 429,453 floats: probability exactly 1/10001,
 * and any other round equals the plain formula, so public verifiers still agree.
 */
import { BP_PER_X } from '../money';
import { intInRange, oneOf, ok, mustBeValid, type Result } from '../result';
import { type RandomSource } from '../fair/rng';

const TWO_POW_32 = 4_294_967_296;
/** Floats kept per roll: ⌊2³²/10001⌋. */
const FLOATS_PER_ROLL = Math.floor(TWO_POW_32 / 10_001);

export const DICE = {
  /** Declared return: 99% (house edge 1%); see diceRtp for the exact figure of a bet. */
  rtp: 0.99,
  edgeBp: 100,
  /** Rolls are 0..10000 hundredths. */
  outcomes: 10_001,
  maxRollHundredths: 10_000,
  /** Winning rolls allowed: about 1% to 98% chance (multipliers 99.0099x to 1.0103x). */
  minWinningRolls: 100,
  maxWinningRolls: 9_800,
} as const;

export const DICE_DIRECTIONS = ['under', 'over'] as const;
export type DiceDirection = (typeof DICE_DIRECTIONS)[number];

export interface DiceParams {
  /** `under` wins when roll < target, `over` when roll > target. */
  direction: DiceDirection;
  /** Target in hundredths: 5000 is 50.00. */
  targetHundredths: number;
}

export interface DiceOutcome {
  rollHundredths: number;
  win: boolean;
  /** The round's payout multiplier: the bet's multiplier on a win, 0 on a loss. */
  multiplierBp: number;
}

/** How many of the 10,001 rolls win. */
export function diceWinningRolls(params: DiceParams): number {
  return params.direction === 'under' ? params.targetHundredths : DICE.maxRollHundredths - params.targetHundredths;
}

export function validateDiceParams(input: { direction?: unknown; targetHundredths?: unknown }): Result<DiceParams> {
  const direction = oneOf('direction', input.direction, DICE_DIRECTIONS);
  if (!direction.ok) return direction;
  // under: target = winning rolls; over: target = 10000 − winning rolls.
  const [min, max] =
    direction.value === 'under'
      ? [DICE.minWinningRolls, DICE.maxWinningRolls]
      : [DICE.maxRollHundredths - DICE.maxWinningRolls, DICE.maxRollHundredths - DICE.minWinningRolls];
  const target = intInRange('targetHundredths', input.targetHundredths, min, max);
  if (!target.ok) return target;
  return ok({ direction: direction.value, targetHundredths: target.value });
}

/** Win chance in percent for display: winning rolls / 10001. */
export function diceChancePercent(params: DiceParams): number {
  return (diceWinningRolls(params) / DICE.outcomes) * 100;
}

/**
 * multiplier = (100 − edge) / chance with chance = winning rolls / 10001, in basis points
 * rounded down: ⌊9900 · 10001 / winningRolls⌋ (an exact integer division).
 */
export function diceMultiplierBp(params: DiceParams): number {
  return Math.floor(((BP_PER_X - DICE.edgeBp) * DICE.outcomes) / diceWinningRolls(params));
}

/** The reference's dice roll, in hundredths (0..10000), without its bias (see the top). */
export function diceRollHundredths(source: RandomSource): number {
  for (;;) {
    const u = source.nextUint32();
    // u · 10001 < 2⁴⁶, so the product and the floor are exact.
    const roll = Math.floor((u * DICE.outcomes) / TWO_POW_32);
    if (u - floatsBelowRoll(roll) < FLOATS_PER_ROLL) return roll;
  }
}

export function isDiceWin(params: DiceParams, rollHundredths: number): boolean {
  return params.direction === 'under'
    ? rollHundredths < params.targetHundredths
    : rollHundredths > params.targetHundredths;
}

export function playDice(source: RandomSource, params: DiceParams): DiceOutcome {
  mustBeValid(validateDiceParams(params));
  const rollHundredths = diceRollHundredths(source);
  const win = isDiceWin(params, rollHundredths);
  return { rollHundredths, win, multiplierBp: win ? diceMultiplierBp(params) : 0 };
}

/** How many of the 2³² floats give a roll below `rollHundredths`: ⌈roll · 2³² / 10001⌉. */
function floatsBelowRoll(rollHundredths: number): number {
  return Math.ceil((rollHundredths * TWO_POW_32) / DICE.outcomes);
}

/**
 * The exact return of a bet: rolls are uniform, so chance × multiplier, which is DICE.rtp
 * less the multiplier's rounding down (< 0.01%).
 */
export function diceRtp(params: DiceParams): number {
  return ((diceWinningRolls(params) / DICE.outcomes) * diceMultiplierBp(params)) / BP_PER_X;
}
