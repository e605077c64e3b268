import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope } from '../common/envelope';
import { verificationAuthResponseSchema, verificationSchema, verificationWebhookResultSchema } from './schemas';

/** The player's identity verification. */
export const verificationEndpoints = {
  /** Starts (or resumes) verification: an access token and the hosted page for this player. */
  auth: defineEndpoint({
    method: 'POST',
    path: '/api/player/services/sumsub/auth',
    access: 'player',
    response: verificationAuthResponseSchema,
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/player/verification',
    access: 'player',
    response: dataEnvelope(verificationSchema),
  }),
};

/** The verification provider's signed status webhooks (the raw body is authenticated). */
export const verificationPublicEndpoints = {
  webhook: defineEndpoint({
    method: 'POST',
    path: '/api/verification/webhooks/:provider',
    access: 'provider',
    params: z.object({ provider: z.string().max(64) }),
    response: dataEnvelope(verificationWebhookResultSchema),
  }),
};

const sandboxApplicantParams = z.object({ applicantId: z.string().max(64) });

/** The sandbox verification provider's own page and the tester's decisions (outside production only). */
export const verificationDevEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/api/dev/verification/applicants/:applicantId',
    access: 'dev',
    params: sandboxApplicantParams,
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/api/dev/verification/applicants/:applicantId/:decision',
    access: 'dev',
    params: sandboxApplicantParams.extend({ decision: z.enum(['submit', 'approve', 'reject', 'retry']) }),
  }),
};
