import { describe, expect, it } from 'vitest';
import { FairRng } from '../fair/rng';
import { RefStream, chiSquare, chiSquareCritical } from '../reference.testutil';
import {
  INSIDE_BET_TYPES,
  ROULETTE,
  playRoulette,
  pocketColor,
  rouletteBetMultiplierBp,
  rouletteBetWins,
  rouletteCoveredNumbers,
  rouletteInsideBets,
  roulettePocket,
  settleRoulette,
  validateRouletteBets,
  type RouletteBetSpot,
} from './roulette';

const SERVER = 'croupier-server-seed';
const CLIENT = 'player-seed';

function allSpots(): RouletteBetSpot[] {
  const spots: RouletteBetSpot[] = [];
  for (const type of INSIDE_BET_TYPES) for (const numbers of rouletteInsideBets(type)) spots.push({ type, numbers });
  for (const type of ['dozen', 'column'] as const) for (const index of [1, 2, 3] as const) spots.push({ type, index });
  for (const type of ['red', 'black', 'odd', 'even', 'low', 'high'] as const) spots.push({ type });
  return spots;
}

describe('European roulette', () => {
  it('picks the pocket by rejection sampling (known answers)', () => {
    expect([0, 1, 2, 3, 4].map((nonce) => roulettePocket(new FairRng(SERVER, CLIENT, nonce)))).toEqual([
      8, 6, 7, 17, 10,
    ]);
    for (let nonce = 0; nonce < 200; nonce += 1) {
      expect(roulettePocket(new FairRng(SERVER, CLIENT, nonce))).toBe(new RefStream(SERVER, CLIENT, nonce).index(37));
    }
  });

  it('knows the layout: every standard bet and no other', () => {
    expect(rouletteInsideBets('straight')).toHaveLength(37);
    expect(rouletteInsideBets('split')).toHaveLength(60); // 24 across + 33 down + 3 with zero
    expect(rouletteInsideBets('street')).toHaveLength(14); // 12 rows + 0-1-2 and 0-2-3
    expect(rouletteInsideBets('corner')).toHaveLength(23); // 22 + first four
    expect(rouletteInsideBets('sixLine')).toHaveLength(11);
    expect(rouletteCoveredNumbers({ type: 'column', index: 2 })).toEqual([2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35]);
    expect(rouletteCoveredNumbers({ type: 'dozen', index: 3 })[0]).toBe(25);
    expect(rouletteCoveredNumbers({ type: 'red' })).toHaveLength(18);
    expect(pocketColor(0)).toBe('green');
    expect(pocketColor(1)).toBe('red');
    expect(pocketColor(2)).toBe('black');
  });

  it('returns exactly 36/37 on every bet', () => {
    for (const spot of allSpots()) {
      let returnedBp = 0;
      for (let pocket = 0; pocket < 37; pocket += 1) {
        if (rouletteBetWins(spot, pocket)) returnedBp += rouletteBetMultiplierBp(spot);
      }
      // Σ over pockets of the payout = 36 · 10,000 for any bet: RTP = 36/37.
      expect(returnedBp).toBe(360_000);
    }
    expect(Math.abs(ROULETTE.rtp - 36 / 37)).toBeLessThan(1e-12);
    expect(ROULETTE.rtp.toFixed(4)).toBe('0.9730');
  });

  it('settles several bets on one spin in minor units', () => {
    const bets = [
      { type: 'straight' as const, numbers: [8], stakeMinor: 100n },
      { type: 'split' as const, numbers: [8, 11], stakeMinor: 50n },
      { type: 'red' as const, stakeMinor: 1_000n },
      { type: 'column' as const, index: 2 as const, stakeMinor: 300n },
    ];
    const outcome = settleRoulette(bets, 8);
    expect(outcome.color).toBe('black');
    expect(outcome.bets.map((bet) => bet.payoutMinor)).toEqual([3_600n, 900n, 0n, 900n]);
    expect(outcome.totalStakeMinor).toBe(1_450n);
    expect(outcome.totalPayoutMinor).toBe(5_400n);
    expect(playRoulette(new FairRng(SERVER, CLIENT, 0), bets).pocket).toBe(8);
    expect(settleRoulette([{ type: 'low', stakeMinor: 10n }], 0).totalPayoutMinor).toBe(0n);
  });

  it('validates bets with typed errors', () => {
    expect(validateRouletteBets([{ type: 'split', numbers: [1, 5], stakeMinor: 1n }])).toMatchObject({
      ok: false,
      error: { field: 'bets[0].numbers', rule: 'layout' },
    });
    expect(validateRouletteBets([{ type: 'corner', numbers: [3, 4, 6, 7], stakeMinor: 1n }])).toMatchObject({
      ok: false,
    });
    expect(validateRouletteBets([{ type: 'corner', numbers: [5, 1, 2, 4], stakeMinor: 1n }])).toMatchObject({
      ok: true,
      value: [{ type: 'corner', numbers: [1, 2, 4, 5] }],
    });
    expect(validateRouletteBets([{ type: 'dozen', index: 4, stakeMinor: 1n }])).toMatchObject({
      ok: false,
      error: { field: 'bets[0].index' },
    });
    expect(validateRouletteBets([{ type: 'red', stakeMinor: 0n }])).toMatchObject({
      ok: false,
      error: { rule: 'range' },
    });
    expect(validateRouletteBets([{ type: 'red', stakeMinor: 5 }])).toMatchObject({
      ok: false,
      error: { rule: 'integer' },
    });
    expect(validateRouletteBets([{ type: 'basket', stakeMinor: 1n }])).toMatchObject({
      ok: false,
      error: { rule: 'choice' },
    });
    expect(validateRouletteBets([])).toMatchObject({ ok: false, error: { field: 'bets', rule: 'required' } });
  });

  it('hits every pocket equally often (chi-square, 100k spins)', () => {
    const rng = new FairRng('roulette-uniformity', 'client', 0);
    const counts = new Array<number>(37).fill(0);
    for (let nonce = 0; nonce < 100_000; nonce += 1) counts[roulettePocket(rng.reset(nonce))]! += 1;
    expect(chiSquare(counts, new Array<number>(37).fill(1 / 37))).toBeLessThan(chiSquareCritical(36));
  });
});
