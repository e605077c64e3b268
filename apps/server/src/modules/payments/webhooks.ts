import { InvoiceType } from '@croupier/contract';
import { AppError } from '../../lib/errors';
import type { RealtimeEvents } from '../realtime';
import type { CurrencyLookup } from './currencies';
import type { Deposits } from './deposits';
import { WebhookRejectedError, type ProviderRegistry, type ProviderWebhookEvent } from './provider';
import type { PaymentsRepository } from './repository';
import { isUuid } from './requests';
import type { Withdrawals } from './withdrawals';

export interface WebhookOutcome {
  /** False when this event id was applied before (a repeated delivery): nothing changed. */
  applied: boolean;
  invoiceId: string;
  /** The invoice's status after the event. */
  invoiceStatus: number | null;
}

/**
 * `POST /api/payment/webhooks/{provider}`: the provider's adapter authenticates the raw
 * request and translates it; the event is then applied in one transaction that also
 * records its id, so that a delivery repeated any number of times (or concurrently) is
 * applied once. Events that do not match their invoice are refused without recording
 * them (the provider retries, the log shows them).
 */
export function createWebhooks(deps: {
  repository: PaymentsRepository;
  events: RealtimeEvents;
  providers: ProviderRegistry;
  deposits: Deposits;
  withdrawals: Withdrawals;
  currencies: CurrencyLookup;
  toleranceSeconds: number;
  log: { warn(object: object, message: string): void };
}) {
  const { repository, providers } = deps;

  function verify(providerId: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
    const provider = providers.get(providerId);
    if (!provider) throw AppError.notFound('Unknown payment provider.');
    try {
      return provider.verifyWebhook({
        rawBody,
        headers,
        receivedAt: new Date(),
        toleranceSeconds: deps.toleranceSeconds,
      });
    } catch (error) {
      if (error instanceof WebhookRejectedError) {
        deps.log.warn({ provider: providerId, reason: error.message }, 'payments: webhook rejected');
        throw new AppError('PAYMENT_WEBHOOK_REJECTED', error.message);
      }
      throw error;
    }
  }

  async function apply(providerId: string, event: ProviderWebhookEvent): Promise<WebhookOutcome> {
    if (!isUuid(event.invoiceId)) throw AppError.notFound('Unknown invoice.');
    const invoiceId = event.invoiceId.toLowerCase();
    const subunitOf = await deps.currencies.subunits();
    return deps.events.transaction(async (trx) => {
      // The invoice first: every change of it happens under its row lock, duplicates included.
      const invoice = await repository.lockInvoice(trx, invoiceId);
      if (!invoice || invoice.provider !== providerId) throw AppError.notFound('Unknown invoice.');
      const fresh = await repository.recordWebhookEvent(trx, {
        provider: providerId,
        eventId: event.eventId,
        type: event.type,
        invoiceId: invoice.id,
      });
      if (!fresh) return { applied: false, invoiceId, invoiceStatus: invoice.status };
      if (invoice.amount_minor !== event.amountMinor || invoice.currency !== event.currency) {
        deps.log.warn(
          { provider: providerId, invoiceId, eventId: event.eventId, amountMinor: String(event.amountMinor) },
          'payments: webhook amount or currency differs from the invoice',
        );
        throw new AppError('CONFLICT', 'The event does not match the invoice amount or currency.');
      }
      const updated =
        invoice.invoice_type === InvoiceType.DEPOSIT
          ? await deps.deposits.applyProviderEvent(trx, invoice, event, subunitOf)
          : await deps.withdrawals.applyProviderEvent(trx, invoice, event, subunitOf);
      return { applied: true, invoiceId, invoiceStatus: updated.status };
    });
  }

  return {
    /** Applies an event that was authenticated another way (the crypto chain watcher's transfers). */
    apply,

    async receive(
      providerId: string,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<WebhookOutcome> {
      return apply(providerId, verify(providerId, rawBody, headers));
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
