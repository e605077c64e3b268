import { verificationEndpoints, verificationPublicEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import { keepRawJsonBodies, rawBodyOf } from '../../http/raw-json-body';
import type { AuthGuards } from '../auth';
import { playerOf } from '../auth';
import type { VerificationService } from './service';

/** Largest webhook body accepted. */
const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;

/** The player's verification calls. */
export const verificationRoutes: FastifyPluginAsyncZod<{
  verification: VerificationService;
  guards: AuthGuards;
  siteUrl: string;
}> = async (app, { verification, guards, siteUrl }) => {
  // The token call has no body: clients may still send a JSON content type.
  allowEmptyJsonBodies(app);
  app.addHook('onRequest', guards.requirePlayer);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  route(
    app,
    verificationEndpoints.auth,
    {
      tags: ['verification'],
      summary: 'Starts identity verification: an access token for the provider and its hosted page',
      description:
        '`token` is read at the root by the reference client; Croupier answers the same content under `data` too. ' +
        '`url` is the provider’s hosted verification page for this player (outside production, the sandbox ' +
        'provider’s page). The status changes only when the provider’s signed webhook reports a review (a verified ' +
        'player gets a token too: the provider shows the applicant as approved). 503 when no provider is ' +
        'configured or the provider does not answer.',
    },
    async (request) => {
      const started = await verification.start(playerOf(request).id, siteUrl);
      return { ...started, data: started };
    },
  );

  route(
    app,
    verificationEndpoints.status,
    {
      tags: ['verification'],
      summary: "The player's identity verification status and the rules that need it",
      description:
        '`status`: none, pending, approved, rejected (final) or retry (new documents asked); `reason` for the last ' +
        'two. The thresholds are in major units of the base currency (null: the rule is off).',
    },
    async (request) => ({ data: await verification.status(playerOf(request).id) }),
  );
};

/** The provider's webhooks: authenticated on the raw body, never by a session. */
export const verificationWebhookRoutes: FastifyPluginAsyncZod<{ verification: VerificationService }> = async (
  app,
  { verification },
) => {
  // The digest covers the exact bytes: the body is kept raw and parsed by the provider's adapter.
  keepRawJsonBodies(app, WEBHOOK_BODY_LIMIT_BYTES);

  route(
    app,
    verificationPublicEndpoints.webhook,
    {
      tags: ['verification'],
      summary: "The identity-verification provider's status webhook",
      security: [],
      description:
        'The raw JSON body is authenticated by the provider’s adapter: `X-Payload-Digest` is the hex HMAC of the ' +
        'body keyed by the webhook secret, `X-Payload-Digest-Alg` HMAC_SHA256_HEX or HMAC_SHA512_HEX. Each event is ' +
        'applied once (a repeated delivery answers `applied: false`); an event older than the last applied changes ' +
        'nothing. 401 (13221) for a bad digest, 404 for an unknown provider or applicant.',
      config: { rateLimit: false },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const rawBody = rawBodyOf(request);
      return { data: await verification.receiveWebhook(request.params.provider, rawBody, request.headers) };
    },
  );
};
