import { randomBytes } from 'node:crypto';
import { paymentDevEndpoints, paymentPublicEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../http/endpoint';
import { AppError } from '../../../lib/errors';
import { CUSTODY_SIGNATURE_HEADER, readCustodyEvent, type PayoutSender } from './custody';
import { renderCryptoPage, CRYPTO_PAGE_CSP } from './page';
import { NETWORK_OF_CURRENCY } from './networks';
import type { CryptoDeposits } from './service';

/** A decimal typed in the page's form as the number the API takes; anything else stays text (a 422). */
function amountOf(value: number | string): unknown {
  if (typeof value === 'number') return value;
  return /^\d{1,20}(\.\d{1,18})?$/.test(value.trim()) ? Number(value.trim()) : value;
}

/**
 * The sandbox chain, outside production only: `send` is a transfer seen on the chain
 * (pending deposit), `confirm` its confirmation (credited once). JSON for tests and
 * scripts; the page's forms post urlencoded and are sent back to the page.
 */
export const cryptoSandboxRoutes: FastifyPluginAsyncZod<{ crypto: CryptoDeposits }> = async (app, { crypto }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
  const isForm = (contentType: string | undefined) => contentType?.startsWith('application/x-www-form-urlencoded');

  route(
    app,
    paymentDevEndpoints.cryptoPage,
    {
      tags: ['dev'],
      summary: 'Sandbox chain: the control page (send a transfer, confirm it); not in production',
      produces: ['text/html'],
    },
    async (_request, reply) => {
      const [transfers, payouts] = await Promise.all([crypto.recentTransfers(20), crypto.recentPayouts(20)]);
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', CRYPTO_PAGE_CSP)
        .type('text/html; charset=utf-8')
        .send(renderCryptoPage({ transfers, payouts, currencies: Object.keys(NETWORK_OF_CURRENCY) }));
    },
  );

  route(
    app,
    paymentDevEndpoints.cryptoSend,
    {
      tags: ['dev'],
      summary: 'Sandbox chain: a transfer to a deposit address is seen (its deposit invoice is pending)',
    },
    async (request, reply) => {
      const transfer = await crypto.recordTransfer({
        address: request.body.address,
        tag: request.body.tag ?? null,
        amount: amountOf(request.body.amount),
        currency: request.body.currency,
      });
      reply.header('cache-control', 'no-store');
      if (isForm(request.headers['content-type'])) return reply.redirect(paymentDevEndpoints.cryptoPage.path, 303);
      return reply.code(201).send({ data: transfer });
    },
  );

  route(
    app,
    paymentDevEndpoints.cryptoConfirm,
    {
      tags: ['dev'],
      summary: 'Sandbox chain: the transfer is confirmed; the deposit succeeds and is credited once',
    },
    async (request, reply) => {
      const result = await crypto.confirmTransfer(request.params.txId);
      reply.header('cache-control', 'no-store');
      if (isForm(request.headers['content-type'])) return reply.redirect(paymentDevEndpoints.cryptoPage.path, 303);
      return reply.send({ data: result });
    },
  );

  const payoutOutcomes = [
    {
      endpoint: paymentDevEndpoints.cryptoPayoutConfirm,
      settle: crypto.confirmPayout,
      summary: 'Sandbox chain: a withdrawal payout is confirmed; the withdrawal is paid',
    },
    {
      endpoint: paymentDevEndpoints.cryptoPayoutDrop,
      settle: crypto.dropPayout,
      summary: 'Sandbox chain: a withdrawal payout is dropped; its money returns to the player',
    },
  ];
  for (const { endpoint, settle, summary } of payoutOutcomes) {
    route(app, endpoint, { tags: ['dev'], summary }, async (request, reply) => {
      const result = await settle(request.params.txId);
      reply.header('cache-control', 'no-store');
      if (isForm(request.headers['content-type'])) return reply.redirect(paymentDevEndpoints.cryptoPage.path, 303);
      return reply.send({ data: result });
    });
  }
};

/** The sandbox chain takes every payout at once; its control page confirms or drops it. */
export const sandboxChainPayouts: PayoutSender = () =>
  Promise.resolve({ txId: `sandbox-out-${randomBytes(16).toString('hex')}` });

/**
 * Events of the custody service (see custody.ts): signed over the exact bytes, applied
 * once per event however often delivered. 401 for a bad signature, nothing applied.
 */
export const cryptoCustodyRoutes: FastifyPluginAsyncZod<{
  crypto: CryptoDeposits;
  secret: string;
  toleranceSeconds: number;
}> = async (app, { crypto, secret, toleranceSeconds }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  route(
    app,
    paymentPublicEndpoints.custodyEvent,
    {
      tags: ['payments'],
      summary: 'Custody events: transfers seen and confirmed on our deposit addresses, payouts settled',
      // Signed with the custody service's own header, which the description explains.
      security: [],
      description:
        'Signed by the custody service: `Custody-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw ' +
        'body>">` with CRYPTO_CUSTODY_SECRET; timestamps outside the webhook tolerance are refused. Body: one ' +
        'event `{ id, type: transfer.seen | transfer.confirmed | payout.confirmed | payout.failed, txId, … }`.',
    },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers[CUSTODY_SIGNATURE_HEADER];
      const read = readCustodyEvent({
        rawBody,
        header: typeof header === 'string' ? header : undefined,
        secret,
        now: new Date(),
        toleranceSeconds,
      });
      if (!read.ok) {
        request.log.warn({ reason: read.reason }, 'payments: custody event rejected');
        throw new AppError('PAYMENT_WEBHOOK_REJECTED', read.reason);
      }
      return { data: await crypto.applyCustodyEvent(read.event) };
    },
  );
};
