/**
 * The deposit-limit seam. The responsible-gaming limits (a later module) decide whether a
 * player may deposit now: a deposit limit whose period total is reached answers 13100
 * (DEPOSIT_LIMIT_REACHED) on the deposit methods list and on a new deposit (the web
 * client's limitedDeposit alert). The payments module asks this policy and knows nothing
 * of how limits are kept.
 */
export interface DepositLimitPolicy {
  /** Whether the player may deposit now in `currency` (and `amountMinor` more, when given). */
  check(request: { playerId: string; currency: string; amountMinor?: bigint }): Promise<DepositLimitDecision>;
}

export type DepositLimitDecision = { allowed: true } | { allowed: false; reason: string };

/**
 * The policy while no limits module exists: no player can have set a deposit limit yet,
 * so none can be reached and every deposit is allowed. The limits module replaces it
 * (`createPayments({ depositLimits })`); this is the absence of limits, not a stand-in
 * for them.
 */
export const noDepositLimitsConfigured: DepositLimitPolicy = {
  check: async () => ({ allowed: true }),
};
