/**
 * An independent, deliberately plain re-implementation of the published scheme on
 * node:crypto, for tests only: if the package's own HMAC stream, float or index mapping
 * drifted, the known-answer tests comparing against this would fail.
 */
import { createHash, createHmac } from 'node:crypto';

export function refSha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function refBlock(serverSeed: string, clientSeed: string, nonce: number, cursor: number): Buffer {
  return createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`).digest();
}

/** The reference stream of one round: blocks for cursor 0, 1, 2, … read in order. */
export class RefStream {
  private bytes: number[] = [];
  private cursor = 0;

  constructor(
    private readonly serverSeed: string,
    private readonly clientSeed: string,
    private readonly nonce: number,
  ) {}

  byte(): number {
    if (this.bytes.length === 0) {
      this.bytes = [...refBlock(this.serverSeed, this.clientSeed, this.nonce, this.cursor)];
      this.cursor += 1;
    }
    return this.bytes.shift()!;
  }

  /** The reference's formula, term by term. */
  float(): number {
    return this.byte() / 256 + this.byte() / 256 ** 2 + this.byte() / 256 ** 3 + this.byte() / 256 ** 4;
  }

  uint32(): bigint {
    let value = 0n;
    for (let i = 0; i < 4; i += 1) value = value * 256n + BigInt(this.byte());
    return value;
  }

  /** Rejection sampling in bigint: accept u < q·n, answer ⌊u/q⌋. */
  index(n: number): number {
    const q = 2n ** 32n / BigInt(n);
    for (;;) {
      const u = this.uint32();
      if (u < q * BigInt(n)) return Number(u / q);
    }
  }
}

/** Chi-square statistic of observed counts against expected probabilities. */
export function chiSquare(observed: readonly number[], probabilities: readonly number[]): number {
  const total = observed.reduce((sum, count) => sum + count, 0);
  return observed.reduce((sum, count, i) => {
    const expected = total * probabilities[i]!;
    return sum + (count - expected) ** 2 / expected;
  }, 0);
}

/**
 * The chi-square value exceeded with probability 0.001 at `df` degrees of freedom
 * (Wilson–Hilferty approximation, good to a few percent for df ≥ 3).
 */
export function chiSquareCritical(df: number): number {
  const z = 3.0902; // upper 0.1% point of the standard normal
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}
