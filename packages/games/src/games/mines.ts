/**
 * Mines: a 5×5 board hides 1–24 mines. The player reveals tiles one at a time and may cash
 * out after any safe reveal; a mine ends the round with nothing.
 *
 * The mines are the first `mineCount` items of a Fisher–Yates shuffle of the 25 tiles
 * drawn from the round's byte stream (selectDistinct, rejection sampling per step), so
 * the board is fixed by the seeds before the first click and the player's choices cannot
 * change it.
 *
 * After k safe reveals with m mines the multiplier is 0.99 / P(k safe in a row) =
 * 0.99 · C(25, k) / C(25 − m, k), rounded down to a basis point. Because each step's
 * multiplier grows by exactly the inverse of that step's survival chance, every cash-out
 * strategy returns 99% (less the rounding).
 */
import { BP_PER_X } from '../money';
import { fail, intInRange, mustBeValid, ok, type Result } from '../result';
import { selectDistinct, type RandomSource } from '../fair/rng';

export const MINES = {
  rtp: 0.99,
  edgeBp: 100,
  tiles: 25,
  columns: 5,
  minMines: 1,
  maxMines: 24,
} as const;

export interface MinesParams {
  mineCount: number;
}

export type MinesStatus = 'playing' | 'lost' | 'cashedOut';

/**
 * A round's full state, safe to store as JSON. Send `minesPublicView(state)` to the
 * player while the round is on: `mines` is the secret.
 */
export interface MinesState {
  mineCount: number;
  /** Mine tiles (0–24, row-major), ascending. */
  mines: number[];
  /** Tiles revealed, in click order. */
  revealed: number[];
  status: MinesStatus;
  /** The mine that ended the round, if one did. */
  hitTile: number | null;
  /** Current multiplier: what cashing out now pays (0 once lost, and 0 before any reveal). */
  multiplierBp: number;
}

export type MinesPublicView = Omit<MinesState, 'mines'> & { mines: number[] | null };

export function validateMinesParams(input: { mineCount?: unknown }): Result<MinesParams> {
  const mineCount = intInRange('mineCount', input.mineCount, MINES.minMines, MINES.maxMines);
  return mineCount.ok ? ok({ mineCount: mineCount.value }) : mineCount;
}

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i += 1) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** What cashing out after `safeReveals` safe tiles pays; 1x (10,000) for none. */
export function minesMultiplierBp(mineCount: number, safeReveals: number): number {
  const safeTiles = MINES.tiles - mineCount;
  if (safeReveals < 0 || safeReveals > safeTiles) throw new RangeError('safeReveals out of range');
  if (safeReveals === 0) return BP_PER_X;
  const numerator = BigInt(BP_PER_X - MINES.edgeBp) * binomial(MINES.tiles, safeReveals);
  return Number(numerator / binomial(safeTiles, safeReveals));
}

/** The mine tiles of a round in draw order (the first `mineCount` of a Fisher–Yates shuffle). */
export function minesLayout(source: RandomSource, mineCount: number): number[] {
  return selectDistinct(source, MINES.tiles, mineCount);
}

export function startMines(source: RandomSource, params: MinesParams): MinesState {
  const { mineCount } = mustBeValid(validateMinesParams(params));
  const mines = minesLayout(source, mineCount).sort((a, b) => a - b);
  return { mineCount, mines, revealed: [], status: 'playing', hitTile: null, multiplierBp: 0 };
}

/**
 * Reveals a tile. Revealing the last safe tile cashes out by itself (there is nothing left
 * to win). The state passed in is not changed.
 */
export function revealMinesTile(state: MinesState, tile: unknown): Result<MinesState> {
  if (state.status !== 'playing') return fail('tile', 'state', 'the round is over');
  const checked = intInRange('tile', tile, 0, MINES.tiles - 1);
  if (!checked.ok) return checked;
  if (state.revealed.includes(checked.value)) return fail('tile', 'distinct', 'the tile is already revealed');
  const revealed = [...state.revealed, checked.value];
  if (state.mines.includes(checked.value)) {
    return ok({ ...state, revealed, status: 'lost', hitTile: checked.value, multiplierBp: 0 });
  }
  const multiplierBp = minesMultiplierBp(state.mineCount, revealed.length);
  const cleared = revealed.length === MINES.tiles - state.mineCount;
  return ok({ ...state, revealed, status: cleared ? 'cashedOut' : 'playing', multiplierBp });
}

/** Cashing out needs at least one safe reveal (otherwise the round would be a free refund). */
export function cashOutMines(state: MinesState): Result<MinesState> {
  if (state.status !== 'playing') return fail('round', 'state', 'the round is over');
  if (state.revealed.length === 0) return fail('round', 'state', 'reveal a tile before cashing out');
  return ok({ ...state, status: 'cashedOut' });
}

/** The state without the secret mines while the round is on. */
export function minesPublicView(state: MinesState): MinesPublicView {
  return { ...state, mines: state.status === 'playing' ? null : [...state.mines] };
}

export interface MinesActions {
  /** Tiles clicked, in order. */
  reveals: readonly number[];
  /** Whether the player cashed out after the last reveal (ignored if a reveal hit a mine). */
  cashOut: boolean;
}

/** Replays a round from its seeds' byte stream and the player's clicks (game recall, verifier). */
export function replayMines(source: RandomSource, params: MinesParams, actions: MinesActions): Result<MinesState> {
  const valid = validateMinesParams(params);
  if (!valid.ok) return valid;
  let state = startMines(source, valid.value);
  for (const tile of actions.reveals) {
    const next = revealMinesTile(state, tile);
    if (!next.ok) return next;
    state = next.value;
  }
  if (actions.cashOut && state.status === 'playing') {
    const cashed = cashOutMines(state);
    if (!cashed.ok) return cashed;
    state = cashed.value;
  }
  return ok(state);
}

/** The exact return of the strategy "reveal k safe tiles, then cash out" (≤ 0.99). */
export function minesRtp(mineCount: number, safeReveals: number): number {
  const safeTiles = MINES.tiles - mineCount;
  const survive = Number(binomial(safeTiles, safeReveals)) / Number(binomial(MINES.tiles, safeReveals));
  return (survive * minesMultiplierBp(mineCount, safeReveals)) / BP_PER_X;
}
