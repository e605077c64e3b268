/**
 * Random numbers for one round, exactly as the published scheme defines them:
 * bytes = HMAC_SHA256(key = serverSeed, message = "{clientSeed}:{nonce}:{cursor}"), cursor
 * 0, 1, 2, … for each further 32-byte block, and a float in [0, 1) from 4 bytes as
 * b0/256 + b1/256² + b2/256³ + b3/256⁴ (= the big-endian uint32 / 2³²).
 */
import { HmacKey, utf8ToBytes } from './hash';

const TWO_POW_32 = 4_294_967_296;
export const BLOCK_BYTES = 32;

/**
 * Everything a game draws goes through this interface, so games are pure functions of a
 * source and tests can feed a fixed byte sequence.
 */
export abstract class RandomSource {
  abstract nextByte(): number;

  /** The next 4 bytes as a big-endian unsigned integer in [0, 2³²). */
  nextUint32(): number {
    // Multiplications, not shifts: `b0 << 24` would turn negative for b0 ≥ 128.
    return this.nextByte() * 16_777_216 + this.nextByte() * 65_536 + this.nextByte() * 256 + this.nextByte();
  }

  /**
   * The scheme's float (packages/games/README.md). It equals the published sum of four
   * fractions b0/2⁸ + … + b3/2³² exactly: both are the same 32-bit dyadic rational,
   * which a double represents without rounding.
   */
  nextFloat(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /**
   * A uniform integer in [0, n) without bias, for choices and shuffles.
   *
   * `floor(float * n)` would give some results ⌈2³²/n⌉ of the 2³² inputs and others
   * ⌊2³²/n⌋, a bias of up to n/2³² relative. Instead: with q = ⌊2³²/n⌋, accept a draw
   * u < q·n and answer ⌊u / q⌋, so every result has exactly q inputs; otherwise draw the
   * next 4 bytes (probability (2³² mod n)/2³² < n/2³², i.e. below 10⁻⁸ for n ≤ 37). ⌊u/q⌋
   * rather than u mod n keeps the result in the order of the float, so a result agrees
   * with ⌊float·n⌋ for all but a sliver of draws.
   */
  nextIndex(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError('n must be in [1, 2^32]');
    const perResult = Math.floor(TWO_POW_32 / n);
    const accepted = perResult * n;
    for (;;) {
      const u = this.nextUint32();
      if (u < accepted) return Math.floor(u / perResult);
    }
  }
}

/**
 * Partial Fisher–Yates: k distinct items of [0, n) in the order drawn. Step i swaps
 * position i with a uniform position in [i, n) (nextIndex, so no bias); every ordered
 * selection is equally likely.
 */
export function selectDistinct(source: RandomSource, n: number, k: number): number[] {
  if (!Number.isSafeInteger(k) || k < 0 || k > n) throw new RangeError('k must be in [0, n]');
  const items = Array.from({ length: n }, (_, index) => index);
  for (let i = 0; i < k; i += 1) {
    const j = i + source.nextIndex(n - i);
    const picked = items[j]!;
    items[j] = items[i]!;
    items[i] = picked;
  }
  return items.slice(0, k);
}

/** Writes the decimal digits of a non-negative safe integer into `out` at `at`; returns the new end. */
function writeDigits(value: number, out: Uint8Array, at: number): number {
  let end = at;
  if (value === 0) {
    out[end] = 0x30;
    return end + 1;
  }
  let digits = 0;
  for (let rest = value; rest > 0; rest = Math.floor(rest / 10)) digits += 1;
  end += digits;
  let rest = value;
  for (let i = end - 1; i >= at; i -= 1) {
    out[i] = 0x30 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return end;
}

function assertNonce(nonce: number): void {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('nonce must be a non-negative integer');
}

/**
 * The byte stream of the rounds of one seed pair. Create it once per seed pair and
 * `reset(nonce)` for each round: the HMAC key state and buffers are reused.
 */
export class FairRng extends RandomSource {
  private readonly key: HmacKey;
  /** UTF-8 of "{clientSeed}:". */
  private readonly prefix: Uint8Array;
  /** ASCII of "{nonce}:{cursor}" (at most 16 + 1 + 16 digits). */
  private readonly suffix = new Uint8Array(40);
  private suffixNonceEnd = 0;
  private readonly block = new Uint8Array(BLOCK_BYTES);
  private offset = BLOCK_BYTES;
  private nextCursor = 0;
  private roundNonce = 0;

  constructor(
    readonly serverSeed: string,
    readonly clientSeed: string,
    nonce = 0,
  ) {
    super();
    this.key = new HmacKey(serverSeed);
    this.prefix = utf8ToBytes(`${clientSeed}:`);
    this.reset(nonce);
  }

  /** Starts the stream of another round of the same seed pair. */
  reset(nonce: number): this {
    assertNonce(nonce);
    this.roundNonce = nonce;
    this.suffixNonceEnd = writeDigits(nonce, this.suffix, 0);
    this.suffix[this.suffixNonceEnd] = 0x3a; // ':'
    this.offset = BLOCK_BYTES;
    this.nextCursor = 0;
    return this;
  }

  get nonce(): number {
    return this.roundNonce;
  }

  /** How many 32-byte blocks (HMAC calls) the round has used so far. */
  get blocksUsed(): number {
    return this.nextCursor;
  }

  override nextByte(): number {
    if (this.offset === BLOCK_BYTES) this.refill();
    return this.block[this.offset++]!;
  }

  override nextUint32(): number {
    // Fast path when the 4 bytes lie in the current block (always, unless single bytes were drawn).
    if (this.offset <= BLOCK_BYTES - 4) {
      const b = this.block;
      const o = this.offset;
      this.offset = o + 4;
      return b[o]! * 16_777_216 + b[o + 1]! * 65_536 + b[o + 2]! * 256 + b[o + 3]!;
    }
    return super.nextUint32();
  }

  private refill(): void {
    const end = writeDigits(this.nextCursor, this.suffix, this.suffixNonceEnd + 1);
    this.key.macInto(this.prefix, this.suffix.subarray(0, end), this.block);
    this.nextCursor += 1;
    this.offset = 0;
  }
}

/** The raw block `cursor` of a round: what a verifier shows next to the outcome. */
export function roundBlock(serverSeed: string, clientSeed: string, nonce: number, cursor: number): Uint8Array {
  assertNonce(nonce);
  assertNonce(cursor);
  const out = new Uint8Array(BLOCK_BYTES);
  new HmacKey(serverSeed).macInto(utf8ToBytes(`${clientSeed}:`), utf8ToBytes(`${nonce}:${cursor}`), out);
  return out;
}

/** A source over given bytes, for tests and for replaying recorded bytes. */
export class FixedBytes extends RandomSource {
  private at = 0;

  constructor(private readonly bytes: ArrayLike<number>) {
    super();
  }

  override nextByte(): number {
    if (this.at >= this.bytes.length) throw new RangeError('FixedBytes ran out of bytes');
    return this.bytes[this.at++]!;
  }
}

/** Bytes whose floats are the given values rounded down to 32 bits: handy in tests. */
export function bytesOfFloats(floats: readonly number[]): number[] {
  const bytes: number[] = [];
  for (const float of floats) {
    if (!(float >= 0 && float < 1)) throw new RangeError(`${float} is not in [0, 1)`);
    const u = Math.floor(float * TWO_POW_32);
    bytes.push(Math.floor(u / 16_777_216), Math.floor(u / 65_536) % 256, Math.floor(u / 256) % 256, u % 256);
  }
  return bytes;
}
