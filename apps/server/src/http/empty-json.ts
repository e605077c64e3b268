import type { FastifyInstance } from 'fastify';

/**
 * Lets `application/json` requests of this (encapsulated) context arrive without a
 * body. Action calls (refresh, logout, close, resend) send none, and some clients still
 * set the JSON content type, which Fastify otherwise refuses with a 400. Non-empty
 * bodies go through Fastify's own parser (prototype-poisoning checks included).
 */
export function allowEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
