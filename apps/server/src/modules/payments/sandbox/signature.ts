import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures of the sandbox provider, in the shape most PSPs use:
 *
 *   Sandbox-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
 *
 * The timestamp is inside the signed text, so an old delivery cannot be replayed with a
 * fresh timestamp; the receiver refuses timestamps further than its tolerance from now.
 * Several v1 entries may be present (a secret being rotated): one must match.
 */

export const SIGNATURE_HEADER = 'sandbox-signature';

export function signatureOf(secret: string, timestampSeconds: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex');
}

/** The header value for a body sent now. */
export function signatureHeader(secret: string, rawBody: Buffer | string, now = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${signatureOf(secret, t, rawBody)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export function verifySignature(options: {
  header: string | undefined;
  secret: string;
  rawBody: Buffer;
  now: Date;
  toleranceSeconds: number;
}): SignatureCheck {
  const { header } = options;
  if (!header) return { ok: false, reason: 'missing signature' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: 'malformed signature' };
  const ageSeconds = Math.abs(options.now.getTime() / 1000 - timestamp);
  if (ageSeconds > options.toleranceSeconds) return { ok: false, reason: 'timestamp outside the tolerance' };
  const expected = Buffer.from(signatureOf(options.secret, timestamp, options.rawBody), 'hex');
  const matches = signatures.some((candidate) => timingSafeEqual(Buffer.from(candidate, 'hex'), expected));
  return matches ? { ok: true } : { ok: false, reason: 'signature mismatch' };
}
