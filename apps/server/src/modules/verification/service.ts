import { channels, type Verification, type VerificationStatus } from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RealtimeEvents } from '../realtime';
import {
  VerificationWebhookRejectedError,
  type VerificationEvent,
  type VerificationProviderRegistry,
} from './provider';
import type { PlayerVerificationRow, VerificationRepository } from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface VerificationRules {
  /** A withdrawal above this (base-currency major units) needs a verified identity; undefined: never. */
  withdrawalThresholdBase: number | undefined;
  /** Deposits adding up to more than this need a verified identity; undefined: never. */
  depositsThresholdBase: number | undefined;
}

/** Work in the transaction that approves a player; answers what to do once it committed. */
export type ApprovalHook = (trx: Transaction<Database>, playerId: string) => Promise<(() => Promise<void>) | undefined>;

export interface WebhookResult {
  applied: boolean;
  status: VerificationStatus | null;
}

function present(row: PlayerVerificationRow | undefined, rules: VerificationRules): Verification {
  return {
    status: row?.status ?? 'none',
    reason: row?.reason ?? null,
    updatedAt: row?.event_at?.toISOString() ?? null,
    requiredForWithdrawalsAboveBase: rules.withdrawalThresholdBase ?? null,
    requiredForDepositsAboveBase: rules.depositsThresholdBase ?? null,
  };
}

/**
 * Identity verification: starting it at the provider, the status its signed webhooks
 * report (the only way a status changes), and the rules that need a verified identity
 * for large withdrawals and deposits.
 */
export function createVerificationService(deps: {
  repository: VerificationRepository;
  providers: VerificationProviderRegistry;
  events: RealtimeEvents;
  rules: VerificationRules;
  profiles: { getProfile(playerId: string): Promise<{ locale: string | null }> };
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /**
   * Runs in the transaction that approves a player (the limits module compares the verified
   * identity with the self-exclusion register): it commits with the approval, and a failure
   * fails the webhook, which the provider delivers again.
   */
  onApproved?: ApprovalHook;
}) {
  const { repository, providers, rules } = deps;
  const { db } = repository;

  async function isVerified(playerId: string): Promise<boolean> {
    return (await repository.find(db, playerId))?.status === 'approved';
  }

  function refuse(rule: 'withdrawal' | 'deposits', thresholdBase: number): never {
    throw new AppError(
      'IDENTITY_VERIFICATION_REQUIRED',
      rule === 'withdrawal'
        ? `Withdrawals above ${thresholdBase} (base currency) need a verified identity.`
        : `Deposits above ${thresholdBase} in all (base currency) need a verified identity.`,
    );
  }

  async function apply(providerId: string, event: VerificationEvent): Promise<WebhookResult> {
    if (!UUID.test(event.playerId)) throw AppError.notFound('Unknown applicant.');
    const playerId = event.playerId.toLowerCase();
    const result = await applyEvent(providerId, playerId, event);
    if (result.afterCommit) {
      await result.afterCommit().catch((error: unknown) => {
        deps.log.error({ err: error, playerId }, 'verification: the work after an approval failed');
      });
    }
    return { applied: result.applied, status: result.status };
  }

  async function applyEvent(
    providerId: string,
    playerId: string,
    event: VerificationEvent,
  ): Promise<WebhookResult & { afterCommit?: (() => Promise<void>) | undefined }> {
    return deps.events.transaction(async (trx) => {
      // The player's row first: every change of it happens under its lock, duplicates included.
      const row = await repository.lock(trx, playerId);
      if (!row) throw AppError.notFound('Unknown applicant.');
      const fresh = await repository.recordEvent(trx, {
        provider: providerId,
        eventId: event.eventId,
        playerId,
        type: event.type,
      });
      if (!fresh) return { applied: false, status: row.status };
      // Deliveries may arrive out of order: an event older than the one applied changes nothing.
      const stale = row.event_at !== null && event.createdAt.getTime() < row.event_at.getTime();
      if (event.status === null || stale) return { applied: false, status: row.status };
      const updated = await repository.setStatus(trx, playerId, {
        status: event.status,
        reason: event.reason,
        eventAt: event.createdAt,
      });
      if (updated.status !== row.status || updated.reason !== row.reason) {
        // The player's pages follow it live; the web raises the alert.
        deps.events.publishAfterCommit(trx, channels.verification(playerId), {
          event: 'player.verification.updated',
          verification: {
            status: updated.status,
            reason: updated.reason,
            updatedAt: updated.event_at?.toISOString() ?? null,
          },
        });
      }
      const approved = updated.status === 'approved' && row.status !== 'approved';
      const afterCommit = approved && deps.onApproved ? await deps.onApproved(trx, playerId) : undefined;
      return { applied: true, status: updated.status, afterCommit };
    });
  }

  return {
    async status(playerId: string): Promise<Verification> {
      return present(await repository.find(db, playerId), rules);
    },

    async start(playerId: string, siteOrigin: string): Promise<{ token: string; url: string | null }> {
      const provider = providers.current();
      if (!provider) throw new AppError('SERVICE_UNAVAILABLE', 'Identity verification is not configured.');
      const profile = await deps.profiles.getProfile(playerId);
      await repository.ensure(db, playerId, provider.id);
      try {
        return await provider.startVerification({ playerId, locale: profile.locale, siteOrigin });
      } catch (error) {
        deps.log.error({ err: error, provider: provider.id }, 'verification: provider did not start verification');
        throw new AppError('SERVICE_UNAVAILABLE', 'The verification provider is not available. Try again.');
      }
    },

    /** `POST /api/verification/webhooks/{provider}`: authenticated by the adapter, applied once per event id. */
    async receiveWebhook(
      providerId: string,
      rawBody: Buffer,
      headers: Readonly<Record<string, string | string[] | undefined>>,
    ): Promise<WebhookResult> {
      const provider = providers.get(providerId);
      if (!provider) throw AppError.notFound('Unknown verification provider.');
      let event: VerificationEvent;
      try {
        event = provider.verifyWebhook({ rawBody, headers });
      } catch (error) {
        if (error instanceof VerificationWebhookRejectedError) {
          deps.log.warn({ provider: providerId, reason: error.message }, 'verification: webhook rejected');
          throw new AppError('VERIFICATION_WEBHOOK_REJECTED', error.message);
        }
        throw error;
      }
      return apply(providerId, event);
    },

    /**
     * The rule payments asks before a withdrawal or deposit is created (payments'
     * `IdentityPolicy`): refused with IDENTITY_VERIFICATION_REQUIRED until verified.
     */
    policy: {
      async checkWithdrawal(request: { playerId: string; amountBaseMajor: number }): Promise<void> {
        const threshold = rules.withdrawalThresholdBase;
        if (threshold === undefined || request.amountBaseMajor <= threshold) return;
        if (!(await isVerified(request.playerId))) refuse('withdrawal', threshold);
      },
      async checkDeposit(request: {
        playerId: string;
        amountBaseMajor: number;
        depositedBaseMajor: () => Promise<number>;
      }): Promise<void> {
        const threshold = rules.depositsThresholdBase;
        if (threshold === undefined) return;
        if (
          request.amountBaseMajor <= threshold &&
          (await request.depositedBaseMajor()) + request.amountBaseMajor <= threshold
        ) {
          return;
        }
        if (!(await isVerified(request.playerId))) refuse('deposits', threshold);
      },
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
