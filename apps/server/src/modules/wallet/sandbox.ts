import { randomUUID } from 'node:crypto';
import type { WalletAccount } from '@croupier/contract';
import { AppError } from '../../lib/errors';
import { amountMinorOrThrow } from './amounts';
import type { Ledger } from './ledger';
import { toWalletAccount } from './present';
import type { WalletRepository } from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Play money per call, in major units: keeps repeated top-ups far from int8's limit. */
export const SANDBOX_MAX_FUNDING = 1_000_000;

/**
 * Sandbox money outside production: credits a player's own account from the operator's
 * sandbox funding account through an ordinary ledger transaction. The player's
 * idempotency key is scoped to the player, so that players cannot collide on keys.
 */
export function createSandboxFunding(deps: { repository: WalletRepository; ledger: Ledger }) {
  const { repository, ledger } = deps;
  return {
    async fund(options: {
      playerId: string;
      accountId: string;
      amount: unknown;
      idempotencyKey: string | undefined;
    }): Promise<{ account: WalletAccount; replayed: boolean }> {
      const { playerId } = options;
      const account = UUID.test(options.accountId)
        ? await repository.findPlayerAccount(repository.db, playerId, options.accountId.toLowerCase())
        : undefined;
      if (!account) throw AppError.notFound('Unknown account.');
      const amountMinor = amountMinorOrThrow(options.amount, { subunitToUnit: account.subunitToUnit });
      if (amountMinor > BigInt(SANDBOX_MAX_FUNDING) * account.subunitToUnit) {
        throw AppError.validation({ amount: [`The sandbox pays at most ${SANDBOX_MAX_FUNDING} at a time.`] });
      }
      const result = await ledger.post({
        idempotencyKey: `sandbox:${playerId}:${options.idempotencyKey ?? randomUUID()}`,
        kind: 'sandbox_funding',
        entries: [
          { accountRef: { accountId: account.id }, amountMinor },
          { accountRef: { operator: 'sandbox_funding', currency: account.currency }, amountMinor: -amountMinor },
        ],
        metadata: { source: 'dev' },
      });
      const updated = result.playerAccounts.find((a) => a.id === account.id);
      if (!updated) throw new Error(`account ${account.id} missing from its own transaction`);
      return { account: toWalletAccount(updated), replayed: result.replayed };
    },
  };
}

export type SandboxFunding = ReturnType<typeof createSandboxFunding>;
