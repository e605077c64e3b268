import {
  EVEN_MONEY_BET_TYPES,
  INDEXED_BET_TYPES,
  INSIDE_BET_TYPES,
  pocketColor,
  rouletteBetWins,
  type EvenMoneyBetType,
  type PocketColor,
  type RouletteBetSpot,
} from '@croupier/games';

/** One chip on the table: where (a spot key, see spotKey) and its value in major units. */
export interface Chip {
  spot: string;
  amount: number;
}

export interface RouletteParams {
  /** Chips in the order placed (undo takes the last one off). */
  chips: Chip[];
  /** The chips of the last round played, for "repeat last". */
  last: Chip[];
}

export const EMPTY_ROULETTE: RouletteParams = { chips: [], last: [] };

/** The European wheel, clockwise from zero. */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
];

export const POCKET_DEGREES = 360 / WHEEL_ORDER.length;

/** The angle (degrees clockwise from the top) of a pocket's centre on the unrotated wheel. */
export function pocketAngle(pocket: number): number {
  const index = WHEEL_ORDER.indexOf(pocket);
  if (index < 0) throw new RangeError(`no pocket ${pocket}`);
  return index * POCKET_DEGREES;
}

/** A stable text key of a spot: `straight:17`, `split:1-2`, `dozen:2`, `red`. */
export function spotKey(spot: RouletteBetSpot): string {
  if ('numbers' in spot) return `${spot.type}:${[...spot.numbers].sort((a, b) => a - b).join('-')}`;
  if ('index' in spot) return `${spot.type}:${spot.index}`;
  return spot.type;
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

export function parseSpotKey(key: string): RouletteBetSpot | null {
  const [type = '', rest] = key.split(':');
  if (isOneOf(INSIDE_BET_TYPES, type) && rest !== undefined) {
    const numbers = rest.split('-').map(Number);
    if (numbers.some((n) => !Number.isInteger(n) || n < 0 || n > 36)) return null;
    return { type, numbers };
  }
  if (isOneOf(INDEXED_BET_TYPES, type) && (rest === '1' || rest === '2' || rest === '3')) {
    return { type, index: Number(rest) as 1 | 2 | 3 };
  }
  if (isOneOf(EVEN_MONEY_BET_TYPES, type) && rest === undefined) return { type };
  return null;
}

/** Amounts are summed in 10⁻⁸ units so that 0.1 + 0.2 stays 0.3 (no currency has more decimals). */
const SCALE = 100_000_000;
const toUnits = (amount: number) => Math.round(amount * SCALE);
const fromUnits = (units: number) => units / SCALE;

export function sumAmounts(amounts: readonly number[]): number {
  return fromUnits(amounts.reduce((sum, amount) => sum + toUnits(amount), 0));
}

/** The amount on each spot, in the order spots were first played. */
export function spotTotals(chips: readonly Chip[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const chip of chips) units.set(chip.spot, (units.get(chip.spot) ?? 0) + toUnits(chip.amount));
  return new Map([...units].map(([spot, total]) => [spot, fromUnits(total)]));
}

export function totalOfChips(chips: readonly Chip[]): number {
  return sumAmounts(chips.map((chip) => chip.amount));
}

/** A bet of the play body: the spot's own fields and its amount in major units. */
export type RouletteBodyBet = RouletteBetSpot & { amount: number };

/** The play body: one bet per spot with every chip on it added up. */
export function rouletteBody(params: RouletteParams): { bets: RouletteBodyBet[] } {
  const bets: RouletteBodyBet[] = [];
  for (const [key, amount] of spotTotals(params.chips)) {
    const spot = parseSpotKey(key);
    if (spot) bets.push({ ...spot, amount });
  }
  return { bets };
}

export function placeChip(params: RouletteParams, spot: string, amount: number): RouletteParams {
  if (!(amount > 0) || parseSpotKey(spot) === null) return params;
  return { ...params, chips: [...params.chips, { spot, amount }] };
}

/** Takes the last chip placed on a spot off the table. */
export function removeChip(params: RouletteParams, spot: string): RouletteParams {
  const index = params.chips.findLastIndex((chip) => chip.spot === spot);
  if (index < 0) return params;
  return { ...params, chips: params.chips.filter((_, i) => i !== index) };
}

export function undoChip(params: RouletteParams): RouletteParams {
  return params.chips.length === 0 ? params : { ...params, chips: params.chips.slice(0, -1) };
}

export function clearChips(params: RouletteParams): RouletteParams {
  return params.chips.length === 0 ? params : { ...params, chips: [] };
}

export function repeatLast(params: RouletteParams): RouletteParams {
  return params.last.length === 0 ? params : { ...params, chips: [...params.last] };
}

/** Records the chips just played so that "repeat last" can put them back after a clear. */
export function rememberPlayed(params: RouletteParams): RouletteParams {
  const same =
    params.last.length === params.chips.length &&
    params.last.every((chip, i) => chip.spot === params.chips[i]?.spot && chip.amount === params.chips[i]?.amount);
  return same || params.chips.length === 0 ? params : { ...params, last: [...params.chips] };
}

/** Whether the chips on a spot win on a pocket. */
export function spotWins(key: string, pocket: number): boolean {
  const spot = parseSpotKey(key);
  return spot !== null && rouletteBetWins(spot, pocket);
}

export interface RouletteShownOutcome {
  pocket: number;
  color: PocketColor;
}

/** Narrows a round's outcome record to the pocket (the colour is recomputed from it). */
export function parseRouletteOutcome(outcome: Record<string, unknown>): RouletteShownOutcome | null {
  const { pocket } = outcome;
  if (typeof pocket !== 'number' || !Number.isInteger(pocket) || pocket < 0 || pocket > 36) return null;
  return { pocket, color: pocketColor(pocket) };
}

/**
 * A cell of the betting table on the horizontal layout: zero on the left over three rows,
 * twelve columns of numbers (3, 6, … on top), the column bets on the right, the dozens and
 * the even-money spots below. The narrow (vertical) layout mirrors it across the diagonal.
 */
export interface TableCell {
  spot: string;
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

const EVEN_MONEY_ORDER: readonly EvenMoneyBetType[] = ['low', 'even', 'red', 'black', 'odd', 'high'];

export function tableCells(): TableCell[] {
  const cells: TableCell[] = [{ spot: 'straight:0', row: 1, col: 1, rowSpan: 3, colSpan: 1 }];
  for (let n = 1; n <= 36; n += 1) {
    cells.push({ spot: `straight:${n}`, row: 3 - ((n - 1) % 3), col: 1 + Math.ceil(n / 3), rowSpan: 1, colSpan: 1 });
  }
  for (const index of [1, 2, 3])
    cells.push({ spot: `column:${index}`, row: 4 - index, col: 14, rowSpan: 1, colSpan: 1 });
  for (const index of [1, 2, 3])
    cells.push({ spot: `dozen:${index}`, row: 4, col: 2 + (index - 1) * 4, rowSpan: 1, colSpan: 4 });
  EVEN_MONEY_ORDER.forEach((type, i) => cells.push({ spot: type, row: 5, col: 2 + i * 2, rowSpan: 1, colSpan: 2 }));
  // Reading order (row by row) so that Tab reaches the table at its first cell.
  return cells.sort((a, b) => a.row - b.row || a.col - b.col);
}

/** The vertical layout's grid placement of a cell: rows become columns, mirrored so that 1, 2, 3 read left to right. */
export function verticalPlacement(cell: TableCell): { row: number; col: number; rowSpan: number; colSpan: number } {
  return { row: cell.col, rowSpan: cell.colSpan, col: 6 - (cell.row + cell.rowSpan - 1), colSpan: cell.rowSpan };
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}
export type Direction = 'left' | 'right' | 'up' | 'down';

/**
 * The cell an arrow key moves to, from the cells' on-screen boxes (so it follows whichever
 * layout is showing): the nearest cell beyond the current one's edge in that direction,
 * preferring cells in line with it. Null at the table's edge.
 */
export function nextCell(rects: readonly Rect[], from: number, direction: Direction): number | null {
  const origin = rects[from];
  if (!origin) return null;
  const cx = origin.left + origin.width / 2;
  const cy = origin.top + origin.height / 2;
  const horizontal = direction === 'left' || direction === 'right';
  let best: number | null = null;
  let bestScore = Infinity;
  rects.forEach((rect, i) => {
    if (i === from) return;
    let gap: number;
    if (direction === 'right') gap = rect.left - (origin.left + origin.width);
    else if (direction === 'left') gap = origin.left - (rect.left + rect.width);
    else if (direction === 'down') gap = rect.top - (origin.top + origin.height);
    else gap = origin.top - (rect.top + rect.height);
    // Half a pixel of slack for borders and rounding.
    if (gap < -0.5) return;
    const offset = horizontal
      ? Math.max(0, rect.top - cy, cy - (rect.top + rect.height))
      : Math.max(0, rect.left - cx, cx - (rect.left + rect.width));
    const score = gap + offset * 3;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

export function directionOfKey(key: string): Direction | null {
  switch (key) {
    case 'ArrowLeft':
      return 'left';
    case 'ArrowRight':
      return 'right';
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    default:
      return null;
  }
}
