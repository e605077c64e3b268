import { randomInt, randomUUID } from 'node:crypto';
import { CASH_AGENT_WITHDRAWAL_METHOD, toMajorAmount, type InvoicePublicData } from '@croupier/contract';
import { z } from 'zod';
import {
  WebhookRejectedError,
  type PaymentProvider,
  type ProviderDepositRequest,
  type ProviderDepositResult,
  type ProviderPayoutRequest,
  type ProviderPayoutResult,
  type ProviderWebhookEvent,
} from '../provider';
import type { SandboxPaymentRow, SandboxRepository, SandboxStatus } from './repository';
import { SIGNATURE_HEADER, signatureHeader, verifySignature } from './signature';

/**
 * The built-in sandbox payment provider (outside production only). It behaves like a
 * hosted-page PSP: a deposit gets a payment page (`/api/dev/psp/payments/{id}`) where the
 * payer chooses Pay, Fail or Leave pending, and the outcome reaches our webhook endpoint
 * as a signed HTTP request, with retries when the delivery fails (the same event id each
 * time). Payouts complete on their own after a delay; a payout whose amount ends in .13
 * (minor units ending in 13) is refused, so that the failure path can be tried.
 */

export const SANDBOX_PROVIDER_ID = 'sandbox';

/** Sends a webhook to our own endpoint; resolves with the HTTP status. */
export type WebhookDelivery = (request: {
  path: string;
  body: string;
  headers: Record<string, string>;
}) => Promise<number>;

export type PayerChoice = 'succeed' | 'fail' | 'pending';

/** Seconds after which a failed delivery is tried again (then given up; the page can resend). */
const RETRY_DELAYS_MS = [2_000, 10_000, 60_000, 300_000];

const webhookBodySchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['deposit.succeeded', 'deposit.failed', 'deposit.pending', 'payout.succeeded', 'payout.failed']),
  created: z.number().int(),
  data: z.object({
    paymentId: z.string(),
    merchantReference: z.string().min(1).max(100),
    amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    currency: z.string().min(1).max(10),
    publicData: z.record(z.string(), z.string()).optional(),
    reason: z.string().max(200).optional(),
  }),
});

export function createSandboxProvider(deps: {
  repository: SandboxRepository;
  secret: string;
  asyncDelayMs: number;
  payoutDelayMs: number;
  deliver: WebhookDelivery;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}) {
  const { repository } = deps;
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  function later(delayMs: number, task: () => Promise<void>): void {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      task().catch((error: unknown) => deps.log.error({ err: error }, 'sandbox psp: scheduled task failed'));
    }, delayMs);
    timer.unref();
    timers.add(timer);
  }

  function eventFor(payment: SandboxPaymentRow, type: z.infer<typeof webhookBodySchema>['type'], extra: object = {}) {
    const eventId = `evt_${randomUUID()}`;
    const body = JSON.stringify({
      id: eventId,
      type,
      created: Math.floor(Date.now() / 1000),
      data: {
        paymentId: payment.id,
        merchantReference: payment.merchant_reference,
        amount: Number(payment.amount_minor),
        currency: payment.currency,
        ...extra,
      },
    });
    return { body, eventId };
  }

  /** Sends the payment's last event (signed now); retries in the background on failure. */
  async function send(
    payment: SandboxPaymentRow,
    event: { body: string; eventId: string },
    attempt = 0,
  ): Promise<boolean> {
    let status = 0;
    try {
      status = await deps.deliver({
        path: new URL(payment.webhook_url, 'http://localhost').pathname,
        body: event.body,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureHeader(deps.secret, event.body) },
      });
    } catch (error) {
      deps.log.warn({ err: error, paymentId: payment.id }, 'sandbox psp: webhook delivery failed');
    }
    if (status >= 200 && status < 300) {
      await repository.markDelivered(payment.id);
      return true;
    }
    const delay = RETRY_DELAYS_MS[attempt];
    deps.log.warn({ paymentId: payment.id, status, eventId: event.eventId }, 'sandbox psp: webhook not accepted');
    if (delay !== undefined) later(delay, async () => void (await send(payment, event, attempt + 1)));
    return false;
  }

  const payUrl = (siteOrigin: string, id: string) => `${siteOrigin}/api/dev/psp/payments/${id}`;

  function cashAgentData(request: ProviderPayoutRequest, paymentId: string): InvoicePublicData {
    return {
      securityCode: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      clientId: request.player.id.slice(0, 8).toUpperCase(),
      agentNumber: request.fields.agent ?? 'AG-001',
      transactionId: paymentId.slice(0, 8).toUpperCase(),
    };
  }

  const provider: PaymentProvider = {
    id: SANDBOX_PROVIDER_ID,

    async createDeposit(request: ProviderDepositRequest): Promise<ProviderDepositResult> {
      const { payment, created } = await repository.openPayment({
        kind: 'deposit',
        merchant_reference: request.invoiceId,
        processing_type: request.processingType,
        amount_minor: request.amountMinor,
        currency: request.currency,
        amount_text: toMajorAmount(request.amountMinor, request).toFixed(decimals(request.subunitToUnit)),
        success_url: request.returnUrls.success ?? request.returnUrls.redirect,
        error_url: request.returnUrls.error,
        webhook_url: request.webhookUrl,
      });
      const url = payUrl(request.siteOrigin, payment.id);
      const base = { providerReference: payment.id };
      switch (request.processingType) {
        case 'form':
          return { ...base, action: url, fields: { view: 'window' } };
        case 'iframe':
          return { ...base, action: url, fields: { view: 'embedded' } };
        case 'qr':
          return { ...base, qr: url };
        case 'message':
          return {
            ...base,
            fields: {
              beneficiary: 'Croupier Sandbox Ltd',
              iban: 'XS00 0000 0000 0000 0000 00',
              reference: `CR-${payment.id.slice(0, 8).toUpperCase()}`,
              sandboxUrl: url,
            },
          };
        case 'asyncRedirect':
          // The provider prepares the payment, then pushes a QR to the waiting player.
          if (created) {
            later(deps.asyncDelayMs, async () => {
              const current = await repository.findPayment(payment.id);
              if (!current || (current.status !== 'open' && current.status !== 'pending')) return;
              const event = eventFor(current, 'deposit.pending', { publicData: { qr: url, url } });
              await repository.setLastEvent(current.id, event);
              await send(current, event);
            });
          }
          return base;
      }
    },

    async createPayout(request: ProviderPayoutRequest): Promise<ProviderPayoutResult> {
      const { payment, created } = await repository.openPayment({
        kind: 'payout',
        merchant_reference: request.invoiceId,
        processing_type: 'payout',
        amount_minor: request.amountMinor,
        currency: request.currency,
        amount_text: toMajorAmount(request.amountMinor, request).toFixed(decimals(request.subunitToUnit)),
        webhook_url: request.webhookUrl,
      });
      const publicData =
        request.methodId === CASH_AGENT_WITHDRAWAL_METHOD ? cashAgentData(request, payment.id) : undefined;
      // A payout still open when asked again (its timer lost to a restart) is scheduled again;
      // it completes once whatever the number of timers.
      if (created || payment.status === 'open') {
        later(deps.payoutDelayMs, async () => {
          const refused = payment.amount_minor % 100n === 13n;
          await complete(payment.id, refused ? 'fail' : 'succeed', {
            ...(publicData ? { publicData } : {}),
            ...(refused ? { reason: 'The sandbox refuses payouts ending in .13.' } : {}),
          });
        });
      } else if (payment.last_event) {
        // Asked again (a retry): the outcome is known, say it again.
        await send(payment, payment.last_event);
      }
      return { status: 'accepted', providerReference: payment.id, ...(publicData ? { publicData } : {}) };
    },

    verifyWebhook(request): ProviderWebhookEvent {
      const rawHeader = request.headers[SIGNATURE_HEADER];
      const check = verifySignature({
        header: Array.isArray(rawHeader) ? rawHeader[0] : rawHeader,
        secret: deps.secret,
        rawBody: request.rawBody,
        now: request.receivedAt,
        toleranceSeconds: request.toleranceSeconds,
      });
      if (!check.ok) throw new WebhookRejectedError(check.reason);
      let json: unknown;
      try {
        json = JSON.parse(request.rawBody.toString('utf8'));
      } catch {
        throw new WebhookRejectedError('the body is not JSON');
      }
      const parsed = webhookBodySchema.safeParse(json);
      if (!parsed.success) throw new WebhookRejectedError('the body is not a sandbox event');
      const { data } = parsed.data;
      return {
        eventId: parsed.data.id,
        type: parsed.data.type,
        invoiceId: data.merchantReference,
        amountMinor: BigInt(data.amount),
        currency: data.currency,
        providerReference: data.paymentId,
        ...(data.publicData ? { publicData: data.publicData } : {}),
        ...(data.reason ? { reason: data.reason } : {}),
      };
    },
  };

  /** The payer's (or the payout timer's) choice: the status changes once, and the webhook goes out. */
  async function complete(
    id: string,
    choice: PayerChoice,
    extra: { publicData?: InvoicePublicData; reason?: string } = {},
  ): Promise<{ payment: SandboxPaymentRow; delivered: boolean | null } | undefined> {
    const current = await repository.findPayment(id);
    if (!current) return undefined;
    const from: SandboxStatus[] = ['open', 'pending'];
    if (choice === 'pending') {
      const moved = await repository.transition(id, { from: ['open'], to: 'pending', event: null });
      return { payment: moved ?? current, delivered: null };
    }
    const type =
      current.kind === 'deposit'
        ? choice === 'succeed'
          ? 'deposit.succeeded'
          : 'deposit.failed'
        : choice === 'succeed'
          ? 'payout.succeeded'
          : 'payout.failed';
    const event = eventFor(current, type, {
      ...(extra.publicData ? { publicData: extra.publicData } : {}),
      ...(choice === 'fail' ? { reason: extra.reason ?? 'The payer cancelled the payment.' } : {}),
    });
    const moved = await repository.transition(id, { from, to: choice === 'succeed' ? 'succeeded' : 'failed', event });
    if (!moved) return { payment: current, delivered: null };
    return { payment: moved, delivered: await send(moved, event) };
  }

  return {
    provider,
    complete,
    findPayment: (id: string) => repository.findPayment(id),
    /** Sends the payment's last webhook again, byte for byte (same event id): a provider retry. */
    async resend(id: string): Promise<boolean | undefined> {
      const payment = await repository.findPayment(id);
      if (!payment?.last_event) return undefined;
      return send(payment, payment.last_event, RETRY_DELAYS_MS.length);
    },
    /** Stops the timers (server shutdown). */
    close(): void {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

function decimals(subunitToUnit: bigint): number {
  return Math.max(0, String(subunitToUnit).length - 1);
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
