import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { AuthGuards } from '../auth';
import type { RealtimeEvents } from '../realtime';
import { createVerificationProviderRegistry, type VerificationProvider } from './provider';
import { createVerificationRepository } from './repository';
import { verificationRoutes, verificationWebhookRoutes } from './routes';
import { createVerificationSandbox, type VerificationWebhookDelivery } from './sandbox/provider';
import { createSandboxApplicantRepository } from './sandbox/repository';
import { verificationSandboxRoutes } from './sandbox/routes';
import { createVerificationService, type ApprovalHook } from './service';
import { createSumsubProvider } from './sumsub';

export type { VerificationService } from './service';
export type { VerificationProvider, VerificationEvent } from './provider';
export { VERIFICATION_SANDBOX_PROVIDER_ID, type VerificationWebhookDelivery } from './sandbox/provider';
export { SUMSUB_PROVIDER_ID } from './sumsub';
export { digestHeaders as verificationDigestHeaders } from './signature';

export interface VerificationDeps {
  db: Db;
  config: Config;
  events: RealtimeEvents;
  guards: AuthGuards;
  profiles: { getProfile(playerId: string): Promise<{ locale: string | null }> };
  /** How the sandbox reaches our webhook endpoint (the app sends it to its own listener). */
  sandboxDelivery: VerificationWebhookDelivery;
  /** A player's approval, in its transaction (the self-exclusion register's identity match). */
  onApproved?: ApprovalHook;
}

/**
 * The verification module: identity verification through a hosted provider (the real
 * adapter when SUMSUB_* are set; otherwise, outside production, the sandbox provider),
 * statuses set by signed webhooks only, and the policy payments asks for large
 * withdrawals and deposits.
 */
export async function registerVerification(server: FastifyInstance, deps: VerificationDeps) {
  const { config } = deps;
  const log = server.log.child({ module: 'verification' });
  const providers: VerificationProvider[] = [];
  if (config.verification.sumsub) providers.push(createSumsubProvider(config.verification.sumsub));
  const sandbox =
    config.verification.sandbox && !config.isProduction
      ? createVerificationSandbox({
          repository: createSandboxApplicantRepository(deps.db),
          secret: config.verification.sandbox.webhookSecret,
          deliver: deps.sandboxDelivery,
          log,
        })
      : undefined;
  // The sandbox is registered after the real provider: new verifications use the real one when configured.
  if (sandbox) providers.push(sandbox.provider);

  const verification = createVerificationService({
    repository: createVerificationRepository(deps.db),
    providers: createVerificationProviderRegistry(providers),
    events: deps.events,
    rules: {
      withdrawalThresholdBase: config.verification.withdrawalThresholdBase,
      depositsThresholdBase: config.verification.depositsThresholdBase,
    },
    profiles: deps.profiles,
    log,
    ...(deps.onApproved ? { onApproved: deps.onApproved } : {}),
  });
  await server.register(verificationRoutes, { verification, guards: deps.guards, siteUrl: config.siteUrl });
  await server.register(verificationWebhookRoutes, { verification });
  if (sandbox) await server.register(verificationSandboxRoutes, { sandbox, siteUrl: config.siteUrl });
  return verification;
}
