import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Keeps `application/json` bodies of this (encapsulated) context as their exact bytes, for
 * webhooks whose signature or digest covers the raw body: the provider's adapter checks it
 * and parses the JSON itself. `bodyLimitBytes` caps the body (413 beyond it).
 */
export function keepRawJsonBodies(app: FastifyInstance, bodyLimitBytes: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: bodyLimitBytes },
    (_request, body, done) => done(null, body),
  );
}

/** The raw body kept by `keepRawJsonBodies` (empty when there was none). */
export function rawBodyOf(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}
