import { FairRng, playSlotRound, SLOT_CONFIG, type SlotRound } from '@croupier/games';
import { describe, expect, it } from 'vitest';
import { slotModule } from './index';
import {
  CELL,
  cumulativeBp,
  freeSpinProgress,
  lineBet,
  parseSlotOutcome,
  paylinePath,
  paylinePoints,
  paytableRows,
  roundSchedule,
  SLOT_ROUND_BUDGET_MS,
  winAmount,
  winningCells,
  type ShownSpin,
} from './logic';

const SERVER = 'a'.repeat(64);
const CLIENT = 'w2-slot';

/** The round as the server stores it: JSON, so the outcome is a plain record. */
const asStored = (round: SlotRound): Record<string, unknown> =>
  JSON.parse(JSON.stringify(round)) as Record<string, unknown>;

function findRound(match: (round: SlotRound) => boolean): SlotRound {
  const rng = new FairRng(SERVER, CLIENT, 0);
  for (let nonce = 0; nonce < 20_000; nonce += 1) {
    const round = playSlotRound((n) => rng.reset(n), nonce);
    if (match(round)) return round;
  }
  throw new Error('no such round in 20,000 nonces');
}

describe('slot module', () => {
  it('plays the stake', () => {
    expect(slotModule.body({}, 2)).toEqual({ amount: 2 });
    expect(slotModule.totalStake({}, 2)).toBe(2);
    expect(slotModule.blocked({})).toBeNull();
  });
});

describe('parseSlotOutcome', () => {
  it('reads a stored round with free spins', () => {
    const round = findRound((r) => r.spins.length > 1);
    const spins = parseSlotOutcome(asStored(round));
    expect(spins).not.toBeNull();
    expect(spins).toHaveLength(round.spins.length);
    expect(spins![0]!.mode).toBe('base');
    expect(spins![1]!.mode).toBe('free');
    expect(spins!.map((spin) => spin.window)).toEqual(round.spins.map((spin) => spin.window));
    expect(cumulativeBp(spins!, spins!.length - 1)).toBe(round.multiplierBp);
  });

  it('rejects other shapes', () => {
    expect(parseSlotOutcome({})).toBeNull();
    expect(parseSlotOutcome({ spins: [] })).toBeNull();
    const stored = asStored(findRound(() => true));
    const spins = stored.spins as Record<string, unknown>[];
    expect(parseSlotOutcome({ spins: [{ ...spins[0], window: [['ace']] }] })).toBeNull();
    expect(
      parseSlotOutcome({
        spins: [{ ...spins[0], lineWins: [{ line: 99, symbol: 'ace', count: 3, multiplierBp: 1 }] }],
      }),
    ).toBeNull();
    expect(parseSlotOutcome({ spins: [{ ...spins[0], mode: 'bonus' }] })).toBeNull();
  });
});

describe('paylines', () => {
  it('runs through the centre of one cell per reel, edge to edge', () => {
    SLOT_CONFIG.paylines.forEach((rows, line) => {
      const points = paylinePoints(line);
      expect(points).toHaveLength(5);
      points.forEach((point, reel) => {
        expect(point).toEqual({ x: reel * CELL + CELL / 2, y: rows[reel]! * CELL + CELL / 2 });
      });
      const path = paylinePath(line);
      expect(path.startsWith(`M 0 ${points[0]!.y}`)).toBe(true);
      expect(path.endsWith(`L ${5 * CELL} ${points[4]!.y}`)).toBe(true);
    });
    expect(paylinePoints(20)).toEqual([]);
  });

  it('picks out the cells of the winning lines and paying scatters', () => {
    const window = [
      ['ace', 'crown', 'scatter'],
      ['king', 'crown', 'queen'],
      ['scatter', 'wild', 'jack'],
      ['ten', 'ruby', 'scatter'],
      ['ace', 'king', 'queen'],
    ] as ShownSpin['window'];
    const spin: ShownSpin = {
      mode: 'base',
      window,
      lineWins: [{ line: 0, symbol: 'crown', count: 3, multiplierBp: 4000 }],
      scatterCount: 3,
      scatterMultiplierBp: 20_000,
      freeSpinsAwarded: 10,
      multiplierBp: 24_000,
    };
    expect([...winningCells(spin)].sort()).toEqual(['0:1', '0:2', '1:1', '2:0', '2:1', '3:2'].sort());
    expect([...winningCells({ ...spin, scatterMultiplierBp: 0, freeSpinsAwarded: 0 })].sort()).toEqual([
      '0:1',
      '1:1',
      '2:1',
    ]);
  });
});

describe('amounts and the free-spins count', () => {
  it('pays stake shares without float dust', () => {
    expect(winAmount(1, 5_000)).toBe(0.5);
    expect(winAmount(0.3, 30_000)).toBe(0.9);
    expect(lineBet(1)).toBe(0.05);
  });

  it('counts free spins as awarded, retriggers included', () => {
    const spin = (freeSpinsAwarded: number): ShownSpin => ({
      mode: 'free',
      window: [],
      lineWins: [],
      scatterCount: 0,
      scatterMultiplierBp: 0,
      freeSpinsAwarded,
      multiplierBp: 100,
    });
    const spins = [{ ...spin(10), mode: 'base' as const }, ...Array.from({ length: 4 }, () => spin(0)), spin(10)];
    spins.push(...Array.from({ length: 14 }, () => spin(0)));
    expect(freeSpinProgress(spins, 0)).toEqual({ current: 0, total: 10 });
    expect(freeSpinProgress(spins, 3)).toEqual({ current: 3, total: 10 });
    expect(freeSpinProgress(spins, 5)).toEqual({ current: 5, total: 10 });
    expect(freeSpinProgress(spins, 6)).toEqual({ current: 6, total: 20 });
    expect(cumulativeBp(spins, 2)).toBe(300);
  });
});

describe('round schedule', () => {
  it('fits a round with free spins in the frame’s wait and keeps its steps in order', () => {
    const round = findRound((r) => r.spins.length > 1);
    const spins = parseSlotOutcome(asStored(round))!;
    const schedule = roundSchedule(spins);
    expect(schedule).toHaveLength(spins.length);
    expect(schedule.at(-1)!.doneMs).toBeLessThanOrEqual(SLOT_ROUND_BUDGET_MS);
    let previous = 0;
    for (const step of schedule) {
      expect(step.startMs).toBeGreaterThanOrEqual(previous);
      for (const ms of step.reelStopsMs) {
        expect(ms).toBeGreaterThan(step.startMs);
        expect(ms).toBeLessThan(step.doneMs);
      }
      previous = step.doneMs;
    }
  });

  it('plays a single spin at its own pace', () => {
    const spins = parseSlotOutcome(asStored(findRound((r) => r.spins.length === 1)))!;
    const [only] = roundSchedule(spins);
    expect(only!.reelStopsMs).toEqual([550, 730, 910, 1090, 1270]);
  });
});

describe('paytable', () => {
  it('lists the paying symbols best first with 5, 4 and 3 in a row', () => {
    const rows = paytableRows();
    expect(rows[0]!.symbol).toBe('crown');
    expect(rows.map((row) => row.symbol)).not.toContain('wild');
    expect(rows[0]!.pays).toEqual([
      { count: 5, lineBets: 2000 },
      { count: 4, lineBets: 400 },
      { count: 3, lineBets: 80 },
    ]);
  });
});
