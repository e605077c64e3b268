import { describe, expect, it } from 'vitest';
import { FairRng, FixedBytes, RandomSource } from '../fair/rng';
import { RefStream, chiSquare, chiSquareCritical } from '../reference.testutil';
import { GameParamsViolation } from '../result';
import { drawWheelSector, replayWheelDraw, validateWheelWeights, wheelDropRates } from './wheel';

const SERVER = 'croupier-server-seed';
const CLIENT = 'player-seed';

/** A source that answers one given index, to enumerate every value `nextIndex` can give. */
class IndexSource extends RandomSource {
  requested: number | undefined;
  constructor(private readonly index: number) {
    super();
  }
  override nextByte(): number {
    throw new Error('not used');
  }
  override nextIndex(n: number): number {
    this.requested = n;
    return this.index;
  }
}

function uint32Bytes(u: number): number[] {
  return [Math.floor(u / 16_777_216), Math.floor(u / 65_536) % 256, Math.floor(u / 256) % 256, u % 256];
}

describe('wheel draw', () => {
  it('gives each sector exactly its weight of the equally likely draws', () => {
    for (const weights of [
      [1, 1],
      [1, 2, 3],
      [50, 25, 15, 7, 2, 1],
      [1, 9_999],
    ]) {
      const total = weights.reduce((a, b) => a + b, 0);
      const counts = weights.map(() => 0);
      for (let u = 0; u < total; u += 1) {
        const source = new IndexSource(u);
        const sector = drawWheelSector(source, weights);
        expect(source.requested).toBe(total);
        counts[sector]! += 1;
      }
      expect(counts).toEqual(weights);
    }
  });

  it('maps the 32-bit draws by rejection sampling: exact probabilities, no modulo bias', () => {
    // Weights 1, 2, 3: q = ⌊2³²/6⌋ inputs per unit of weight; the last 2³² mod 6 inputs are redrawn.
    const q = Math.floor(4_294_967_296 / 6);
    const sectorOf = (u: number) => drawWheelSector(new FixedBytes(uint32Bytes(u)), [1, 2, 3]);
    expect(sectorOf(0)).toBe(0);
    expect(sectorOf(q - 1)).toBe(0);
    expect(sectorOf(q)).toBe(1);
    expect(sectorOf(3 * q - 1)).toBe(1);
    expect(sectorOf(3 * q)).toBe(2);
    expect(sectorOf(6 * q - 1)).toBe(2);
    // 6q … 2³² − 1 are rejected: the next 4 bytes decide.
    expect(drawWheelSector(new FixedBytes([...uint32Bytes(6 * q), ...uint32Bytes(0)]), [1, 2, 3])).toBe(0);
    expect(drawWheelSector(new FixedBytes([...uint32Bytes(4_294_967_295), ...uint32Bytes(5 * q)]), [1, 2, 3])).toBe(2);
    // So sector i has exactly wᵢ·q of the accepted inputs: probabilities 1/6, 2/6, 3/6.
  });

  it('agrees with the independent reference stream (known answers)', () => {
    const weights = [50, 25, 15, 7, 2, 1];
    const bounds = [50, 75, 90, 97, 99, 100];
    for (let nonce = 0; nonce < 200; nonce += 1) {
      const u = new RefStream(SERVER, CLIENT, nonce).index(100);
      expect(drawWheelSector(new FairRng(SERVER, CLIENT, nonce), weights)).toBe(bounds.findIndex((b) => u < b));
    }
  });

  it('draws with the declared chances (chi-square on 60k draws)', () => {
    const weights = [40, 30, 20, 9, 1];
    const rng = new FairRng(SERVER, CLIENT);
    const counts = weights.map(() => 0);
    for (let nonce = 0; nonce < 60_000; nonce += 1) counts[drawWheelSector(rng.reset(nonce), weights)]! += 1;
    const total = weights.reduce((a, b) => a + b, 0);
    expect(
      chiSquare(
        counts,
        weights.map((w) => w / total),
      ),
    ).toBeLessThan(chiSquareCritical(weights.length - 1));
  });

  it('validates weights and refuses invalid ones in the draw', () => {
    expect(validateWheelWeights([1, 2]).ok).toBe(true);
    expect(validateWheelWeights([1])).toMatchObject({ ok: false, error: { field: 'weights', rule: 'range' } });
    expect(validateWheelWeights([1, 0])).toMatchObject({ ok: false, error: { field: 'weights[1]', rule: 'range' } });
    expect(validateWheelWeights([1, 1.5])).toMatchObject({ ok: false, error: { rule: 'integer' } });
    expect(validateWheelWeights([4_294_967_296, 1])).toMatchObject({ ok: false, error: { rule: 'range' } });
    expect(() => drawWheelSector(new FairRng(SERVER, CLIENT), [5])).toThrow(GameParamsViolation);
  });

  it('shows drop rates as percentages of the total weight', () => {
    expect(wheelDropRates([1, 1])).toEqual([50, 50]);
    expect(wheelDropRates([1, 2])).toEqual([33.33, 66.67]);
    expect(wheelDropRates([50, 25, 15, 7, 2, 1])).toEqual([50, 25, 15, 7, 2, 1]);
  });

  it('replays a spin from its revealed seeds', () => {
    const weights = [3, 2, 1];
    const drawn = drawWheelSector(new FairRng(SERVER, CLIENT, 0), weights);
    expect(replayWheelDraw({ serverSeed: SERVER, clientSeed: CLIENT, nonce: 0, weights })).toEqual({
      ok: true,
      value: drawn,
    });
    expect(replayWheelDraw({ serverSeed: SERVER, clientSeed: 'has space', nonce: 0, weights }).ok).toBe(false);
    expect(replayWheelDraw({ serverSeed: '', clientSeed: CLIENT, nonce: 0, weights }).ok).toBe(false);
  });
});
