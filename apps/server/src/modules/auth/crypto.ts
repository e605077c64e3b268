import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Codes and tokens. Single-use codes sent by e-mail or link carry 256 random bits and are
 * stored as SHA-256 (a database leak does not reveal them, and their entropy makes a
 * plain hash sufficient). Six-digit one-time codes have only a million values, so they
 * are stored as an HMAC under a server key instead.
 */

/**
 * Told each time a password or a one-time code is compared with an account's secret
 * (after its attempt was claimed): tests count the checks, a metric could too.
 */
export type SecretCheckObserver = (kind: 'password' | 'otp') => void;

/** URL-safe random text with `bytes` bytes of entropy (32 bytes: 43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A uniformly drawn six-digit code, leading zeros kept. */
export function randomOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Constant-time comparison of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** HMAC-SHA-256 of a one-time code bound to its phone and purpose. */
export function createOtpHasher(key: Uint8Array) {
  return (input: { phone: string; reason: string; code: string }): string =>
    createHmac('sha256', key).update(`otp\u0000${input.phone}\u0000${input.reason}\u0000${input.code}`).digest('hex');
}

/**
 * The refresh token id that replaces `refreshTokenId` (16 bytes, like a fresh one). Derived,
 * not drawn: a retry of a refresh that already rotated can be answered with the same
 * new id, and only the direct predecessor of the newest id derives it.
 */
export function createRefreshTokenSuccessor(key: Uint8Array) {
  return (refreshTokenId: string): string =>
    createHmac('sha256', key).update(`rti\u0000${refreshTokenId}`).digest().subarray(0, 16).toString('base64url');
}

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A player's own referral code: 10 characters without look-alikes (0/O, 1/I). */
export function randomReferralCode(length = 10): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += REFERRAL_ALPHABET[randomInt(0, REFERRAL_ALPHABET.length)];
  return code;
}
