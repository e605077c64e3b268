import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope, pagedEnvelope } from '../common/envelope';
import {
  adminRejectBodySchema,
  adminWithdrawalSchema,
  adminWithdrawalsQuerySchema,
  depositRequestSchema,
  depositResponseSchema,
  invoiceParamsSchema,
  invoiceSchema,
  invoicesQuerySchema,
  invoiceStatisticsSchema,
  paymentMethodSchema,
  paymentMethodsQuerySchema,
  turnOverWagerQuerySchema,
  turnOverWagerSchema,
  withdrawRequestSchema,
  withdrawResponseSchema,
} from './schemas';

/** An optional `Idempotency-Key` (scoped to the player) makes a retry of a money call safe. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/, { error: 'At most 100 printable characters.' })
    .optional(),
});

function methodsEndpoint<D extends 'deposit' | 'withdrawal'>(direction: D) {
  return defineEndpoint({
    method: 'GET',
    path: `/api/payment/methods/${direction}`,
    access: 'player',
    query: paymentMethodsQuerySchema,
    response: dataEnvelope(z.array(paymentMethodSchema)),
  });
}

/** The deposit and withdrawal methods for a currency and region, keyed by direction. */
export const paymentMethodEndpoints = {
  deposit: methodsEndpoint('deposit'),
  withdrawal: methodsEndpoint('withdrawal'),
};

/** The player's payments: deposits, withdrawals, invoices, and the turn-over wager. */
export const paymentEndpoints = {
  createDeposit: defineEndpoint({
    method: 'POST',
    path: '/api/payment/invoices/deposit',
    access: 'player',
    headers: idempotencyHeadersSchema,
    body: depositRequestSchema,
    response: dataEnvelope(depositResponseSchema),
  }),
  createWithdrawal: defineEndpoint({
    method: 'POST',
    path: '/api/payment/invoices/withdrawal',
    access: 'player',
    headers: idempotencyHeadersSchema,
    body: withdrawRequestSchema,
    response: dataEnvelope(withdrawResponseSchema),
  }),
  listInvoices: defineEndpoint({
    method: 'GET',
    path: '/api/payment/invoices',
    access: 'player',
    query: invoicesQuerySchema,
    response: pagedEnvelope(invoiceSchema),
  }),
  invoiceStatistics: defineEndpoint({
    method: 'GET',
    path: '/api/payment/invoices/statistics',
    access: 'player',
    response: dataEnvelope(z.array(invoiceStatisticsSchema)),
  }),
  getInvoice: defineEndpoint({
    method: 'GET',
    path: '/api/payment/invoices/:invoiceId',
    access: 'player',
    params: invoiceParamsSchema,
    response: dataEnvelope(invoiceSchema),
  }),
  declineInvoice: defineEndpoint({
    method: 'PUT',
    path: '/api/payment/invoices/:invoiceId/decline',
    access: 'player',
    params: invoiceParamsSchema,
    response: dataEnvelope(invoiceSchema),
  }),
  turnOverWager: defineEndpoint({
    method: 'GET',
    path: '/api/risk/reasons/turn-over-wager',
    access: 'player',
    query: turnOverWagerQuerySchema,
    response: dataEnvelope(turnOverWagerSchema),
  }),
};

/** The operator's withdrawal queue. */
export const paymentAdminEndpoints = {
  listWithdrawals: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payments/withdrawals',
    access: 'operator',
    query: adminWithdrawalsQuerySchema,
    response: pagedEnvelope(adminWithdrawalSchema),
  }),
  approveWithdrawal: defineEndpoint({
    method: 'POST',
    path: '/api/admin/payments/withdrawals/:invoiceId/approve',
    access: 'operator',
    params: invoiceParamsSchema,
    response: dataEnvelope(adminWithdrawalSchema),
  }),
  rejectWithdrawal: defineEndpoint({
    method: 'POST',
    path: '/api/admin/payments/withdrawals/:invoiceId/reject',
    access: 'operator',
    params: invoiceParamsSchema,
    body: adminRejectBodySchema,
    response: dataEnvelope(adminWithdrawalSchema),
  }),
};

/**
 * Calls without a player: the method logos (SVG files) and the providers' signed
 * deliveries. The raw bodies of the deliveries are authenticated by the server before
 * they are read, so their definitions carry no body schema.
 */
export const paymentPublicEndpoints = {
  logo: defineEndpoint({
    method: 'GET',
    path: '/api/payment/logos/:file',
    access: 'guest',
    params: z.object({ file: z.string().max(80) }),
  }),
  webhook: defineEndpoint({
    method: 'POST',
    path: '/api/payment/webhooks/:provider',
    access: 'provider',
    params: z.object({ provider: z.string().max(64) }),
    response: dataEnvelope(
      z.object({ applied: z.boolean(), invoiceId: z.string(), invoiceStatus: z.number().int().nullable() }),
    ),
  }),
  /** Registered only when the custody service is configured. */
  custodyEvent: defineEndpoint({
    method: 'POST',
    path: '/api/payment/crypto/custody-events',
    access: 'provider',
    response: dataEnvelope(z.object({ applied: z.boolean() })),
  }),
};

const sandboxPaymentParams = z.object({ paymentId: z.string().max(100) });
const sandboxPageQuery = z.object({ view: z.enum(['window', 'embedded']).optional() });
const sandboxTxParams = z.object({ txId: z.string().max(128) });

/**
 * The local sandboxes (outside production only): the sandbox payment provider's hosted
 * page and its controls, and the sandbox chain's page and transfers. The pages answer
 * HTML, the forms redirect back to them; JSON callers (tests, scripts) get `{ data }`.
 */
export const paymentDevEndpoints = {
  pspPage: defineEndpoint({
    method: 'GET',
    path: '/api/dev/psp/payments/:paymentId',
    access: 'dev',
    params: sandboxPaymentParams,
    query: sandboxPageQuery,
  }),
  pspChoice: defineEndpoint({
    method: 'POST',
    path: '/api/dev/psp/payments/:paymentId/:choice',
    access: 'dev',
    params: sandboxPaymentParams.extend({ choice: z.enum(['succeed', 'fail', 'pending', 'resend']) }),
    query: sandboxPageQuery,
  }),
  cryptoPage: defineEndpoint({
    method: 'GET',
    path: '/api/dev/crypto',
    access: 'dev',
  }),
  cryptoSend: defineEndpoint({
    method: 'POST',
    path: '/api/dev/crypto/send',
    access: 'dev',
    body: z.object({
      address: z.string().max(128),
      /** Destination tag, on chains where players share an address (XRP). */
      tag: z.string().max(16).optional(),
      /** Major units; the page's form sends text. */
      amount: z.union([z.number(), z.string().max(40)]),
      currency: z.string().max(16),
    }),
  }),
  cryptoConfirm: defineEndpoint({
    method: 'POST',
    path: '/api/dev/crypto/confirm/:txId',
    access: 'dev',
    params: sandboxTxParams,
  }),
  cryptoPayoutConfirm: defineEndpoint({
    method: 'POST',
    path: '/api/dev/crypto/payouts/:txId/confirm',
    access: 'dev',
    params: sandboxTxParams,
  }),
  cryptoPayoutDrop: defineEndpoint({
    method: 'POST',
    path: '/api/dev/crypto/payouts/:txId/drop',
    access: 'dev',
    params: sandboxTxParams,
  }),
};
