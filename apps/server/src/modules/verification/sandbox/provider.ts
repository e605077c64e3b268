import { randomBytes, randomUUID } from 'node:crypto';
import { readReviewWebhook, type VerificationProvider } from '../provider';
import { digestHeaders } from '../signature';
import type { SandboxApplicantRepository, SandboxApplicantRow } from './repository';

export const VERIFICATION_SANDBOX_PROVIDER_ID = 'sandbox';

/** Sends a webhook to our own endpoint; resolves with the HTTP status. */
export type VerificationWebhookDelivery = (request: {
  path: string;
  body: string;
  headers: Record<string, string>;
}) => Promise<number>;

export type SandboxDecision = 'submit' | 'approve' | 'reject' | 'retry';

/** The provider's webhook time format: `yyyy-MM-dd HH:mm:ss.SSS`, UTC. */
const providerTime = (date: Date) => date.toISOString().replace('T', ' ').replace('Z', '');

/**
 * The built-in sandbox verification provider (outside production only). It behaves like
 * the hosted provider: an applicant per player, a page of its own
 * (`/api/dev/verification/applicants/{id}`) where the tester submits, approves, rejects
 * with a reason or asks for new documents, and the outcome reaches our webhook endpoint
 * signed in the hosted provider's webhook format, through the same verification code.
 */
export function createVerificationSandbox(deps: {
  repository: SandboxApplicantRepository;
  secret: string;
  deliver: VerificationWebhookDelivery;
  log: { warn(object: object, message: string): void };
}) {
  const { repository } = deps;

  const provider: VerificationProvider = {
    id: VERIFICATION_SANDBOX_PROVIDER_ID,
    async startVerification({ playerId, siteOrigin }) {
      const applicant = await repository.upsert(playerId);
      return {
        // An opaque token as the hosted provider gives one; nothing reads it here.
        token: `sbx_${randomBytes(24).toString('base64url')}`,
        url: `${siteOrigin}/api/dev/verification/applicants/${applicant.id}`,
      };
    },
    verifyWebhook: ({ rawBody, headers }) => readReviewWebhook({ rawBody, headers, secret: deps.secret }),
  };

  function bodyOf(applicant: SandboxApplicantRow, decision: SandboxDecision, reason: string | null): string {
    const base = {
      applicantId: applicant.id,
      externalUserId: applicant.external_user_id,
      correlationId: `sbx-${randomUUID()}`,
      levelName: 'sandbox-level',
      sandboxMode: true,
      createdAtMs: providerTime(new Date()),
    };
    if (decision === 'submit') return JSON.stringify({ ...base, type: 'applicantPending', reviewStatus: 'pending' });
    return JSON.stringify({
      ...base,
      type: 'applicantReviewed',
      reviewStatus: 'completed',
      reviewResult:
        decision === 'approve'
          ? { reviewAnswer: 'GREEN' }
          : {
              reviewAnswer: 'RED',
              reviewRejectType: decision === 'retry' ? 'RETRY' : 'FINAL',
              ...(reason ? { moderationComment: reason } : {}),
            },
    });
  }

  return {
    provider,
    find: (id: string) => repository.find(id),

    /** The tester's decision: recorded on the applicant and sent to the casino, signed. Answers the HTTP status. */
    async decide(applicant: SandboxApplicantRow, decision: SandboxDecision, reason: string | null): Promise<number> {
      const body = bodyOf(applicant, decision, reason);
      await repository.review(applicant.id, {
        reviewStatus: decision === 'submit' ? 'pending' : 'completed',
        reviewAnswer: decision === 'submit' ? null : decision === 'approve' ? 'GREEN' : 'RED',
        lastBody: body,
      });
      let status = 0;
      try {
        status = await deps.deliver({
          path: `/api/verification/webhooks/${VERIFICATION_SANDBOX_PROVIDER_ID}`,
          body,
          headers: { 'content-type': 'application/json', ...digestHeaders(deps.secret, body) },
        });
      } catch (error) {
        deps.log.warn({ err: error, applicantId: applicant.id }, 'verification sandbox: webhook delivery failed');
      }
      return status;
    },
  };
}

export type VerificationSandbox = ReturnType<typeof createVerificationSandbox>;
