import { createHash, timingSafeEqual } from 'node:crypto';
import { paymentAdminEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import { AppError } from '../../lib/errors';
import type { Payments } from './index';

const ADMIN_KEY_HEADER = 'x-admin-key';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a request carries the operator key. Both sides are hashed first, so that the
 * comparison takes the same time whatever the length or content of the guess.
 */
export function hasAdminKey(request: FastifyRequest, adminApiKey: string | undefined): boolean {
  const raw = request.headers[ADMIN_KEY_HEADER];
  const given = Array.isArray(raw) ? raw[0] : raw;
  if (!adminApiKey || !given) return false;
  return timingSafeEqual(digest(given), digest(adminApiKey));
}

/**
 * The operator's payment API (header `X-Admin-Key` = ADMIN_API_KEY): the withdrawal queue,
 * approval (the payout goes to the provider) and rejection (the money goes back). Without
 * a configured key every call is refused.
 */
export const paymentAdminRoutes: FastifyPluginAsyncZod<{
  payments: Payments;
  adminApiKey: string | undefined;
}> = async (app, { payments, adminApiKey }) => {
  allowEmptyJsonBodies(app);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!hasAdminKey(request, adminApiKey)) throw new AppError('UNAUTHENTICATED', 'A valid X-Admin-Key is required.');
  });

  route(
    app,
    paymentAdminEndpoints.listWithdrawals,
    {
      tags: ['admin'],
      summary: 'Operator: withdrawals, oldest first (filter `status`: 1 pending, 4 processing…)',
    },
    async (request) => payments.admin.listWithdrawals(request.query),
  );

  route(
    app,
    paymentAdminEndpoints.approveWithdrawal,
    {
      tags: ['admin'],
      summary: 'Operator: approves a pending withdrawal; the provider pays it out',
      description:
        'Status 1 → 4 (processing); the provider’s webhook then settles it (2 paid, or 3 with the money back). ' +
        'Approving a withdrawal in processing sends its payout again (the provider dedupes on the invoice id). ' +
        '409 in any other state.',
    },
    async (request) => ({ data: await payments.admin.approve(request.params.invoiceId) }),
  );

  route(
    app,
    paymentAdminEndpoints.rejectWithdrawal,
    {
      tags: ['admin'],
      summary: 'Operator: rejects a pending withdrawal; the held money returns to the player',
      description:
        'An optional `reason` is kept with the ledger transaction. 409 unless the withdrawal is pending (status 1).',
    },
    async (request) => ({ data: await payments.admin.reject(request.params.invoiceId, request.body?.reason) }),
  );
};
