import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signatures of the hosted verification provider's protocol (Sumsub's, as its public
 * documentation describes it), used by the real adapter and by the sandbox alike:
 *
 * - Requests to the provider carry `X-App-Token`, `X-App-Access-Ts` (unix seconds) and
 *   `X-App-Access-Sig`, the lowercase hex HMAC-SHA256, keyed by the secret key, of
 *   timestamp + upper-case method + path with query + body.
 * - Webhooks carry `X-Payload-Digest`, the hex HMAC of the raw body keyed by the webhook
 *   secret, and `X-Payload-Digest-Alg` naming the hash. Only SHA-256 and SHA-512 are
 *   accepted (configure the provider's webhook with HMAC_SHA256_HEX).
 */

export const DIGEST_HEADER = 'x-payload-digest';
export const DIGEST_ALG_HEADER = 'x-payload-digest-alg';

const DIGEST_ALGORITHMS = { HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' } as const;
export type DigestAlgorithm = keyof typeof DIGEST_ALGORITHMS;

export function requestSignature(options: {
  secretKey: string;
  timestampSeconds: number;
  method: string;
  pathWithQuery: string;
  body: string;
}): string {
  return createHmac('sha256', options.secretKey)
    .update(`${options.timestampSeconds}${options.method.toUpperCase()}${options.pathWithQuery}`)
    .update(options.body)
    .digest('hex');
}

/** The three headers of a signed request sent now. */
export function signedRequestHeaders(options: {
  appToken: string;
  secretKey: string;
  method: string;
  pathWithQuery: string;
  body: string;
  now?: Date;
}): Record<string, string> {
  const timestampSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return {
    'x-app-token': options.appToken,
    'x-app-access-ts': String(timestampSeconds),
    'x-app-access-sig': requestSignature({ ...options, timestampSeconds }),
  };
}

export function payloadDigest(secret: string, rawBody: Buffer | string, algorithm: DigestAlgorithm): string {
  return createHmac(DIGEST_ALGORITHMS[algorithm], secret).update(rawBody).digest('hex');
}

/** The webhook headers for a body (what the sandbox sends). */
export function digestHeaders(secret: string, rawBody: string): Record<string, string> {
  return {
    [DIGEST_HEADER]: payloadDigest(secret, rawBody, 'HMAC_SHA256_HEX'),
    [DIGEST_ALG_HEADER]: 'HMAC_SHA256_HEX',
  };
}

export type DigestCheck = { ok: true } | { ok: false; reason: string };

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}

/** Checks a webhook's digest over the exact bytes received, in constant time. */
export function verifyPayloadDigest(options: {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  secret: string;
  rawBody: Buffer;
}): DigestCheck {
  const digest = single(options.headers[DIGEST_HEADER])?.trim().toLowerCase();
  const algorithm = single(options.headers[DIGEST_ALG_HEADER])?.trim() ?? '';
  if (!digest) return { ok: false, reason: 'missing digest' };
  if (!(algorithm in DIGEST_ALGORITHMS)) return { ok: false, reason: 'unsupported digest algorithm' };
  const expected = Buffer.from(payloadDigest(options.secret, options.rawBody, algorithm as DigestAlgorithm), 'hex');
  if (!/^[0-9a-f]+$/.test(digest) || digest.length !== expected.length * 2) {
    return { ok: false, reason: 'malformed digest' };
  }
  return timingSafeEqual(Buffer.from(digest, 'hex'), expected)
    ? { ok: true }
    : { ok: false, reason: 'digest mismatch' };
}

/** A stable id for a body without one of its own. */
export function bodyFingerprint(rawBody: Buffer | string): string {
  return createHash('sha256').update(rawBody).digest('hex');
}
