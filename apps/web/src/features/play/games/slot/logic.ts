import { BP_PER_X, SLOT_CONFIG, SLOT_SYMBOLS, type SlotSymbol } from '@croupier/games';

export interface ShownLineWin {
  line: number;
  symbol: SlotSymbol;
  count: number;
  multiplierBp: number;
}

/** The part of a spin (packages/games SlotSpin) the board shows. */
export interface ShownSpin {
  mode: 'base' | 'free';
  /** window[reel][row], row 0 at the top. */
  window: SlotSymbol[][];
  lineWins: ShownLineWin[];
  scatterCount: number;
  scatterMultiplierBp: number;
  freeSpinsAwarded: number;
  multiplierBp: number;
}

const REELS = SLOT_CONFIG.reels.length;
const ROWS = SLOT_CONFIG.rows;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
export const isSlotSymbol = (value: unknown): value is SlotSymbol =>
  (SLOT_SYMBOLS as readonly unknown[]).includes(value);

function parseWindow(value: unknown): SlotSymbol[][] | null {
  if (!Array.isArray(value) || value.length !== REELS) return null;
  const reels: SlotSymbol[][] = [];
  for (const reel of value as unknown[]) {
    if (!Array.isArray(reel) || reel.length !== ROWS || !reel.every(isSlotSymbol)) return null;
    reels.push(reel);
  }
  return reels;
}

function parseLineWin(value: unknown): ShownLineWin | null {
  if (!isRecord(value)) return null;
  const { line, symbol, count, multiplierBp } = value;
  if (!isInt(line) || line < 0 || line >= SLOT_CONFIG.paylines.length) return null;
  if (!isSlotSymbol(symbol) || !isInt(count) || count < 1 || count > REELS || !isInt(multiplierBp)) return null;
  return { line, symbol, count, multiplierBp };
}

function parseSpin(value: unknown): ShownSpin | null {
  if (!isRecord(value)) return null;
  const window = parseWindow(value.window);
  const { mode, scatterCount, freeSpinsAwarded, multiplierBp } = value;
  const scatterMultiplierBp = value.scatterMultiplierBp ?? 0;
  if (!window || (mode !== 'base' && mode !== 'free')) return null;
  if (!isInt(scatterCount) || !isInt(freeSpinsAwarded) || !isInt(multiplierBp) || !isInt(scatterMultiplierBp))
    return null;
  if (!Array.isArray(value.lineWins)) return null;
  const lineWins: ShownLineWin[] = [];
  for (const raw of value.lineWins as unknown[]) {
    const win = parseLineWin(raw);
    if (!win) return null;
    lineWins.push(win);
  }
  return { mode, window, lineWins, scatterCount, scatterMultiplierBp, freeSpinsAwarded, multiplierBp };
}

/** Narrows a round's outcome record (packages/games SlotRound) to its spins; null when it is not one. */
export function parseSlotOutcome(outcome: Record<string, unknown>): ShownSpin[] | null {
  if (!Array.isArray(outcome.spins) || outcome.spins.length === 0) return null;
  const spins: ShownSpin[] = [];
  for (const raw of outcome.spins as unknown[]) {
    const spin = parseSpin(raw);
    if (!spin) return null;
    spins.push(spin);
  }
  return spins;
}

/** The window shown before the first round: each reel's strip from its first stop. */
export function idleWindow(): SlotSymbol[][] {
  return SLOT_CONFIG.reels.map((strip, reel) =>
    Array.from({ length: ROWS }, (_, row) => strip[(reel * 7 + row) % strip.length]!),
  );
}

/** Board units: each cell is CELL × CELL; the lines overlay uses the same viewBox. */
export const CELL = 100;

export interface Point {
  x: number;
  y: number;
}

/** The centres of a payline's cells, reel by reel. */
export function paylinePoints(line: number): Point[] {
  const rows = SLOT_CONFIG.paylines[line];
  if (!rows) return [];
  return rows.map((row, reel) => ({ x: reel * CELL + CELL / 2, y: row * CELL + CELL / 2 }));
}

/** An SVG path through a payline, from the left edge of the reels to the right one. */
export function paylinePath(line: number): string {
  const points = paylinePoints(line);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return '';
  const all = [{ x: 0, y: first.y }, ...points, { x: REELS * CELL, y: last.y }];
  return all.map((p, i) => `${i === 0 ? 'M' : 'L'} ${p.x} ${p.y}`).join(' ');
}

/** `reel:row` of every cell that pays on this spin: the line wins' symbols and the scatters when they pay. */
export function winningCells(spin: ShownSpin): Set<string> {
  const cells = new Set<string>();
  for (const win of spin.lineWins) {
    const rows = SLOT_CONFIG.paylines[win.line] ?? [];
    for (let reel = 0; reel < win.count; reel += 1) cells.add(`${reel}:${rows[reel]}`);
  }
  if (spin.scatterMultiplierBp > 0 || spin.freeSpinsAwarded > 0) {
    spin.window.forEach((symbols, reel) =>
      symbols.forEach((symbol, row) => {
        if (symbol === 'scatter') cells.add(`${reel}:${row}`);
      }),
    );
  }
  return cells;
}

/** A stake's share in major units for a multiplier in basis points (to 10⁻⁸, no float dust). */
export function winAmount(stake: number, multiplierBp: number): number {
  return Math.round((stake * multiplierBp * 100_000_000) / BP_PER_X) / 100_000_000;
}

/** For spin `index`: which free spin it is (1-based, 0 for the paid spin) and how many have been awarded so far. */
export function freeSpinProgress(spins: readonly ShownSpin[], index: number): { current: number; total: number } {
  if (index <= 0) return { current: 0, total: spins[0]?.freeSpinsAwarded ?? 0 };
  let total = 0;
  for (let i = 0; i < index; i += 1) total += spins[i]?.freeSpinsAwarded ?? 0;
  return { current: index, total };
}

/** The win of spins 0..index together, in basis points of the stake. */
export function cumulativeBp(spins: readonly ShownSpin[], index: number): number {
  return spins.slice(0, index + 1).reduce((sum, spin) => sum + spin.multiplierBp, 0);
}

/** The paytable rows: symbols that pay on lines, best first, with their pays for 3, 4 and 5 in line bets. */
export function paytableRows(): { symbol: SlotSymbol; pays: { count: number; lineBets: number }[] }[] {
  return SLOT_SYMBOLS.flatMap((symbol) => {
    const pays = SLOT_CONFIG.linePays[symbol];
    if (!pays) return [];
    return [
      {
        symbol,
        pays: pays
          .map((lineBets, count) => ({ count, lineBets }))
          .filter((pay) => pay.lineBets > 0)
          .reverse(),
      },
    ];
  });
}

/** Scatter pays in total bets by the number of scatters in view (3, 4, 5+). */
export function scatterPays(): { count: number; totalBets: number }[] {
  return SLOT_CONFIG.scatterPays.map((totalBets, count) => ({ count, totalBets })).filter((pay) => pay.totalBets > 0);
}

/** The line bet of a stake: pays are in line bets, the stake covers all lines. */
export function lineBet(stake: number): number {
  return winAmount(stake, BP_PER_X / SLOT_CONFIG.paylines.length);
}

/** How long a spin shows (ms): spinning, the reels stopping one by one, and the wins. */
export interface SpinTiming {
  spinMs: number;
  stopGapMs: number;
  winsMs: number;
  awardMs: number;
}

export function spinTiming(mode: 'base' | 'free'): SpinTiming {
  return mode === 'base'
    ? { spinMs: 550, stopGapMs: 180, winsMs: 1400, awardMs: 1600 }
    : { spinMs: 350, stopGapMs: 110, winsMs: 1000, awardMs: 1400 };
}

/** The steps of showing a spin, as delays from its start (times `scale`): when each reel stops and when the spin is done. */
export function spinSchedule(spin: ShownSpin, scale = 1): { reelStopsMs: number[]; doneMs: number } {
  const timing = spinTiming(spin.mode);
  const reelStopsMs = Array.from({ length: REELS }, (_, reel) =>
    Math.floor((timing.spinMs + reel * timing.stopGapMs) * scale),
  );
  const stoppedMs = reelStopsMs.at(-1) ?? 0;
  const wins = spin.multiplierBp > 0 ? timing.winsMs : 250;
  const award = spin.freeSpinsAwarded > 0 ? timing.awardMs : 0;
  return { reelStopsMs, doneMs: stoppedMs + Math.floor(Math.max(wins, award) * scale) };
}

/**
 * The frame waits a limited time for a board to settle (8 s), so a round's free spins
 * share what the paid spin leaves of `budgetMs`: they play faster the more there are,
 * though never faster than a quarter of their own pace.
 */
export const SLOT_ROUND_BUDGET_MS = 7_200;
const MIN_FREE_SCALE = 0.25;

export function roundSchedule(
  spins: readonly ShownSpin[],
  budgetMs = SLOT_ROUND_BUDGET_MS,
): { startMs: number; reelStopsMs: number[]; doneMs: number }[] {
  const paid = spins[0] ? spinSchedule(spins[0]).doneMs : 0;
  const freeMs = spins.slice(1).reduce((sum, spin) => sum + spinSchedule(spin).doneMs, 0);
  const scale = freeMs === 0 ? 1 : Math.min(1, Math.max(MIN_FREE_SCALE, (budgetMs - paid) / freeMs));
  let offset = 0;
  return spins.map((spin, index) => {
    const schedule = spinSchedule(spin, index === 0 ? 1 : scale);
    const startMs = offset;
    offset += schedule.doneMs;
    return { startMs, reelStopsMs: schedule.reelStopsMs.map((ms) => startMs + ms), doneMs: startMs + schedule.doneMs };
  });
}
