/**
 * Seed pairs: the server seed is secret until rotation and committed to by its SHA-256;
 * the client seed is the player's. Randomness comes from the caller (Node's
 * crypto.randomBytes or the browser's crypto.getRandomValues) so this code stays pure.
 */
import { fail, ok, type Result } from '../result';
import { bytesToHex, sha256Hex } from './hash';

/** Returns `length` cryptographically secure random bytes. */
export type RandomBytes = (length: number) => Uint8Array;

export const SERVER_SEED_BYTES = 32;
export const CLIENT_SEED_BYTES = 10;
export const CLIENT_SEED_MAX_LENGTH = 64;

function randomHex(randomBytes: RandomBytes, length: number): string {
  const bytes = randomBytes(length);
  if (bytes.length !== length) throw new RangeError(`randomBytes returned ${bytes.length} bytes, not ${length}`);
  return bytesToHex(bytes);
}

/** A new server seed: 32 random bytes as 64 hex characters (the HMAC key is this text). */
export function generateServerSeed(randomBytes: RandomBytes): string {
  return randomHex(randomBytes, SERVER_SEED_BYTES);
}

/** A default client seed (20 hex characters); players may replace it with their own text. */
export function generateClientSeed(randomBytes: RandomBytes): string {
  return randomHex(randomBytes, CLIENT_SEED_BYTES);
}

/** The commitment shown before play: SHA-256 of the server seed's text, lowercase hex. */
export function commitServerSeed(serverSeed: string): string {
  return sha256Hex(serverSeed);
}

/** What a player checks after rotation: the revealed seed matches the commitment shown before. */
export function verifyServerSeed(serverSeed: string, commitment: string): boolean {
  return sha256Hex(serverSeed) === commitment.trim().toLowerCase();
}

/**
 * Client seeds are 1–64 printable ASCII characters without spaces: anything else could be
 * changed invisibly by copy and paste or Unicode normalisation, and the player could no
 * longer reproduce the HMAC message. (Colons are fine: the nonce and cursor are the last
 * two fields and digits only, so the message still parses one way.)
 */
export function validateClientSeed(value: unknown): Result<string> {
  if (typeof value !== 'string' || value.length === 0) return fail('clientSeed', 'required', 'clientSeed is required');
  if (value.length > CLIENT_SEED_MAX_LENGTH) {
    return fail('clientSeed', 'range', `clientSeed must be at most ${CLIENT_SEED_MAX_LENGTH} characters`);
  }
  if (!/^[\x21-\x7e]+$/.test(value)) {
    return fail('clientSeed', 'choice', 'clientSeed may only contain printable ASCII characters without spaces');
  }
  return ok(value);
}
