import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers (helmet's, with the app's options: CSP, frame and referrer rules,
 * HSTS in production) are the same on every answer. They are worked out once, by running
 * helmet's middleware against a response that only records them, and then set from that
 * list on each request. Building helmet's middleware per request (what the Fastify plugin
 * does, CSP parsing included) cost about a fifth of the CPU of a cached catalogue answer.
 */
export function securityHeadersOf(options: Readonly<HelmetOptions>): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  // The directives are static (no per-request nonce or function), so no request is needed;
  // helmet throws a bad option itself, next() only says it is done.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return [...headers];
}

/**
 * Sets the security headers on every response, on the raw response as helmet does, so a
 * route may still replace one (`reply.header`) or drop one (`reply.raw.removeHeader`).
 */
export function registerSecurityHeaders(server: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeadersOf(options);
  server.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
