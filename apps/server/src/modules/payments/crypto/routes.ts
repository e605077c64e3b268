import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
