import { z } from 'zod';
import { signatureHeader, verifySignature } from '../sandbox/signature';

/**
 * The adapter to a custody service (the side that holds the keys, watches the chains and
 * signs payouts). Our side never holds a private key: deposits go to addresses derived
 * from public keys, the custody reports what the chains show, and payouts are asked of it.
 *
 * Both directions are signed with one shared secret in the usual PSP shape
 * (`Custody-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`):
 * - we call `POST {CRYPTO_CUSTODY_URL}/payouts` with `Idempotency-Key: <invoice id>`, so a
 *   retried approval never pays twice; it answers `{ txId }`;
 * - it calls `POST /api/payment/crypto/custody-events` with the events below, each with
 *   a unique `id` (deliveries are applied once per id, in any number).
 */

export const CUSTODY_SIGNATURE_HEADER = 'custody-signature';

const id = z.string().min(1).max(200);
const txId = z.string().regex(/^[0-9A-Za-z:_-]{8,128}$/);

export const custodyEventSchema = z.discriminatedUnion('type', [
  /** A transfer to one of our deposit addresses was seen (not yet final). */
  z.object({
    id,
    type: z.literal('transfer.seen'),
    txId,
    network: z.string().max(16),
    address: z.string().max(128),
    tag: z.string().max(16).nullable().optional(),
    currency: z.string().max(16),
    amountMinor: z.string().regex(/^[1-9]\d{0,18}$/),
  }),
  /** The transfer has the confirmations the custody requires: credit it. */
  z.object({ id, type: z.literal('transfer.confirmed'), txId }),
  /** Our payout is final on the chain. */
  z.object({ id, type: z.literal('payout.confirmed'), txId }),
  /** Our payout could not be sent or was dropped: the withdrawal's money returns. */
  z.object({ id, type: z.literal('payout.failed'), txId, reason: z.string().max(500).optional() }),
]);
export type CustodyEvent = z.infer<typeof custodyEventSchema>;

export interface PayoutOrder {
  invoiceId: string;
  network: string;
  address: string;
  tag: string | null;
  currency: string;
  amountMinor: bigint;
}

/** Sends a payout to the chain and answers its transaction id (throws when the outcome is unknown). */
export type PayoutSender = (order: PayoutOrder) => Promise<{ txId: string }>;

export interface CustodyConfig {
  url: string;
  secret: string;
  timeoutMs: number;
}

const payoutAnswerSchema = z.object({ txId });

export function createCustodyPayoutSender(config: CustodyConfig, fetchImpl: typeof fetch = fetch): PayoutSender {
  const endpoint = `${config.url.replace(/\/+$/, '')}/payouts`;
  return async (order) => {
    const body = JSON.stringify({
      payoutId: order.invoiceId,
      network: order.network,
      address: order.address,
      tag: order.tag,
      currency: order.currency,
      amountMinor: order.amountMinor.toString(),
    });
    const response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': order.invoiceId,
        [CUSTODY_SIGNATURE_HEADER]: signatureHeader(config.secret, body),
      },
      body,
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`custody answered ${response.status} to a payout`);
    const parsed = payoutAnswerSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error('custody answered a payout without a valid txId');
    return parsed.data;
  };
}

export type CustodyEventCheck = { ok: true; event: CustodyEvent } | { ok: false; reason: string };

/** Authenticates and reads one custody event from the exact bytes received. */
export function readCustodyEvent(options: {
  rawBody: Buffer;
  header: string | undefined;
  secret: string;
  now: Date;
  toleranceSeconds: number;
}): CustodyEventCheck {
  const check = verifySignature({
    header: options.header,
    secret: options.secret,
    rawBody: options.rawBody,
    now: options.now,
    toleranceSeconds: options.toleranceSeconds,
  });
  if (!check.ok) return check;
  let json: unknown;
  try {
    json = JSON.parse(options.rawBody.toString('utf8'));
  } catch {
    return { ok: false, reason: 'body is not JSON' };
  }
  const parsed = custodyEventSchema.safeParse(json);
  return parsed.success ? { ok: true, event: parsed.data } : { ok: false, reason: 'unknown event shape' };
}
