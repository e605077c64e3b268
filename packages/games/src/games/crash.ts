/**
 * Crash: one multiplier per game for everyone at the table, from a hash chain played
 * backwards (the bustabit pattern), so the operator fixes every future game in advance
 * and cannot pick a crash point after seeing the bets.
 *
 * - Chain: from a secret seed, h₁ = SHA256(seed), hᵢ₊₁ = SHA256(hᵢ) (each hash hashed as
 *   its 64-character hex text, like a server seed's commitment), up to h_N. The operator
 *   publishes h_N before the first game and plays h_{N−1}, h_{N−2}, … in turn; game k's
 *   hash is the commitment of game k+1's: SHA256(hash of game k+1) = hash of game k.
 * - Salt: a value fixed and published before the chain starts (e.g. a future block hash),
 *   so the operator could not have searched for a convenient chain.
 * - Crash point: bytes = HMAC_SHA256(key = game hash, message = salt), the first 4 bytes
 *   as the scheme's float, and the limbo formula (multiplier.ts): ⌊99·2³²/u⌋/100, at
 *   least 1.00x, capped. A player cashing out at T wins with chance 0.99/T: RTP 99%.
 */
import { hmacSha256, sha256Hex } from '../fair/hash';
import { intInRange, ok, type Result } from '../result';
import { MULTIPLIER_DRAW, multiplierFromUint32, multiplierTargetRtp } from './multiplier';

export const CRASH = {
  rtp: MULTIPLIER_DRAW.rtp,
  minCashOutHundredths: 101,
  maxCashOutHundredths: MULTIPLIER_DRAW.capHundredths,
  /** Growth of the displayed multiplier: m(t) = e^(rate·t), t in milliseconds (2x after ~11.6 s). */
  growthPerMs: 0.00006,
} as const;

/** The hash that precedes `gameHash` in play order (and follows it in the chain). */
export function previousCrashHash(gameHash: string): string {
  return sha256Hex(gameHash);
}

/**
 * Builds a chain of `length` hashes from a secret seed, in the order they are played
 * (the first element is played first; publish `terminatingCrashHash` of the chain).
 * The whole chain is held in memory (about 100 bytes a game): for millions of games the
 * server should store it as it goes, e.g. in the database, rather than keep the array.
 */
export function crashChain(seed: string, length: number): string[] {
  const chain: string[] = [];
  let hash = seed;
  for (let i = 0; i < length; i += 1) {
    hash = sha256Hex(hash);
    chain.push(hash);
  }
  return chain.reverse();
}

/** What is published before the first game: SHA256 of the first game's hash. */
export function terminatingCrashHash(firstGameHash: string): string {
  return previousCrashHash(firstGameHash);
}

/**
 * Walks back from a revealed game hash to a trusted one (the published terminating hash
 * or any earlier game's hash). Returns the number of steps, or null if not reached within
 * `maxSteps` (then the game does not belong to the chain).
 */
export function verifyCrashHash(gameHash: string, trustedHash: string, maxSteps: number): number | null {
  let hash = gameHash;
  for (let steps = 1; steps <= maxSteps; steps += 1) {
    hash = previousCrashHash(hash);
    if (hash === trustedHash) return steps;
  }
  return null;
}

/** The 32-bit draw of a game: the first 4 bytes of HMAC_SHA256(gameHash, salt). */
export function crashDraw(gameHash: string, salt: string): number {
  const bytes = hmacSha256(gameHash, salt);
  return bytes[0]! * 16_777_216 + bytes[1]! * 65_536 + bytes[2]! * 256 + bytes[3]!;
}

/** The crash point in hundredths (100 = 1.00x, a bust at the start). */
export function crashPointHundredths(gameHash: string, salt: string): number {
  return multiplierFromUint32(crashDraw(gameHash, salt));
}

export interface CrashCashOut {
  /** Auto cash-out target in hundredths, or the multiplier at which the player cashed out. */
  cashOutHundredths: number;
}

export function validateCrashCashOut(input: { cashOutHundredths?: unknown }): Result<CrashCashOut> {
  const target = intInRange(
    'cashOutHundredths',
    input.cashOutHundredths,
    CRASH.minCashOutHundredths,
    CRASH.maxCashOutHundredths,
  );
  return target.ok ? ok({ cashOutHundredths: target.value }) : target;
}

/** A cash-out at T counts if the game reached T: the crash point is at least T. */
export function crashMultiplierBp(cashOut: CrashCashOut, crashHundredths: number): number {
  return crashHundredths >= cashOut.cashOutHundredths ? cashOut.cashOutHundredths * 100 : 0;
}

/** The multiplier shown `elapsedMs` into a game, in hundredths (rounded down). */
export function crashMultiplierAt(elapsedMs: number): number {
  return Math.floor(100 * Math.exp(CRASH.growthPerMs * Math.max(0, elapsedMs)));
}

/** When the display reaches `hundredths`: the server ends the game at the crash point's time. */
export function crashElapsedMsFor(hundredths: number): number {
  return Math.ceil(Math.log(hundredths / 100) / CRASH.growthPerMs);
}

/** The exact return of cashing out at T (99% within ±T/2³²). */
export function crashRtp(cashOut: CrashCashOut): number {
  return multiplierTargetRtp(cashOut.cashOutHundredths);
}
