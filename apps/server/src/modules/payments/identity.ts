import { toBaseMajor, type CurrencyLookup } from './currencies';
import type { PaymentsRepository } from './repository';

/**
 * The identity-verification seam. The verification module decides whether a deposit or
 * a withdrawal needs a verified identity (configured thresholds) and throws its refusal
 * (IDENTITY_VERIFICATION_REQUIRED); the payments module asks before it writes anything
 * and knows nothing of how verification is kept. Amounts are major units of the base
 * currency.
 */
export interface IdentityPolicy {
  /** `depositedBaseMajor` sums the player's successful deposits, asked only when the rule needs it. */
  checkDeposit(request: {
    playerId: string;
    amountBaseMajor: number;
    depositedBaseMajor: () => Promise<number>;
  }): Promise<void>;
  checkWithdrawal(request: { playerId: string; amountBaseMajor: number }): Promise<void>;
}

/** What deposits and withdrawals call: amounts turned into base units for the policy. */
export function createIdentityCheck(deps: {
  policy: IdentityPolicy;
  repository: PaymentsRepository;
  currencies: CurrencyLookup;
}) {
  const { policy, repository, currencies } = deps;

  async function baseMajor(amountMinor: bigint, currencyCode: string): Promise<number> {
    const currency = (await currencies.byCode()).get(currencyCode);
    return currency ? toBaseMajor(amountMinor, currency, await currencies.base()) : 0;
  }

  return {
    async deposit(playerId: string, currency: string, amountMinor: bigint): Promise<void> {
      await policy.checkDeposit({
        playerId,
        amountBaseMajor: await baseMajor(amountMinor, currency),
        depositedBaseMajor: async () => {
          let total = 0;
          for (const row of await repository.statistics(repository.db, playerId)) {
            total += await baseMajor(BigInt(row.deposits_sum), row.currency);
          }
          return total;
        },
      });
    },
    async withdrawal(playerId: string, currency: string, amountMinor: bigint): Promise<void> {
      await policy.checkWithdrawal({ playerId, amountBaseMajor: await baseMajor(amountMinor, currency) });
    },
  };
}

export type IdentityCheck = ReturnType<typeof createIdentityCheck>;
