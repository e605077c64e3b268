import { describe, expect, it } from 'vitest';
import { FairRng } from '../fair/rng';
import { RefStream, chiSquare, chiSquareCritical } from '../reference.testutil';
import {
  PLINKO,
  PLINKO_PAYTABLES,
  PLINKO_RISKS,
  plinkoBucketProbabilities,
  plinkoDropInto,
  plinkoRtp,
  playPlinko,
  validatePlinkoParams,
} from './plinko';

const SERVER = 'croupier-server-seed';
const CLIENT = 'player-seed';

function binomial(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 1; i <= k; i += 1) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

describe('plinko', () => {
  it('drops left or right per row from the floats (known answers)', () => {
    const outcome = playPlinko(new FairRng(SERVER, CLIENT, 0), { rows: 16, risk: 'high' });
    expect(outcome.path.join('')).toBe('0011110100000111');
    expect(outcome.bucket).toBe(8);
    expect(outcome.multiplierBp).toBe(PLINKO_PAYTABLES.high[16]![8]);
    const buckets = [1, 2, 3, 4].map((nonce) => plinkoDropInto(new FairRng(SERVER, CLIENT, nonce), 16));
    expect(buckets).toEqual([9, 6, 6, 8]);
    for (let nonce = 0; nonce < 100; nonce += 1) {
      const stream = new RefStream(SERVER, CLIENT, nonce);
      const path = Array.from({ length: 12 }, () => Math.floor(stream.float() * 2));
      expect(playPlinko(new FairRng(SERVER, CLIENT, nonce), { rows: 12, risk: 'low' }).path).toEqual(path);
    }
  });

  it('has exactly the declared 99% RTP for every table (exact rational check)', () => {
    for (const risk of PLINKO_RISKS) {
      for (let rows = PLINKO.minRows; rows <= PLINKO.maxRows; rows += 1) {
        const table = PLINKO_PAYTABLES[risk][rows]!;
        expect(table).toHaveLength(rows + 1);
        // Σ C(n,k)·m_k = 0.99 · 2ⁿ · 10,000 exactly.
        const weighted = table.reduce((sum, bp, k) => sum + binomial(rows, k) * BigInt(bp), 0n);
        expect(weighted).toBe(9_900n * 2n ** BigInt(rows));
        expect(Math.abs(plinkoRtp({ rows, risk }).value - PLINKO.rtp)).toBeLessThan(1e-9);
        // Symmetric, and never smaller towards the edges.
        expect([...table].reverse()).toEqual(table);
        for (let k = 0; k < rows / 2 - 0.5; k += 1) expect(table[k]!).toBeGreaterThanOrEqual(table[k + 1]!);
      }
    }
  });

  it('lands in buckets with binomial frequencies (chi-square, 100k drops)', () => {
    const rng = new FairRng('plinko-uniformity', 'client', 0);
    const rows = 10;
    const counts = new Array<number>(rows + 1).fill(0);
    for (let nonce = 0; nonce < 100_000; nonce += 1) counts[plinkoDropInto(rng.reset(nonce), rows)]! += 1;
    const probabilities = plinkoBucketProbabilities(rows).map((p) => Number(p.numerator) / Number(p.denominator));
    expect(chiSquare(counts, probabilities)).toBeLessThan(chiSquareCritical(rows));
  });

  it('validates rows and risk', () => {
    expect(validatePlinkoParams({ rows: 7, risk: 'low' })).toMatchObject({ ok: false, error: { field: 'rows' } });
    expect(validatePlinkoParams({ rows: 8, risk: 'extreme' })).toMatchObject({ ok: false, error: { field: 'risk' } });
    expect(validatePlinkoParams({ rows: 16, risk: 'medium' })).toEqual({
      ok: true,
      value: { rows: 16, risk: 'medium' },
    });
  });
});
