import { describe, expect, it } from 'vitest';
import { FairRng } from '../fair/rng';
import { RefStream, chiSquare, chiSquareCritical } from '../reference.testutil';
import {
  MINES,
  cashOutMines,
  minesLayout,
  minesMultiplierBp,
  minesPublicView,
  minesRtp,
  replayMines,
  revealMinesTile,
  startMines,
  validateMinesParams,
  type MinesState,
} from './mines';

const SERVER = 'croupier-server-seed';
const CLIENT = 'player-seed';

/** Fisher–Yates over the reference stream, written out independently. */
function refLayout(nonce: number, mineCount: number): number[] {
  const stream = new RefStream(SERVER, CLIENT, nonce);
  const tiles = Array.from({ length: 25 }, (_, i) => i);
  for (let i = 0; i < mineCount; i += 1) {
    const j = i + stream.index(25 - i);
    [tiles[i], tiles[j]] = [tiles[j]!, tiles[i]!];
  }
  return tiles.slice(0, mineCount);
}

function unwrap(result: ReturnType<typeof revealMinesTile>): MinesState {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('mines', () => {
  it('places mines by Fisher–Yates over the round bytes (known answers)', () => {
    const layouts = [0, 1, 2, 3, 4].map((nonce) => minesLayout(new FairRng(SERVER, CLIENT, nonce), 3));
    expect(layouts).toEqual([
      [5, 4, 18],
      [4, 17, 18],
      [5, 19, 11],
      [11, 19, 9],
      [7, 0, 19],
    ]);
    for (const mineCount of [1, 5, 12, 24]) {
      for (let nonce = 0; nonce < 40; nonce += 1) {
        expect(minesLayout(new FairRng(SERVER, CLIENT, nonce), mineCount)).toEqual(refLayout(nonce, mineCount));
      }
    }
  });

  it('prices k safe reveals at 0.99 · C(25, k) / C(25 − m, k)', () => {
    expect(minesMultiplierBp(1, 1)).toBe(10_312); // 0.99 · 25/24 = 1.03125
    expect(minesMultiplierBp(3, 2)).toBe(Math.floor((9900 * 300) / 231)); // C(25,2)=300, C(22,2)=231
    expect(minesMultiplierBp(24, 1)).toBe(247_500); // 0.99 · 25
    expect(minesMultiplierBp(1, 24)).toBe(247_500); // 0.99 · C(25,24)/C(24,24)
    expect(minesMultiplierBp(12, 13)).toBe(9900 * 5_200_300); // C(25,13) = 5,200,300
    expect(minesMultiplierBp(5, 0)).toBe(10_000);
  });

  it('returns 99% for every cash-out point (less the rounding)', () => {
    for (let mineCount = MINES.minMines; mineCount <= MINES.maxMines; mineCount += 1) {
      for (let k = 1; k <= MINES.tiles - mineCount; k += 1) {
        const rtp = minesRtp(mineCount, k);
        expect(rtp).toBeLessThanOrEqual(MINES.rtp + 1e-12);
        expect(rtp).toBeGreaterThan(MINES.rtp - 1e-4);
      }
    }
  });

  it('plays a round: reveals, cash-out, public view', () => {
    const state = startMines(new FairRng(SERVER, CLIENT, 0), { mineCount: 3 });
    expect(state.mines).toEqual([4, 5, 18]);
    expect(minesPublicView(state).mines).toBeNull();
    expect(cashOutMines(state)).toMatchObject({ ok: false, error: { rule: 'state' } });

    const one = unwrap(revealMinesTile(state, 0));
    expect(one).toMatchObject({ status: 'playing', revealed: [0], multiplierBp: minesMultiplierBp(3, 1) });
    expect(revealMinesTile(one, 0)).toMatchObject({ ok: false, error: { rule: 'distinct' } });
    expect(revealMinesTile(one, 25)).toMatchObject({ ok: false, error: { rule: 'range' } });
    const two = unwrap(revealMinesTile(one, 24));
    const cashed = cashOutMines(two);
    expect(cashed).toMatchObject({ ok: true, value: { status: 'cashedOut', multiplierBp: minesMultiplierBp(3, 2) } });
    if (cashed.ok) expect(minesPublicView(cashed.value).mines).toEqual([4, 5, 18]);

    const lost = unwrap(revealMinesTile(two, 18));
    expect(lost).toMatchObject({ status: 'lost', hitTile: 18, multiplierBp: 0 });
    expect(revealMinesTile(lost, 1)).toMatchObject({ ok: false, error: { rule: 'state' } });
    // The input state is never changed.
    expect(state.revealed).toEqual([]);
  });

  it('cashes out by itself when every safe tile is revealed', () => {
    let state = startMines(new FairRng(SERVER, CLIENT, 1), { mineCount: 24 });
    const safe = Array.from({ length: 25 }, (_, i) => i).find((tile) => !state.mines.includes(tile))!;
    state = unwrap(revealMinesTile(state, safe));
    expect(state).toMatchObject({ status: 'cashedOut', multiplierBp: 247_500 });
  });

  it('replays a round from seeds and clicks', () => {
    const replay = replayMines(new FairRng(SERVER, CLIENT, 2), { mineCount: 3 }, { reveals: [0, 1, 2], cashOut: true });
    expect(replay).toMatchObject({ ok: true, value: { status: 'cashedOut', mines: [5, 11, 19], revealed: [0, 1, 2] } });
    const bust = replayMines(new FairRng(SERVER, CLIENT, 2), { mineCount: 3 }, { reveals: [0, 5], cashOut: true });
    expect(bust).toMatchObject({ ok: true, value: { status: 'lost', hitTile: 5 } });
    expect(validateMinesParams({ mineCount: 25 })).toMatchObject({ ok: false, error: { field: 'mineCount' } });
  });

  it('puts mines on every tile equally often (chi-square, 100k boards)', () => {
    const rng = new FairRng('mines-uniformity', 'client', 0);
    const counts = new Array<number>(25).fill(0);
    for (let nonce = 0; nonce < 100_000; nonce += 1) {
      for (const tile of minesLayout(rng.reset(nonce), 3)) counts[tile]! += 1;
    }
    expect(chiSquare(counts, new Array<number>(25).fill(1 / 25))).toBeLessThan(chiSquareCritical(24));
  });
});
