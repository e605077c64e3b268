import type { VerificationStatus } from '@croupier/contract';
import { z } from 'zod';
import { bodyFingerprint, verifyPayloadDigest } from './signature';

/**
 * The seam an identity-verification provider plugs into (the hosted provider's adapter,
 * or the sandbox outside production). The verification module never talks to a provider
 * any other way.
 *
 * - `startVerification` asks the provider for an access token bound to the player (our
 *   player id is the provider's external user id) and, where it has one, the hosted page
 *   the player's browser opens. It runs outside any transaction.
 * - `verifyWebhook` authenticates a webhook from the raw body and headers and translates
 *   it into one `VerificationEvent`; it throws `VerificationWebhookRejectedError` when it
 *   cannot be trusted (the endpoint answers 401 and applies nothing). Events are applied
 *   at most once per `eventId`.
 */
export interface VerificationProvider {
  /** The provider's key: `player_verifications.provider`, the webhook path `/api/verification/webhooks/{id}`. */
  readonly id: string;
  startVerification(request: { playerId: string; locale: string | null; siteOrigin: string }): Promise<{
    token: string;
    url: string | null;
  }>;
  verifyWebhook(request: {
    rawBody: Buffer;
    headers: Readonly<Record<string, string | string[] | undefined>>;
  }): VerificationEvent;
}

export interface VerificationEvent {
  /** Unique per event: applied once however often delivered. */
  eventId: string;
  /** The provider's event type (`applicantReviewed`…). */
  type: string;
  /** Our player id (the provider's external user id). */
  playerId: string;
  /** The status the event sets; null: an event that changes no status (recorded, nothing else). */
  status: VerificationStatus | null;
  reason: string | null;
  /** When the provider created the event; an event older than the last applied changes nothing. */
  createdAt: Date;
}

/** A webhook that cannot be trusted: bad or missing digest, malformed body. */
export class VerificationWebhookRejectedError extends Error {
  override readonly name = 'VerificationWebhookRejectedError';
}

/**
 * The webhook body of the hosted provider's protocol (the sandbox sends the same). Only
 * the fields used are read; the provider sends more.
 */
const reviewWebhookSchema = z.object({
  type: z.string().min(1).max(100),
  externalUserId: z.string().min(1).max(200),
  applicantId: z.string().max(200).optional(),
  correlationId: z.string().max(200).optional(),
  reviewStatus: z.string().max(50).optional(),
  reviewResult: z
    .object({
      reviewAnswer: z.enum(['GREEN', 'RED']).optional(),
      reviewRejectType: z.enum(['FINAL', 'RETRY', 'EXTERNAL']).optional(),
      moderationComment: z.string().max(2000).optional(),
      clientComment: z.string().max(2000).optional(),
      rejectLabels: z.array(z.string().max(100)).max(50).optional(),
    })
    .optional(),
  /** `yyyy-MM-dd HH:mm:ss.SSS` in UTC, or epoch milliseconds. */
  createdAtMs: z.union([z.string().max(40), z.number()]).optional(),
});

function createdAtOf(value: string | number | undefined, fallback: Date): Date {
  if (value === undefined) return fallback;
  const date =
    typeof value === 'number'
      ? new Date(value)
      : new Date(/^\d+$/.test(value) ? Number(value) : `${value.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? fallback : date;
}

/** The status an event sets, by type and review answer. */
function statusOf(body: z.infer<typeof reviewWebhookSchema>): VerificationStatus | null {
  switch (body.type) {
    case 'applicantPending':
    case 'applicantOnHold':
      return 'pending';
    case 'applicantReset':
      return 'none';
    case 'applicantReviewed': {
      const answer = body.reviewResult?.reviewAnswer;
      if (answer === 'GREEN') return 'approved';
      if (answer === 'RED') return body.reviewResult?.reviewRejectType === 'RETRY' ? 'retry' : 'rejected';
      return null;
    }
    default:
      return null;
  }
}

/** Authenticates and translates a webhook of the hosted provider's protocol. */
export function readReviewWebhook(request: {
  rawBody: Buffer;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  secret: string;
  receivedAt?: Date;
}): VerificationEvent {
  const check = verifyPayloadDigest({ headers: request.headers, secret: request.secret, rawBody: request.rawBody });
  if (!check.ok) throw new VerificationWebhookRejectedError(check.reason);
  let parsed: unknown;
  try {
    parsed = JSON.parse(request.rawBody.toString('utf8'));
  } catch {
    throw new VerificationWebhookRejectedError('malformed body');
  }
  const body = reviewWebhookSchema.safeParse(parsed);
  if (!body.success) throw new VerificationWebhookRejectedError('malformed body');
  const status = statusOf(body.data);
  const result = body.data.reviewResult;
  const reason =
    status === 'rejected' || status === 'retry'
      ? (result?.moderationComment ?? result?.clientComment ?? result?.rejectLabels?.join(', ') ?? null)
      : null;
  return {
    // The provider's correlation id names one delivery's event; its retries repeat it.
    eventId: body.data.correlationId
      ? `${body.data.type}:${body.data.correlationId}`
      : `body:${bodyFingerprint(request.rawBody)}`,
    type: body.data.type,
    playerId: body.data.externalUserId,
    status,
    reason,
    createdAt: createdAtOf(body.data.createdAtMs, request.receivedAt ?? new Date()),
  };
}

/** The registered adapters, by id. */
export interface VerificationProviderRegistry {
  get(id: string): VerificationProvider | undefined;
  /** The provider new verifications start with: the real one when configured, else the sandbox. */
  current(): VerificationProvider | undefined;
}

export function createVerificationProviderRegistry(
  providers: readonly VerificationProvider[],
): VerificationProviderRegistry {
  const byId = new Map(providers.map((p) => [p.id, p]));
  return { get: (id) => byId.get(id), current: () => providers[0] };
}
