import fs from 'node:fs/promises';
import path from 'node:path';
import { paymentPublicEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { keepRawJsonBodies, rawBodyOf } from '../../http/raw-json-body';
import { AppError } from '../../lib/errors';
import { serverRoot } from '../../paths';
import type { Webhooks } from './webhooks';

/** Logos of payment methods: original SVGs shipped with the server. */
export const LOGO_DIR = path.join(serverRoot, 'public', 'payments');
const LOGO_FILE = /^[a-z0-9][a-z0-9_-]{0,63}\.svg$/;
/** Logos are tiny and few: each is read once per process. */
const logoCache = new Map<string, Buffer>();

/** Largest webhook body accepted. */
const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;

/** Calls without a player: the method logos and the providers' webhooks. */
export const paymentPublicRoutes: FastifyPluginAsyncZod<{ webhooks: Webhooks }> = async (app, { webhooks }) => {
  // The signature covers the exact bytes: the body is kept raw, and parsed by the provider's adapter.
  keepRawJsonBodies(app, WEBHOOK_BODY_LIMIT_BYTES);

  route(
    app,
    paymentPublicEndpoints.logo,
    {
      tags: ['payments'],
      summary: 'A payment method logo (SVG)',
      produces: ['image/svg+xml'],
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!LOGO_FILE.test(file)) throw AppError.notFound('Unknown logo.');
      let svg = logoCache.get(file);
      if (!svg) {
        try {
          svg = await fs.readFile(path.join(LOGO_DIR, file));
        } catch {
          throw AppError.notFound('Unknown logo.');
        }
        logoCache.set(file, svg);
      }
      return reply
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'")
        .type('image/svg+xml')
        .send(svg);
    },
  );

  route(
    app,
    paymentPublicEndpoints.webhook,
    {
      tags: ['payments'],
      summary: "A payment provider's webhook",
      // Each provider signs with a header of its own, which the description explains.
      security: [],
      description:
        'The raw JSON body is authenticated by the provider’s adapter (the sandbox: header `Sandbox-Signature: ' +
        't=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, refused beyond PAYMENTS_WEBHOOK_TOLERANCE_SECONDS). Each ' +
        'event id is applied once: a repeated delivery answers `applied: false` and changes nothing. 401 (13210) for ' +
        'a bad or stale signature, 404 for an unknown provider or invoice, 409 when the event does not match its invoice.',
      // A provider sends from a few addresses, in bursts; its deliveries are authenticated instead.
      config: { rateLimit: false },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const rawBody = rawBodyOf(request);
      return { data: await webhooks.receive(request.params.provider, rawBody, request.headers) };
    },
  );
};
