import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

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

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as received, for signature checks (signed calls only). */
    rawBody?: string;
  }
}

/**
 * Parses JSON bodies in this plugin's scope keeping the exact text as `request.rawBody`:
 * signatures are over the bytes sent, not over a re-serialised object.
 */
export function keepRawJsonBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = text;
    try {
      done(null, text.length === 0 ? {} : JSON.parse(text));
    } catch (error) {
      // A client's error (400), as Fastify's own parser answers it; the callbacks turn it into WRONG_SYNTAX.
      done(Object.assign(error as Error, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });
}
