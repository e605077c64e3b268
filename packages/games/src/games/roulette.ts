/**
 * European roulette: one zero, 37 pockets, the pocket a uniform choice by rejection
 * sampling (nextIndex(37), no bias). Every bet covering c numbers pays 36/c times the
 * stake (stake included: straight 36x, split 18x, street 12x, corner 9x, six line 6x,
 * dozen and column 3x, even-money bets 2x), so each bet returns (c/37)·(36/c) = 36/37
 * = 97.297…% exactly. Zero loses every outside bet (no la partage rule).
 */
import { BP_PER_X } from '../money';
import { fail, intInRange, mustBeValid, ok, type Result } from '../result';
import { type RandomSource } from '../fair/rng';

export const ROULETTE = {
  /** 36/37 exactly. */
  rtp: 36 / 37,
  pockets: 37,
  maxBets: 200,
} as const;

export const RED_NUMBERS: readonly number[] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
const red = new Set(RED_NUMBERS);

export type PocketColor = 'green' | 'red' | 'black';

export function pocketColor(pocket: number): PocketColor {
  if (pocket === 0) return 'green';
  return red.has(pocket) ? 'red' : 'black';
}

/** Bets placed on numbers of the layout (which numbers is part of the bet). */
export const INSIDE_BET_TYPES = ['straight', 'split', 'street', 'corner', 'sixLine'] as const;
/** Dozens 1–12, 13–24, 25–36 and columns (1: 1, 4, …, 34; 2: 2, 5, …; 3: 3, 6, …). */
export const INDEXED_BET_TYPES = ['dozen', 'column'] as const;
export const EVEN_MONEY_BET_TYPES = ['red', 'black', 'odd', 'even', 'low', 'high'] as const;

export type InsideBetType = (typeof INSIDE_BET_TYPES)[number];
export type IndexedBetType = (typeof INDEXED_BET_TYPES)[number];
export type EvenMoneyBetType = (typeof EVEN_MONEY_BET_TYPES)[number];
export type RouletteBetType = InsideBetType | IndexedBetType | EvenMoneyBetType;

export type RouletteBetSpot =
  { type: InsideBetType; numbers: number[] } | { type: IndexedBetType; index: 1 | 2 | 3 } | { type: EvenMoneyBetType };

export type RouletteBet = RouletteBetSpot & { stakeMinor: bigint };

const numbersPerInsideBet: Record<InsideBetType, number> = { straight: 1, split: 2, street: 3, corner: 4, sixLine: 6 };

const keyOf = (numbers: readonly number[]): string => [...numbers].sort((a, b) => a - b).join('-');

/**
 * Every legal inside bet on the layout (rows of three: 1-2-3, 4-5-6, …, with 0 above
 * 1-2-3), including those with zero: splits 0-1, 0-2, 0-3, the streets 0-1-2 and 0-2-3,
 * and the corner 0-1-2-3 ("first four", paid as a corner).
 */
function legalInsideBets(): Record<InsideBetType, Set<string>> {
  const legal: Record<InsideBetType, Set<string>> = {
    straight: new Set(),
    split: new Set(['0-1', '0-2', '0-3']),
    street: new Set(['0-1-2', '0-2-3']),
    corner: new Set(['0-1-2-3']),
    sixLine: new Set(),
  };
  for (let n = 0; n <= 36; n += 1) legal.straight.add(`${n}`);
  for (let n = 1; n <= 36; n += 1) {
    const column = n % 3; // 1, 2 or 0 (third column)
    if (column !== 0) legal.split.add(keyOf([n, n + 1]));
    if (n <= 33) legal.split.add(keyOf([n, n + 3]));
    if (column === 1) legal.street.add(keyOf([n, n + 1, n + 2]));
    if (column !== 0 && n <= 32) legal.corner.add(keyOf([n, n + 1, n + 3, n + 4]));
    if (column === 1 && n <= 31) legal.sixLine.add(keyOf([n, n + 1, n + 2, n + 3, n + 4, n + 5]));
  }
  return legal;
}

const LEGAL_INSIDE = legalInsideBets();

/** All legal inside bets of a type, as sorted number lists (for UIs and tests). */
export function rouletteInsideBets(type: InsideBetType): number[][] {
  return [...LEGAL_INSIDE[type]].map((key) => key.split('-').map(Number));
}

/** The numbers a bet covers. */
export function rouletteCoveredNumbers(spot: RouletteBetSpot): number[] {
  const all = Array.from({ length: 36 }, (_, i) => i + 1);
  switch (spot.type) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'sixLine':
      return [...spot.numbers].sort((a, b) => a - b);
    case 'dozen':
      return all.filter((n) => Math.ceil(n / 12) === spot.index);
    case 'column':
      return all.filter((n) => ((n - 1) % 3) + 1 === spot.index);
    case 'red':
      return all.filter((n) => red.has(n));
    case 'black':
      return all.filter((n) => !red.has(n));
    case 'odd':
      return all.filter((n) => n % 2 === 1);
    case 'even':
      return all.filter((n) => n % 2 === 0);
    case 'low':
      return all.filter((n) => n <= 18);
    case 'high':
      return all.filter((n) => n >= 19);
  }
}

/** 36 / covered numbers, in basis points: 360,000 for a straight, 20,000 for red. */
export function rouletteBetMultiplierBp(spot: RouletteBetSpot): number {
  return (36 * BP_PER_X) / rouletteCoveredNumbers(spot).length;
}

function validateSpot(field: string, input: Record<string, unknown>): Result<RouletteBetSpot> {
  const type = input.type;
  if ((INSIDE_BET_TYPES as readonly unknown[]).includes(type)) {
    const insideType = type as InsideBetType;
    const numbers = input.numbers;
    const count = numbersPerInsideBet[insideType];
    if (!Array.isArray(numbers) || numbers.length !== count) {
      return fail(`${field}.numbers`, 'layout', `a ${insideType} bet covers ${count} numbers`);
    }
    for (const n of numbers) {
      const checked = intInRange(`${field}.numbers`, n, 0, 36);
      if (!checked.ok) return checked;
    }
    const sorted = (numbers as number[]).slice().sort((a, b) => a - b);
    if (!LEGAL_INSIDE[insideType].has(keyOf(sorted))) {
      return fail(`${field}.numbers`, 'layout', `these numbers are not a ${insideType} on the layout`);
    }
    return ok({ type: insideType, numbers: sorted });
  }
  if ((INDEXED_BET_TYPES as readonly unknown[]).includes(type)) {
    const index = intInRange(`${field}.index`, input.index, 1, 3);
    if (!index.ok) return index;
    return ok({ type: type as IndexedBetType, index: index.value as 1 | 2 | 3 });
  }
  if ((EVEN_MONEY_BET_TYPES as readonly unknown[]).includes(type)) return ok({ type: type as EvenMoneyBetType });
  return fail(`${field}.type`, type === undefined ? 'required' : 'choice', 'unknown bet type');
}

/** Checks the bets of one spin; stakes must be positive bigint minor units. */
export function validateRouletteBets(input: unknown): Result<RouletteBet[]> {
  if (!Array.isArray(input) || input.length === 0) return fail('bets', 'required', 'place at least one bet');
  if (input.length > ROULETTE.maxBets) return fail('bets', 'range', `at most ${ROULETTE.maxBets} bets per spin`);
  const bets: RouletteBet[] = [];
  for (const [i, raw] of (input as unknown[]).entries()) {
    const field = `bets[${i}]`;
    if (typeof raw !== 'object' || raw === null) return fail(field, 'required', 'a bet is an object');
    const record = raw as Record<string, unknown>;
    const spot = validateSpot(field, record);
    if (!spot.ok) return spot;
    const stakeMinor = record.stakeMinor;
    if (typeof stakeMinor !== 'bigint') return fail(`${field}.stakeMinor`, 'integer', 'stakeMinor must be a bigint');
    if (stakeMinor <= 0n) return fail(`${field}.stakeMinor`, 'range', 'stakeMinor must be positive');
    bets.push({ ...spot.value, stakeMinor });
  }
  return ok(bets);
}

/** The winning pocket (0–36), uniform. */
export function roulettePocket(source: RandomSource): number {
  return source.nextIndex(ROULETTE.pockets);
}

export function rouletteBetWins(spot: RouletteBetSpot, pocket: number): boolean {
  return rouletteCoveredNumbers(spot).includes(pocket);
}

export interface RouletteOutcome {
  pocket: number;
  color: PocketColor;
  /** Per bet, in the order given: its multiplier if it won, else 0, and what it pays. */
  bets: { multiplierBp: number; payoutMinor: bigint }[];
  totalStakeMinor: bigint;
  totalPayoutMinor: bigint;
}

/** Settles bets against a pocket. Multipliers are whole numbers, so payouts are exact. */
export function settleRoulette(bets: readonly RouletteBet[], pocket: number): RouletteOutcome {
  let totalStakeMinor = 0n;
  let totalPayoutMinor = 0n;
  const settled = bets.map((bet) => {
    totalStakeMinor += bet.stakeMinor;
    const multiplierBp = rouletteBetWins(bet, pocket) ? rouletteBetMultiplierBp(bet) : 0;
    const payoutMinor = (bet.stakeMinor * BigInt(multiplierBp)) / BigInt(BP_PER_X);
    totalPayoutMinor += payoutMinor;
    return { multiplierBp, payoutMinor };
  });
  return { pocket, color: pocketColor(pocket), bets: settled, totalStakeMinor, totalPayoutMinor };
}

export function playRoulette(source: RandomSource, bets: readonly RouletteBet[]): RouletteOutcome {
  mustBeValid(validateRouletteBets(bets));
  return settleRoulette(bets, roulettePocket(source));
}
