import { endpointPath, verificationDevEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../http/endpoint';
import { AppError } from '../../../lib/errors';
import { renderApplicantPage, VERIFICATION_SANDBOX_PAGE_CSP } from './page';
import type { VerificationSandbox } from './provider';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The sandbox provider's page and the tester's decisions, registered outside production
 * only. The applicant id in the path is the capability, as on a hosted provider's link.
 */
export const verificationSandboxRoutes: FastifyPluginAsyncZod<{
  sandbox: VerificationSandbox;
  siteUrl: string;
}> = async (app, { sandbox, siteUrl }) => {
  // The reason forms post urlencoded bodies: only `reason` is read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')))),
  );

  async function applicantOrThrow(id: string) {
    const applicant = UUID.test(id) ? await sandbox.find(id.toLowerCase()) : undefined;
    if (!applicant) throw AppError.notFound('Unknown sandbox applicant.');
    return applicant;
  }

  const returnUrl = `${siteUrl.replace(/\/+$/, '')}/profile/verification`;

  route(
    app,
    verificationDevEndpoints.page,
    {
      tags: ['dev'],
      summary:
        'Sandbox verification provider: the applicant page (submit, approve, reject, ask again); not in production',
      produces: ['text/html'],
    },
    async (request, reply) => {
      const applicant = await applicantOrThrow(request.params.applicantId);
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', VERIFICATION_SANDBOX_PAGE_CSP)
        .type('text/html; charset=utf-8')
        .send(renderApplicantPage(applicant, { returnUrl }));
    },
  );

  route(
    app,
    verificationDevEndpoints.decide,
    {
      tags: ['dev'],
      summary: "Sandbox verification provider: the reviewer's decision, sent to the webhook endpoint signed",
      description:
        '`submit` sends `applicantPending`; `approve`, `reject` and `retry` send `applicantReviewed` (GREEN, RED ' +
        'FINAL, RED RETRY, with the form’s `reason` as the moderation comment) to `/api/verification/webhooks/sandbox` ' +
        'with `X-Payload-Digest` (HMAC-SHA256 of the body), then redirect (303) back to the page.',
    },
    async (request, reply) => {
      const applicant = await applicantOrThrow(request.params.applicantId);
      const { decision } = request.params;
      const form: unknown = request.body;
      const raw = form && typeof form === 'object' && 'reason' in form ? form.reason : undefined;
      const reason = typeof raw === 'string' && raw.trim() !== '' ? raw.trim().slice(0, 200) : null;
      if (decision === 'reject' && reason === null) {
        throw AppError.validation({ reason: ['A rejection needs a reason.'] }, 'A rejection needs a reason.');
      }
      const status = await sandbox.decide(applicant, decision, reason);
      const delivered = status >= 200 && status < 300;
      if (!delivered) request.log.warn({ status }, 'verification sandbox: webhook not accepted');
      return reply
        .header('cache-control', 'no-store')
        .redirect(endpointPath(verificationDevEndpoints.page, { applicantId: applicant.id }), 303);
    },
  );
};
