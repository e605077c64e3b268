import { toMajorAmount, type TurnOverWager } from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Wallet } from '../wallet';
import type { CurrencyLookup } from './currencies';
import type { PaymentsRepository } from './repository';

/**
 * The turn-over wager: a credited deposit must be wagered `multiple` times before it can
 * be withdrawn. Each deposit adds amount × multiple to the account's required turnover and
 * restricts the deposit itself (`ledger_accounts.restricted_minor`, so that
 * `withdrawalBalance` leaves it out). When the wagered total reaches the requirement,
 * the restriction is lifted and the requirement starts again from zero.
 *
 * Wagering arrives with the games module, which calls `recordWager` in the transaction
 * that settles a bet (holding the account's ledger lock). Until then the requirement
 * only changes through deposits.
 */
export function createTurnover(deps: {
  repository: PaymentsRepository;
  accounts: Wallet['accounts'];
  currencies: CurrencyLookup;
  /** Configured multiple (TURNOVER_WAGER_MULTIPLE), at most 2 decimals; 0 switches the wager off. */
  multiple: number;
}) {
  const { repository, accounts, currencies } = deps;
  const multipleHundredths = BigInt(Math.round(deps.multiple * 100));
  const multipleText = (Number(multipleHundredths) / 100).toFixed(2);

  return {
    multiple: deps.multiple,

    /** Adds a credited deposit's requirement; inside the crediting transaction (account row locked). */
    async onDepositCredited(
      trx: Transaction<Database>,
      deposit: { accountId: string; playerId: string; currency: string; amountMinor: bigint },
    ): Promise<void> {
      if (multipleHundredths === 0n) return;
      // Rounded up: the requirement is never below amount × multiple.
      const requiredMinor = (deposit.amountMinor * multipleHundredths + 99n) / 100n;
      await repository.addTurnover(trx, {
        accountId: deposit.accountId,
        playerId: deposit.playerId,
        currency: deposit.currency,
        requiredMinor,
        restrictedMinor: deposit.amountMinor,
        multiple: multipleText,
      });
      await accounts.adjustRestriction(trx, deposit.accountId, deposit.amountMinor);
    },

    /**
     * Counts a settled bet toward the account's requirement (for the games module, inside
     * its transaction, with the account's ledger lock held). Lifts the restriction once the
     * requirement is met. Returns the turnover still to wager.
     */
    async recordWager(trx: Transaction<Database>, accountId: string, wagerMinor: bigint): Promise<bigint> {
      if (wagerMinor <= 0n) throw new Error('a wager must be positive');
      const row = await repository.findTurnover(trx, accountId);
      if (!row || row.required_minor === 0n) return 0n;
      const wagered = row.wagered_minor + wagerMinor;
      if (wagered < row.required_minor) {
        await repository.setTurnover(trx, accountId, {
          requiredMinor: row.required_minor,
          wageredMinor: wagered,
          restrictedMinor: row.restricted_minor,
        });
        return row.required_minor - wagered;
      }
      await repository.setTurnover(trx, accountId, { requiredMinor: 0n, wageredMinor: 0n, restrictedMinor: 0n });
      await accounts.adjustRestriction(trx, accountId, -row.restricted_minor);
      return 0n;
    },

    /** `GET /api/risk/reasons/turn-over-wager` for the player's account in `currency`. */
    async report(playerId: string, currencyCode: string): Promise<TurnOverWager> {
      const currency = await currencies.payable(currencyCode);
      if (!currency) {
        throw AppError.validation({ currency: ['This currency is not available.'] }, 'This currency is not available.');
      }
      const account = await accounts.findByCurrency(playerId, currency.code);
      const row = account ? await repository.findTurnover(repository.db, account.id) : undefined;
      const required = row?.required_minor ?? 0n;
      const remaining = row && row.wagered_minor < required ? required - row.wagered_minor : 0n;
      return {
        total: toMajorAmount(required, currency),
        turnOverWager: row && required > 0n ? Number(row.multiple) : deps.multiple,
        turnOverWagerAmount: toMajorAmount(remaining, currency),
        currency: currency.code,
      };
    },
  };
}

export type Turnover = ReturnType<typeof createTurnover>;
