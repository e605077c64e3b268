import { describe, expect, it } from 'vitest';
import { FairRng, FixedBytes, bytesOfFloats } from '../fair/rng';
import { RefStream, chiSquare, chiSquareCritical } from '../reference.testutil';
import {
  DICE,
  diceChancePercent,
  diceMultiplierBp,
  diceRollHundredths,
  diceRtp,
  playDice,
  validateDiceParams,
  type DiceParams,
} from './dice';

const SERVER = 'croupier-server-seed';
const CLIENT = 'player-seed';

describe('dice', () => {
  it('rolls floor(float · 10001) / 100 for known seeds (no seed here hits a rejected float)', () => {
    const rolls = [0, 1, 2, 3, 4].map((nonce) => diceRollHundredths(new FairRng(SERVER, CLIENT, nonce)));
    expect(rolls).toEqual([2198, 1835, 2013, 4756, 2903]);
    for (let nonce = 0; nonce < 200; nonce += 1) {
      const expected = Math.floor(new RefStream(SERVER, CLIENT, nonce).float() * 10001);
      expect(diceRollHundredths(new FairRng(SERVER, CLIENT, nonce))).toBe(expected);
    }
  });

  it('covers 0.00 and 100.00', () => {
    expect(diceRollHundredths(new FixedBytes([0, 0, 0, 0]))).toBe(0);
    expect(diceRollHundredths(new FixedBytes([0xff, 0xff, 0xff, 0xff]))).toBe(10_000);
  });

  it('gives every roll exactly ⌊2³²/10001⌋ floats: the extra float of a roll is rejected and the next one drawn', () => {
    // Roll 0 has the floats 0..429453 (one more than 429453 = ⌊2³²/10001⌋): 429453 is redrawn.
    expect(diceRollHundredths(new FixedBytes([0x00, 0x06, 0x8d, 0x8c]))).toBe(0);
    expect(diceRollHundredths(new FixedBytes([0x00, 0x06, 0x8d, 0x8d, 0xff, 0xff, 0xff, 0xff]))).toBe(10_000);
    // Every roll: its first and its 429,453rd float give it; a 429,454th float, where the
    // roll has one, is redrawn (the next float, 0xffffffff, gives 100.00).
    const bytesOf = (u: number) => [u >>> 24, (u >>> 16) & 0xff, (u >>> 8) & 0xff, u & 0xff, 0xff, 0xff, 0xff, 0xff];
    let larger = 0;
    for (let roll = 0; roll <= 10_000; roll += 1) {
      const first = Math.ceil((roll * 2 ** 32) / 10_001);
      const next = Math.min(Math.ceil(((roll + 1) * 2 ** 32) / 10_001), 2 ** 32);
      expect(diceRollHundredths(new FixedBytes(bytesOf(first)))).toBe(roll);
      expect(diceRollHundredths(new FixedBytes(bytesOf(first + 429_452)))).toBe(roll);
      if (next - first === 429_454) {
        larger += 1;
        expect(diceRollHundredths(new FixedBytes(bytesOf(first + 429_453)))).toBe(10_000);
      } else expect(next - first).toBe(429_453);
    }
    expect(larger).toBe(2 ** 32 - 429_453 * 10_001);
  });

  it('settles under and over bets', () => {
    const under: DiceParams = { direction: 'under', targetHundredths: 5000 };
    const over: DiceParams = { direction: 'over', targetHundredths: 5000 };
    // 0.4999 → roll 4999 (< 50.00), 0.5 → 5000 (neither under nor over 50.00).
    expect(playDice(new FixedBytes(bytesOfFloats([0.4999])), under)).toEqual({
      rollHundredths: 4999,
      win: true,
      multiplierBp: 19_801,
    });
    expect(playDice(new FixedBytes(bytesOfFloats([0.5])), under).win).toBe(false);
    expect(playDice(new FixedBytes(bytesOfFloats([0.5])), over).win).toBe(false);
    expect(playDice(new FixedBytes(bytesOfFloats([0.51])), over)).toMatchObject({ win: true, multiplierBp: 19_801 });
  });

  it('prices bets as (100 − edge) / chance with chance = winning rolls / 10001', () => {
    // 9900 · 10001 / 5000 = 19801.98 → 19801 bp (1.9801x).
    expect(diceMultiplierBp({ direction: 'under', targetHundredths: 5000 })).toBe(19_801);
    expect(diceMultiplierBp({ direction: 'under', targetHundredths: 100 })).toBe(990_099);
    expect(diceMultiplierBp({ direction: 'over', targetHundredths: 200 })).toBe(10_103);
    expect(diceChancePercent({ direction: 'over', targetHundredths: 9900 })).toBeCloseTo(0.9999, 4);
  });

  it('returns 99% less the multiplier rounding (never more) for every target', () => {
    for (const direction of ['under', 'over'] as const) {
      for (let target = 0; target <= 10_000; target += 1) {
        const params = validateDiceParams({ direction, targetHundredths: target });
        if (!params.ok) continue;
        const rtp = diceRtp(params.value);
        expect(rtp).toBeLessThanOrEqual(DICE.rtp + 1e-12);
        expect(rtp).toBeGreaterThan(DICE.rtp - 1e-4);
      }
    }
  });

  it('validates parameters with typed errors', () => {
    expect(validateDiceParams({ direction: 'under', targetHundredths: 99 })).toMatchObject({
      ok: false,
      error: { field: 'targetHundredths', rule: 'range' },
    });
    expect(validateDiceParams({ direction: 'over', targetHundredths: 9901 })).toMatchObject({ ok: false });
    expect(validateDiceParams({ direction: 'over', targetHundredths: 9900 })).toMatchObject({ ok: true });
    expect(validateDiceParams({ direction: 'sideways', targetHundredths: 5000 })).toMatchObject({
      ok: false,
      error: { field: 'direction', rule: 'choice' },
    });
    expect(validateDiceParams({ direction: 'under', targetHundredths: 50.5 })).toMatchObject({
      ok: false,
      error: { rule: 'integer' },
    });
    expect(() => playDice(new FixedBytes([0, 0, 0, 0]), { direction: 'under', targetHundredths: 1 })).toThrow(
      /targetHundredths/,
    );
  });

  it('spreads rolls evenly (chi-square over 100k rolls in 100 bins)', () => {
    const rng = new FairRng('dice-uniformity', 'client', 0);
    const bins = new Array<number>(100).fill(0);
    for (let nonce = 0; nonce < 100_000; nonce += 1) {
      const roll = diceRollHundredths(rng.reset(nonce));
      if (roll < 10_000) bins[Math.floor(roll / 100)]! += 1; // 100.00 (1 in 10001) left out
    }
    expect(chiSquare(bins, new Array<number>(100).fill(1 / 100))).toBeLessThan(chiSquareCritical(99));
  });
});
