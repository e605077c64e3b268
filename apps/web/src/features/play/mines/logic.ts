import { MINES } from '@croupier/games';

/** The mines round as the player sees it (`outcome` of an OriginalsRound: the mines once it is over). */
export interface MinesView {
  mineCount: number;
  mines: number[] | null;
  revealed: number[];
  status: 'playing' | 'lost' | 'cashedOut';
  hitTile: number | null;
  multiplierBp: number;
}

const numbers = (value: unknown): number[] | null =>
  Array.isArray(value) && value.every((item) => typeof item === 'number') ? value : null;

export function minesViewOf(outcome: Record<string, unknown>): MinesView | null {
  const revealed = numbers(outcome.revealed);
  const status = outcome.status;
  if (!revealed || (status !== 'playing' && status !== 'lost' && status !== 'cashedOut')) return null;
  return {
    mineCount: typeof outcome.mineCount === 'number' ? outcome.mineCount : 0,
    mines: numbers(outcome.mines),
    revealed,
    status,
    hitTile: typeof outcome.hitTile === 'number' ? outcome.hitTile : null,
    multiplierBp: typeof outcome.multiplierBp === 'number' ? outcome.multiplierBp : 0,
  };
}

export type TileState = 'hidden' | 'gem' | 'mine' | 'hit' | 'missedGem' | 'missedMine';

/** What a tile shows: revealed ones, then at the end of the round the rest of the board. */
export function tileState(view: MinesView | null, tile: number): TileState {
  if (!view) return 'hidden';
  const isMine = view.mines?.includes(tile) ?? false;
  if (view.revealed.includes(tile)) return tile === view.hitTile ? 'hit' : isMine ? 'mine' : 'gem';
  if (view.status === 'playing' || !view.mines) return 'hidden';
  return isMine ? 'missedMine' : 'missedGem';
}

/** The tile focus moves to with an arrow key on the 5×5 grid (it stays at the edges). */
export function tileAfterKey(tile: number, key: string): number | null {
  const columns = MINES.columns;
  const row = Math.floor(tile / columns);
  const column = tile % columns;
  switch (key) {
    case 'ArrowLeft':
      return column > 0 ? tile - 1 : tile;
    case 'ArrowRight':
      return column < columns - 1 ? tile + 1 : tile;
    case 'ArrowUp':
      return row > 0 ? tile - columns : tile;
    case 'ArrowDown':
      return row < MINES.tiles / columns - 1 ? tile + columns : tile;
    case 'Home':
      return row * columns;
    case 'End':
      return row * columns + columns - 1;
    default:
      return null;
  }
}

/** What cashing out pays now: the stake times the multiplier, rounded down to the currency. */
export function cashOutAmount(stake: number, multiplierBp: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.floor((Math.round(stake * factor) * multiplierBp) / 10_000) / factor;
}
