import { describe, expect, it } from 'vitest';
import { bytesToHex } from './hash';
import { FairRng, FixedBytes, bytesOfFloats, roundBlock, selectDistinct } from './rng';
import { RefStream, chiSquare, chiSquareCritical, refBlock } from '../reference.testutil';

const SERVER = 'croupier-server-seed';
const CLIENT = 'player-seed';

describe('byte stream (HMAC_SHA256(serverSeed, "clientSeed:nonce:cursor"))', () => {
  it('matches fixed known answers', () => {
    // Computed once with node:crypto; pins the scheme itself.
    expect(bytesToHex(roundBlock(SERVER, CLIENT, 0, 0))).toBe(
      '384588b7233b01d7b428348ae7a0e441be3eaa01ada2aa140a0935fee4e261db',
    );
    expect(bytesToHex(roundBlock(SERVER, CLIENT, 0, 1))).toBe(
      '6a40f0087e6d1b9401e4ff604c41602c5b39677790ec8da6f29ebdc4babb8272',
    );
    expect(bytesToHex(roundBlock(SERVER, CLIENT, 1, 0))).toBe(
      '2efd7affb0a84adaba9c3edcb70a69bafb656108ee70e06f21e9d90d04289fd1',
    );
  });

  it('matches node:crypto for many seeds, nonces and cursors', () => {
    const cases: [string, string, number, number][] = [
      ['a', 'b', 0, 0],
      ['9f0c'.repeat(16), 'my lucky seed:with:colons', 7, 3],
      ['ünïcødé server', 'client', 123_456_789, 0],
      [SERVER, CLIENT, 2 ** 40 + 17, 12],
    ];
    for (const [serverSeed, clientSeed, nonce, cursor] of cases) {
      expect(bytesToHex(roundBlock(serverSeed, clientSeed, nonce, cursor))).toBe(
        refBlock(serverSeed, clientSeed, nonce, cursor).toString('hex'),
      );
    }
  });

  it('reads blocks in cursor order and floats per the published four-byte formula', () => {
    const rng = new FairRng(SERVER, CLIENT, 0);
    const ref = new RefStream(SERVER, CLIENT, 0);
    // 20 floats = 80 bytes: spans cursors 0, 1 and 2.
    for (let i = 0; i < 20; i += 1) expect(rng.nextFloat()).toBe(ref.float());
    expect(rng.blocksUsed).toBe(3);
    // First float by hand: bytes 38 45 88 b7.
    expect(new FairRng(SERVER, CLIENT, 0).nextFloat()).toBe(0x384588b7 / 2 ** 32);
    expect(new FairRng(SERVER, CLIENT, 0).nextFloat()).toBeCloseTo(0.219811, 6);
  });

  it('keeps 4-byte reads aligned after single bytes and across block ends', () => {
    const rng = new FairRng(SERVER, CLIENT, 5);
    const ref = new RefStream(SERVER, CLIENT, 5);
    for (let i = 0; i < 30; i += 1) expect(rng.nextByte()).toBe(ref.byte());
    for (let i = 0; i < 10; i += 1) expect(rng.nextUint32()).toBe(Number(ref.uint32()));
  });

  it('reset(nonce) gives the same stream as a fresh generator', () => {
    const reused = new FairRng(SERVER, CLIENT, 0);
    reused.nextFloat();
    for (const nonce of [3, 0, 99, 10_000_000]) {
      reused.reset(nonce);
      const fresh = new FairRng(SERVER, CLIENT, nonce);
      for (let i = 0; i < 12; i += 1) expect(reused.nextUint32()).toBe(fresh.nextUint32());
    }
  });

  it('refuses bad nonces', () => {
    expect(() => new FairRng(SERVER, CLIENT, -1)).toThrow(RangeError);
    expect(() => new FairRng(SERVER, CLIENT, 1.5)).toThrow(RangeError);
  });
});

describe('nextIndex (rejection sampling)', () => {
  it('equals an independent bigint implementation', () => {
    for (const n of [2, 3, 6, 25, 32, 37, 10_001, 2 ** 31 + 1]) {
      const rng = new FairRng(SERVER, CLIENT, n);
      const ref = new RefStream(SERVER, CLIENT, n);
      for (let i = 0; i < 50; i += 1) expect(rng.nextIndex(n)).toBe(ref.index(n));
    }
  });

  it('rejects draws at or above q·n and draws again', () => {
    // n = 3: q = 1431655765, q·n = 4294967295, so only 0xffffffff is rejected.
    const source = new FixedBytes([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe]);
    expect(source.nextIndex(3)).toBe(2);
    // n = 2³¹ + 1: q = 1, q·n = 2³¹ + 1; u = 2³¹ + 1 is rejected, then u = 5 gives 5.
    const big = new FixedBytes([0x80, 0, 0, 1, 0, 0, 0, 5]);
    expect(big.nextIndex(2 ** 31 + 1)).toBe(5);
    // Accepted draws keep the float's order: ⌊u / q⌋.
    expect(new FixedBytes(bytesOfFloats([0.5])).nextIndex(37)).toBe(18);
  });

  it('is uniform: chi-square over 100k draws for n = 37, 25 and 6', () => {
    const rng = new FairRng('uniformity-server', 'uniformity-client', 0);
    for (const n of [37, 25, 6]) {
      const counts = new Array<number>(n).fill(0);
      for (let i = 0; i < 100_000; i += 1) {
        if (i % 8 === 0) rng.reset(n * 1_000_000 + i / 8);
        counts[rng.nextIndex(n)]! += 1;
      }
      const statistic = chiSquare(counts, new Array<number>(n).fill(1 / n));
      expect(statistic).toBeLessThan(chiSquareCritical(n - 1));
    }
  });

  it('refuses n outside [1, 2³²]', () => {
    const source = new FixedBytes([0, 0, 0, 0]);
    expect(() => source.nextIndex(0)).toThrow(RangeError);
    expect(() => source.nextIndex(2 ** 32 + 1)).toThrow(RangeError);
  });
});

describe('selectDistinct (Fisher–Yates)', () => {
  it('follows the swap steps on given draws', () => {
    // n = 5, k = 3: indices 4 of 5, 0 of 4, 2 of 3 (floats chosen inside each bucket).
    const source = new FixedBytes(bytesOfFloats([0.9, 0.1, 0.7]));
    // [0,1,2,3,4] → swap 0↔4 → [4,1,2,3,0] → swap 1↔1 → swap 2↔4 → [4,1,0,3,2]
    expect(selectDistinct(source, 5, 3)).toEqual([4, 1, 0]);
  });

  it('gives every item the same chance at every position (chi-square, 100k draws)', () => {
    const rng = new FairRng('shuffle-server', 'shuffle-client', 0);
    const first = new Array<number>(25).fill(0);
    const third = new Array<number>(25).fill(0);
    let repeats = 0;
    for (let nonce = 0; nonce < 100_000; nonce += 1) {
      const picked = selectDistinct(rng.reset(nonce), 25, 3);
      if (new Set(picked).size !== 3) repeats += 1;
      first[picked[0]!]! += 1;
      third[picked[2]!]! += 1;
    }
    expect(repeats).toBe(0);
    const even = new Array<number>(25).fill(1 / 25);
    expect(chiSquare(first, even)).toBeLessThan(chiSquareCritical(24));
    expect(chiSquare(third, even)).toBeLessThan(chiSquareCritical(24));
  });
});
