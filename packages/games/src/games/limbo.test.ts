import { describe, expect, it } from 'vitest';
import { FairRng, FixedBytes } from '../fair/rng';
import { RefStream } from '../reference.testutil';
import { LIMBO, limboChancePercent, limboResultHundredths, limboRtp, playLimbo, validateLimboParams } from './limbo';

const SERVER = 'croupier-server-seed';
const CLIENT = 'player-seed';

/** ⌊99·2³²/u⌋ in bigint, floored at 100 and capped. */
function refResult(u: bigint): number {
  if (u === 0n) return LIMBO.maxTargetHundredths;
  const hundredths = Number((99n * 2n ** 32n) / u);
  return Math.min(LIMBO.maxTargetHundredths, Math.max(100, hundredths));
}

describe('limbo', () => {
  it('draws known results', () => {
    const results = [0, 1, 2, 3, 4].map((nonce) => limboResultHundredths(new FairRng(SERVER, CLIENT, nonce)));
    expect(results).toEqual([450, 539, 491, 208, 341]);
    for (let nonce = 0; nonce < 300; nonce += 1) {
      const expected = refResult(new RefStream(SERVER, CLIENT, nonce).uint32());
      expect(limboResultHundredths(new FairRng(SERVER, CLIENT, nonce))).toBe(expected);
    }
  });

  it('handles the extremes', () => {
    expect(limboResultHundredths(new FixedBytes([0, 0, 0, 0]))).toBe(100_000_000);
    expect(limboResultHundredths(new FixedBytes([0, 0, 0, 1]))).toBe(100_000_000);
    expect(limboResultHundredths(new FixedBytes([0xff, 0xff, 0xff, 0xff]))).toBe(100);
    // u = 99·2³²/200 → exactly 2.00x
    expect(limboResultHundredths(new FixedBytes([0x7e, 0xb8, 0x51, 0xeb]))).toBe(200);
  });

  it('pays the target when the result reaches it', () => {
    const params = { targetHundredths: 200 };
    expect(playLimbo(new FixedBytes([0x7e, 0xb8, 0x51, 0xeb]), params)).toEqual({
      resultHundredths: 200,
      win: true,
      multiplierBp: 20_000,
    });
    expect(playLimbo(new FixedBytes([0x7e, 0xb8, 0x51, 0xed]), params)).toMatchObject({ win: false, multiplierBp: 0 });
    expect(limboChancePercent(params)).toBeCloseTo(49.5, 10);
  });

  it('returns 99% at every target (within T/2³²)', () => {
    for (const target of [101, 150, 200, 333, 1000, 10_000, 1_000_000, 100_000_000]) {
      expect(Math.abs(limboRtp({ targetHundredths: target }) - LIMBO.rtp)).toBeLessThanOrEqual(target / 2 ** 32);
    }
  });

  it('validates the target', () => {
    expect(validateLimboParams({ targetHundredths: 100 })).toMatchObject({ ok: false, error: { rule: 'range' } });
    expect(validateLimboParams({})).toMatchObject({ ok: false, error: { rule: 'required' } });
    expect(validateLimboParams({ targetHundredths: 101 })).toEqual({ ok: true, value: { targetHundredths: 101 } });
  });
});
