import { paymentEndpoints, paymentMethodEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import { visitorCountry } from '../../http/geo';
import type { AuthGuards } from '../auth';
import { playerOf } from '../auth';
import type { Payments } from './index';

const idempotencyText =
  'An optional `Idempotency-Key` header (scoped to the player) makes a retry safe: the same key with the same body ' +
  'gets the first answer and creates nothing; with another body it is a 409 (code 1006).';

/** The player's payment calls and the turn-over wager. Every one needs a signed-in player. */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: Payments; guards: AuthGuards; config: Config }> = async (
  app,
  { payments, guards, config },
) => {
  // Decline is an action call: clients may send a JSON content type without a body.
  allowEmptyJsonBodies(app);
  app.addHook('onRequest', guards.requirePlayer);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'private, no-store');
  });

  for (const direction of ['deposit', 'withdrawal'] as const) {
    route(
      app,
      paymentMethodEndpoints[direction],
      {
        tags: ['payments'],
        summary: `The ${direction} methods for a currency and region`,
        description:
          '`currency`: the active account’s (default: the active account). `country`: the region the player picked; ' +
          'without it the visitor’s country, else the profile’s. Bounds and presets are major units of the currency; ' +
          'presets lie within the bounds. Methods offered only in some countries are left out when the country is ' +
          'unknown. 422 on `currency` for a currency the site does not offer.' +
          (direction === 'deposit' ? ' Code 13100 (HTTP 400) when a deposit limit forbids deposits now.' : ''),
      },
      async (request) => ({
        data: await payments.listMethods({
          playerId: playerOf(request).id,
          direction,
          currency: request.query.currency,
          country: request.query.country ?? visitorCountry(request, config),
        }),
      }),
    );
  }

  route(
    app,
    paymentEndpoints.createDeposit,
    {
      tags: ['payments'],
      summary: 'Starts a deposit: an invoice (status 1) and what the browser does next',
      description:
        'By processing type: `form` opens `action` (with `fields` as query parameters) in a window, `iframe` embeds it, ' +
        '`qr` shows `qr`, `message` shows the pending view (bank details in `fields`), `asyncRedirect` waits for ' +
        '`invoice.deposit.updated` on `payment:invoices#{playerId}` (status 1 with `publicData.qr`). The balance is ' +
        'credited when the provider’s webhook reports the payment. 422 per field: `amount` (not a number, zero or ' +
        'negative, too many decimals, out of the method’s bounds), `method`, `currency`, `accountId`, the method’s ' +
        'dynamic fields by key, return URLs that are not pages of this site. Code 13202 (400) for a profile with ' +
        'limited deposits (status 2) or self-excluded; 13100 when a deposit limit is reached; 13211 (502) when the ' +
        `provider cannot start the payment. ${idempotencyText}`,
    },
    async (request) => ({
      data: await payments.deposits.create({
        playerId: playerOf(request).id,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        visitorCountry: visitorCountry(request, config),
        siteOrigin: payments.siteOrigin(request),
      }),
    }),
  );

  route(
    app,
    paymentEndpoints.createWithdrawal,
    {
      tags: ['payments'],
      summary: 'Requests a withdrawal: the amount is held at once (lockedBalance)',
      description:
        'The amount moves from the real balance to the locked balance in the same transaction as the invoice ' +
        '(status 1); an operator (or the auto-approval rule) approves it (status 4, paid out by the provider) or ' +
        'rejects it (money back); the player may decline it while it is pending. 422 per field: `amount` (format, ' +
        'the method’s or the selected option’s bounds, above `withdrawalBalance`), `method`, `currency`, ' +
        `\`accountId\`, dynamic fields by key (\`wallet_id\` against the selected option's pattern). ${idempotencyText}`,
    },
    async (request) => ({
      data: await payments.withdrawals.create({
        playerId: playerOf(request).id,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        visitorCountry: visitorCountry(request, config),
      }),
    }),
  );

  route(
    app,
    paymentEndpoints.listInvoices,
    {
      tags: ['payments'],
      summary: "The player's invoices, newest first",
      description:
        'Filters (omitted = all; scalars or bracket arrays): `type` (1 deposit, 2 withdrawal), `status` (1–5), ' +
        '`currency`, `dateFrom` / `dateTo` (ISO date-times, inclusive, on the creation time).',
    },
    async (request) => payments.invoices.list(playerOf(request).id, request.query),
  );

  route(
    app,
    paymentEndpoints.invoiceStatistics,
    {
      tags: ['payments'],
      summary: 'Successful deposits and withdrawals per currency',
      description:
        'One item per currency the player has invoices in. Counts and sums of successful invoices; `…BaseCurrency` ' +
        'amounts are in the base currency at the current rate. Purchases and virtual payouts do not exist: 0 / null.',
    },
    async (request) => ({ data: await payments.invoices.statistics(playerOf(request).id) }),
  );

  route(
    app,
    paymentEndpoints.getInvoice,
    {
      tags: ['payments'],
      summary: 'One of the player’s invoices (a Croupier addition)',
      description: '404 for an id that is not one of the player’s invoices.',
    },
    async (request) => ({ data: await payments.invoices.get(playerOf(request).id, request.params.invoiceId) }),
  );

  route(
    app,
    paymentEndpoints.declineInvoice,
    {
      tags: ['payments'],
      summary: 'Declines a pending invoice',
      description:
        'A pending withdrawal: the held amount returns to the real balance (once). A pending deposit: abandoned ' +
        '(nothing was credited; a payment that still arrives is credited). Declining an invoice already declined ' +
        'answers it unchanged; any other state is a 409. 404 for an id that is not one of the player’s invoices.',
    },
    async (request) => ({ data: await payments.invoices.decline(playerOf(request).id, request.params.invoiceId) }),
  );

  route(
    app,
    paymentEndpoints.turnOverWager,
    {
      tags: ['payments'],
      summary: 'The turn-over wager still to play before deposits can be withdrawn',
      description:
        'Deposits must be wagered `turnOverWager` times; `total` is the turnover required, `turnOverWagerAmount` what ' +
        'is left (major units). Progress = (total − turnOverWagerAmount) / total × 100.',
    },
    async (request) => ({ data: await payments.turnover.report(playerOf(request).id, request.query.currency) }),
  );
};
