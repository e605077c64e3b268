import { minorToMajor, type Cashback } from '@croupier/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { nextWeekStartUtc, type Jobs } from '../jobs';
import type { CashbackRepository } from './cashback-repository';
import type { BonusesRepository } from './repository';
import type { Bonuses } from './service';
import { grantMinor, offeredIn } from './terms';

/**
 * Weekly cashback (docs/bonuses.md, "Weekly cashback"). When a week ends (Monday 00:00
 * UTC), a durable recurring job gives each player account that lost real money in games
 * during the week — bets less wins and rollbacks, from the ledger — each cashback bonus of
 * the catalogue (type 4, trigger `cashback`, offered during the week) with the loss ×
 * its percentage (capped by its max amounts), issued to activate. The job runs once per
 * week across processes, and the bonus's source `cashback:{weekStart}:{accountId}` gives
 * it once even if the week were computed twice.
 */

export const CASHBACK_JOB = 'bonus.cashback';
const WEEK_MS = 7 * 86_400_000;
const LIST_LIMIT = 50;

/** The wallet's read of game results (real money) per player account. */
export interface GameResults {
  realGameResultsByAccount(
    q: Kysely<Database>,
    range: { from: Date; to: Date },
  ): Promise<{ accountId: string; playerId: string; currency: string; sumMinor: bigint }[]>;
}

export function createCashback(deps: {
  repository: CashbackRepository;
  catalogue: Pick<BonusesRepository, 'listCatalogue' | 'issuedToPlayer'>;
  bonuses: Pick<Bonuses, 'issueIn' | 'knownCurrencies'>;
  results: GameResults;
  jobs: Jobs;
}) {
  const { catalogue, bonuses } = deps;

  /** Gives the cashback of the week that ends at `periodEnd`; answers how many bonuses were issued. */
  async function issueForWeek(trx: Transaction<Database>, periodEnd: Date): Promise<number> {
    const from = new Date(periodEnd.getTime() - WEEK_MS);
    const to = periodEnd;
    const offers = (await catalogue.listCatalogue(trx)).filter(
      (bonus) =>
        bonus.type === 4 &&
        bonus.trigger === 'cashback' &&
        bonus.status === 1 &&
        (bonus.availableFrom === null || bonus.availableFrom < to) &&
        (bonus.availableTo === null || bonus.availableTo > from),
    );
    if (offers.length === 0) return 0;
    const currencies = await bonuses.knownCurrencies();
    let issued = 0;
    for (const result of await deps.results.realGameResultsByAccount(trx, { from, to })) {
      if (result.sumMinor >= 0n) continue;
      const lossMinor = -result.sumMinor;
      const currency = currencies.get(result.currency);
      if (!currency) continue;
      for (const bonus of offers) {
        if (!offeredIn(bonus, currency) || grantMinor(bonus, currency, undefined, lossMinor) <= 0n) continue;
        const limit = bonus.terms.perPlayerLimit;
        if (limit !== null && ((await catalogue.issuedToPlayer(trx, result.playerId)).get(bonus.id) ?? 0) >= limit) {
          continue;
        }
        const row = await bonuses.issueIn(trx, {
          bonus,
          playerId: result.playerId,
          account: { id: result.accountId, currency: result.currency },
          currency,
          source: `cashback:${from.toISOString()}:${result.accountId}`,
          lossMinor,
          autoActivate: false,
        });
        if (row) issued += 1;
      }
    }
    return issued;
  }

  // Each occurrence stands for the week that ends at its time.
  deps.jobs.recurring(CASHBACK_JOB, nextWeekStartUtc, async (job) => {
    await issueForWeek(job.trx, job.runAt);
  });

  return {
    issueForWeek,

    /** The cashback the player received in a currency, newest first. */
    async list(playerId: string, currencyCode: string): Promise<Cashback[]> {
      const currency = (await bonuses.knownCurrencies()).get(currencyCode);
      if (!currency || currency.type === 'virtual') {
        throw AppError.validation({ currency: ['This currency is not available.'] });
      }
      const rows = await deps.repository.listReceived(playerId, currency.code, LIST_LIMIT);
      return rows.map((row) => ({
        bonusId: row.bonus_id,
        bonusName: row.name,
        amount: minorToMajor(row.amount_minor, currency.subunitToUnit),
        date: row.created_at.toISOString(),
      }));
    },
  };
}

export type CashbackService = ReturnType<typeof createCashback>;
