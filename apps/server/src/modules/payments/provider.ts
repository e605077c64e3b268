import type { InvoicePublicData, ProcessingType } from '@croupier/contract';

/**
 * The seam a payment service provider (PSP) plugs into. One adapter per provider; the
 * payments module never talks to a provider any other way. A method row names its
 * provider (`payment_methods.provider`); a provider that is not registered makes its
 * methods disappear from the lists.
 *
 * Writing an adapter for a real provider:
 * - `createDeposit` calls the provider's API to start a payment for our invoice and says
 *   what the player's browser does next (a payment page URL, a QR payload, bank details,
 *   or nothing yet for asyncRedirect). It runs after the invoice is committed, outside any
 *   database transaction; it must send `invoiceId` as the provider's merchant reference /
 *   idempotency key, so that a retry never opens a second payment.
 * - `createPayout` asks the provider to pay a withdrawal out. Same idempotency rule (the
 *   invoice id): the operator API calls it again for a withdrawal stuck in processing.
 *   Throw when the outcome is unknown (timeout); return `failed` only when the provider
 *   definitely refused (the money then goes back to the player).
 * - `verifyWebhook` authenticates a webhook from the raw body and headers (a signature
 *   over the exact bytes, a timestamp inside `toleranceSeconds`), and translates it into
 *   one `ProviderWebhookEvent`. Throw `WebhookRejectedError` when it cannot be trusted
 *   (the endpoint answers 401 and applies nothing). Events are applied at most once per
 *   `eventId`, so a provider may deliver as often as it likes.
 * - Amounts are integers in minor units of `currency` everywhere in this interface.
 */
export interface PaymentProvider {
  /** The provider's key: `payment_methods.provider`, the webhook path `/api/payment/webhooks/{id}`, the clearing account key. */
  readonly id: string;
  createDeposit(request: ProviderDepositRequest): Promise<ProviderDepositResult>;
  createPayout(request: ProviderPayoutRequest): Promise<ProviderPayoutResult>;
  /**
   * Checks a withdrawal's fields beyond the method's patterns (e.g. an address checksum),
   * when the player asks, so that a payout that could never arrive is refused with a 422
   * on the field instead of failing after approval. Answers problems per field key.
   */
  checkPayoutFields?(fields: Readonly<Record<string, string | null>>, currency: string): Record<string, string[]>;
  verifyWebhook(request: ProviderWebhookRequest): ProviderWebhookEvent;
}

export interface ProviderPlayer {
  id: string;
  email: string | null;
  /** Digits without '+'. */
  phone: string | null;
  country: string | null;
  locale: string | null;
}

export interface ProviderDepositRequest {
  invoiceId: string;
  methodId: string;
  processingType: ProcessingType;
  amountMinor: bigint;
  currency: string;
  subunitToUnit: bigint;
  /** The method's field values the player sent (phone with '+'). */
  fields: Readonly<Record<string, string | null>>;
  player: ProviderPlayer;
  /** Where the provider sends the player back; already checked to be on the site's origin. */
  returnUrls: { success: string | null; error: string | null; redirect: string | null };
  /** Our webhook endpoint for this provider (absolute). */
  webhookUrl: string;
  /** The site's origin (PUBLIC_URL, else the request's), for absolute links. */
  siteOrigin: string;
}

/** What the player's browser does next (DepositResponse). */
export interface ProviderDepositResult {
  /** Payment page URL for form and iframe methods. */
  action?: string;
  fields?: Record<string, string>;
  /** QR payload for qr methods. */
  qr?: string;
  address?: string;
  tag?: string;
  /** The provider's id of the payment. */
  providerReference?: string;
  /** Shown to the player with the invoice. */
  publicData?: InvoicePublicData;
}

export interface ProviderPayoutRequest {
  invoiceId: string;
  methodId: string;
  amountMinor: bigint;
  currency: string;
  subunitToUnit: bigint;
  /** Where the money goes: wallet_id, phone… as the player entered them. */
  fields: Readonly<Record<string, string | null>>;
  player: ProviderPlayer;
  webhookUrl: string;
}

export type ProviderPayoutResult =
  /** Accepted; the outcome arrives by webhook. */
  | { status: 'accepted'; providerReference?: string; publicData?: InvoicePublicData }
  /** Paid at once (the provider answers synchronously). */
  | { status: 'completed'; providerReference?: string; publicData?: InvoicePublicData }
  /** Definitely refused: nothing was paid. */
  | { status: 'failed'; reason: string };

export interface ProviderWebhookRequest {
  rawBody: Buffer;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  receivedAt: Date;
  toleranceSeconds: number;
}

export type ProviderWebhookEventType =
  | 'deposit.succeeded'
  | 'deposit.failed'
  /** Still pending, with public data for the player (the QR of an asyncRedirect deposit). */
  | 'deposit.pending'
  | 'payout.succeeded'
  | 'payout.failed';

export interface ProviderWebhookEvent {
  /** The provider's unique id of the event: applied once however often delivered. */
  eventId: string;
  type: ProviderWebhookEventType;
  /** Our invoice id (the merchant reference we gave). */
  invoiceId: string;
  /** What the provider says moved; must match the invoice. */
  amountMinor: bigint;
  currency: string;
  providerReference?: string;
  publicData?: InvoicePublicData;
  reason?: string;
}

/** A webhook that cannot be trusted: bad or missing signature, stale timestamp, malformed body. */
export class WebhookRejectedError extends Error {
  override readonly name = 'WebhookRejectedError';
}

/** The registered adapters, by id. */
export interface ProviderRegistry {
  get(id: string): PaymentProvider | undefined;
  ids(): string[];
}

export function createProviderRegistry(providers: readonly PaymentProvider[]): ProviderRegistry {
  const byId = new Map(providers.map((p) => [p.id, p]));
  return {
    get: (id) => byId.get(id),
    ids: () => [...byId.keys()],
  };
}
