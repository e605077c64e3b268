import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a provider signs its callbacks in: hex HMAC-SHA256 of the raw body with its secret. */
export const SIGNATURE_HEADER = 'x-croupier-signature';

export function signBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Constant-time comparison of the signature a provider sent with the expected one. */
export function signatureMatches(secret: string, rawBody: string, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signBody(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}
