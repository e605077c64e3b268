import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The deposit-limit seam. The responsible-gaming limits module decides whether a player may
 * deposit now: a deposit limit whose period total is reached answers 13100
 * (DEPOSIT_LIMIT_REACHED) on the deposit methods list and on a new deposit (the web
 * client's limitedDeposit alert). The payments module asks this policy inside the
 * transaction that records the invoice, and knows nothing of how limits are kept.
 */
export interface DepositLimitPolicy {
  /**
   * Whether the player may deposit now in `currency` (and `amountMinor` more, when given).
   * `q`: the deposit's transaction when the invoice follows (the policy locks what it must
   * there, so parallel deposits cannot pass a limit together), else the pool.
   */
  check(
    q: Kysely<Database>,
    request: { playerId: string; currency: string; accountId?: string; amountMinor?: bigint },
  ): Promise<DepositLimitDecision>;
}

export type DepositLimitDecision = { allowed: true } | { allowed: false; reason: string };

/**
 * The policy when no limits module is composed (tests of the payments alone): no deposit
 * limit exists, so every deposit is allowed. The app composes the limits module's policy.
 */
export const noDepositLimitsConfigured: DepositLimitPolicy = {
  check: async () => ({ allowed: true }),
};
