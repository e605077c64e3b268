import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/errors';
import { CUSTODY_SIGNATURE_HEADER, readCustodyEvent, type PayoutSender } from './custody';
import { renderCryptoPage, CRYPTO_PAGE_CSP } from './page';
import { NETWORK_OF_CURRENCY } from './networks';
import type { CryptoDeposits } from './service';

const sendBody = z.object({
  address: z.string().max(128),
  /** Destination tag, on chains where players share an address (XRP). */
  tag: z.string().max(16).optional(),
  /** Major units; the page's form sends text. */
  amount: z.union([z.number(), z.string().max(40)]),
  currency: z.string().max(16),
});
const txParams = z.object({ txId: z.string().max(128) });

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

  app.get(
    '/api/dev/crypto',
    {
      schema: {
        tags: ['dev'],
        summary: 'Sandbox chain: the control page (send a transfer, confirm it); not in production',
        produces: ['text/html'],
      },
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

  app.post(
    '/api/dev/crypto/send',
    {
      schema: {
        tags: ['dev'],
        summary: 'Sandbox chain: a transfer to a deposit address is seen (its deposit invoice is pending)',
        body: sendBody,
      },
    },
    async (request, reply) => {
      const transfer = await crypto.recordTransfer({
        address: request.body.address,
        tag: request.body.tag ?? null,
        amount: amountOf(request.body.amount),
        currency: request.body.currency,
      });
      reply.header('cache-control', 'no-store');
      if (isForm(request.headers['content-type'])) return reply.redirect('/api/dev/crypto', 303);
      return reply.code(201).send({ data: transfer });
    },
  );

  app.post(
    '/api/dev/crypto/confirm/:txId',
    {
      schema: {
        tags: ['dev'],
        summary: 'Sandbox chain: the transfer is confirmed; the deposit succeeds and is credited once',
        params: txParams,
      },
    },
    async (request, reply) => {
      const result = await crypto.confirmTransfer(request.params.txId);
      reply.header('cache-control', 'no-store');
      if (isForm(request.headers['content-type'])) return reply.redirect('/api/dev/crypto', 303);
      return reply.send({ data: result });
    },
  );

  const payoutOutcomes = { confirm: crypto.confirmPayout, drop: crypto.dropPayout } as const;
  for (const [outcome, settle] of Object.entries(payoutOutcomes)) {
    app.post(
      `/api/dev/crypto/payouts/:txId/${outcome}`,
      {
        schema: {
          tags: ['dev'],
          summary:
            outcome === 'confirm'
              ? 'Sandbox chain: a withdrawal payout is confirmed; the withdrawal is paid'
              : 'Sandbox chain: a withdrawal payout is dropped; its money returns to the player',
          params: txParams,
        },
      },
      async (request, reply) => {
        const result = await settle(request.params.txId);
        reply.header('cache-control', 'no-store');
        if (isForm(request.headers['content-type'])) return reply.redirect('/api/dev/crypto', 303);
        return reply.send({ data: result });
      },
    );
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
  app.post(
    '/api/payment/crypto/custody-events',
    {
      schema: {
        tags: ['payments'],
        summary: 'Custody events: transfers seen and confirmed on our deposit addresses, payouts settled',
        description:
          'Signed by the custody service: `Custody-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw ' +
          'body>">` with CRYPTO_CUSTODY_SECRET; timestamps outside the webhook tolerance are refused. Body: one ' +
          'event `{ id, type: transfer.seen | transfer.confirmed | payout.confirmed | payout.failed, txId, … }`.',
        response: { 200: z.object({ data: z.object({ applied: z.boolean() }) }) },
      },
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
