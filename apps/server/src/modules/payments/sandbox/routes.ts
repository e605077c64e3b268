import { endpointPath, paymentDevEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../http/endpoint';
import { AppError } from '../../../lib/errors';
import { renderPaymentPage, SANDBOX_PAGE_CSP } from './pages';
import type { SandboxProvider } from './provider';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The sandbox provider's own pages and controls, registered outside production only:
 * the hosted payment page with Pay / Fail / Leave pending, and a resend of the last
 * webhook (a provider retry with the same event id). The payment id in the path is the
 * capability, as on a real provider's hosted page.
 */
export const sandboxPspRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxProvider }> = async (app, { sandbox }) => {
  // The page's forms post urlencoded bodies without fields; nothing in them is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );

  async function paymentOrThrow(id: string) {
    const payment = UUID.test(id) ? await sandbox.findPayment(id.toLowerCase()) : undefined;
    if (!payment || payment.kind !== 'deposit') throw AppError.notFound('Unknown sandbox payment.');
    return payment;
  }

  route(
    app,
    paymentDevEndpoints.pspPage,
    {
      tags: ['dev'],
      summary: 'Sandbox PSP: the hosted payment page (Pay, Fail, Leave pending); not in production',
      produces: ['text/html'],
    },
    async (request, reply) => {
      const payment = await paymentOrThrow(request.params.paymentId);
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', SANDBOX_PAGE_CSP)
        .type('text/html; charset=utf-8')
        .send(renderPaymentPage(payment, { view: request.query.view ?? 'window' }));
    },
  );

  route(
    app,
    paymentDevEndpoints.pspChoice,
    {
      tags: ['dev'],
      summary: "Sandbox PSP: the payer's choice; the outcome goes to the webhook endpoint, signed",
      description:
        '`succeed` and `fail` send `deposit.succeeded` / `deposit.failed` to `/api/payment/webhooks/sandbox` and ' +
        'then redirect (303) to the deposit request’s success or error URL, or back to the page when embedded or ' +
        'when there is none. `pending` leaves the payment pending (no webhook). A payment already finished is not ' +
        'changed. `resend` sends the last webhook again, byte for byte.',
    },
    async (request, reply) => {
      const payment = await paymentOrThrow(request.params.paymentId);
      const view = request.query.view ?? 'window';
      const page = `${endpointPath(paymentDevEndpoints.pspPage, { paymentId: payment.id })}?view=${view}`;
      if (request.params.choice === 'resend') {
        const delivered = await sandbox.resend(payment.id);
        if (delivered === undefined) throw new AppError('CONFLICT', 'Nothing was sent for this payment yet.');
        return reply.header('cache-control', 'no-store').send({ data: { delivered } });
      }
      const result = await sandbox.complete(payment.id, request.params.choice);
      if (!result) throw AppError.notFound('Unknown sandbox payment.');
      const { payment: after, delivered } = result;
      const target =
        view === 'embedded'
          ? page
          : after.status === 'succeeded' && delivered !== null
            ? (after.success_url ?? page)
            : after.status === 'failed' && delivered !== null
              ? (after.error_url ?? page)
              : page;
      return reply.header('cache-control', 'no-store').redirect(target, 303);
    },
  );
};
