import { minorToMajor, type Cashback } from '@croupier/contract';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { nextWeekStartUtc, type Jobs } from '../jobs';
import type { CashbackRepository } from './cashback-repository';
import type { BonusesRepository } from './repository';
import type { Bonuses } from './service';
import { grantMinor, offeredIn, type CatalogueBonus } from './terms';

/**
 * Weekly cashback (docs/bonuses.md, "Weekly cashback"). When a week ends (Monday 00:00
 * UTC), a durable recurring job adds up each player account's real-money result in games
 * during the week — bets less wins and rollbacks, from the ledger — and, when the week had
 * cashback bonuses on offer (type 4, trigger `cashback`), enqueues the accounts that lost
 * in batches: one `bonus.cashback.batch` job per `batchSize` accounts (in account order),
 * holding their losses and the week's offers. Each batch runs in its own short transaction
 * and gives each account each offer: the loss × its percentage (capped by its max amounts),
 * issued to activate. Blocked and self-excluded players are skipped: that week's cashback is
 * never theirs (no marketing incentive, not even a deferred one).
 *
 * Exactly once: the week's occurrence and each batch are jobs (a run and its writes commit
 * together; a crash rolls both back and the job runs again, on any process), the batches
 * of a week are keyed by the week and their first and last accounts (the same week planned
 * twice enqueues them once), and the bonus's source `cashback:{weekStart}:{accountId}` gives it
 * once whatever runs twice.
 */

export const CASHBACK_JOB = 'bonus.cashback';
export const CASHBACK_BATCH_JOB = 'bonus.cashback.batch';
const WEEK_MS = 7 * 86_400_000;
const LIST_LIMIT = 50;
/** Accounts per batch transaction: a few statements each, so a batch stays well under a second. */
const DEFAULT_BATCH_SIZE = 100;

/** The wallet's read of game results (real money) per player account. */
export interface GameResults {
  realGameResultsByAccount(
    q: Kysely<Database>,
    range: { from: Date; to: Date },
  ): Promise<{ accountId: string; playerId: string; currency: string; sumMinor: bigint }[]>;
}

/** A batch job's payload (JSON: amounts as decimal strings). */
const batchPayloadSchema = z.object({
  weekStart: z.iso.datetime(),
  bonusIds: z.array(z.string()),
  losses: z.array(
    z.object({
      accountId: z.string(),
      playerId: z.string(),
      currency: z.string(),
      lossMinor: z.string().regex(/^[1-9][0-9]*$/),
    }),
  ),
});
type BatchPayload = z.infer<typeof batchPayloadSchema>;

export function createCashback(deps: {
  repository: CashbackRepository;
  catalogue: Pick<BonusesRepository, 'listCatalogue' | 'issuedToPlayer'>;
  bonuses: Pick<Bonuses, 'issueIn' | 'knownCurrencies'>;
  results: GameResults;
  jobs: Jobs;
  /** Accounts per batch (tests make it small). */
  batchSize?: number;
}) {
  const { catalogue, bonuses, repository } = deps;
  const batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE;

  /** The cashback bonuses the catalogue offered during [from, to). */
  async function offersOf(trx: Transaction<Database>, from: Date, to: Date): Promise<CatalogueBonus[]> {
    return (await catalogue.listCatalogue(trx)).filter(
      (bonus) =>
        bonus.type === 4 &&
        bonus.trigger === 'cashback' &&
        bonus.status === 1 &&
        (bonus.availableFrom === null || bonus.availableFrom < to) &&
        (bonus.availableTo === null || bonus.availableTo > from),
    );
  }

  /**
   * Plans the week that ends at `periodEnd`: enqueues its losing accounts in batches, in
   * the caller's transaction. Answers how many batches were enqueued (not those planned before).
   */
  async function planWeek(trx: Transaction<Database>, periodEnd: Date): Promise<number> {
    const from = new Date(periodEnd.getTime() - WEEK_MS);
    const offers = await offersOf(trx, from, periodEnd);
    if (offers.length === 0) return 0;
    // In account order (the wallet sorts them), so that batches and their keys come out the same on a second plan.
    const losses = (await deps.results.realGameResultsByAccount(trx, { from, to: periodEnd })).filter(
      (result) => result.sumMinor < 0n,
    );
    const weekStart = from.toISOString();
    const bonusIds = offers.map((bonus) => bonus.id);
    let enqueued = 0;
    for (let start = 0; start < losses.length; start += batchSize) {
      const batch = losses.slice(start, start + batchSize);
      const payload: BatchPayload = {
        weekStart,
        bonusIds,
        losses: batch.map((loss) => ({
          accountId: loss.accountId,
          playerId: loss.playerId,
          currency: loss.currency,
          lossMinor: (-loss.sumMinor).toString(),
        })),
      };
      // Its bounds name it: the same batch planned again is enqueued once; a batch that differs (other bounds) runs
      // too, and the bonuses' source gives nothing twice.
      const key = `${CASHBACK_BATCH_JOB}:${weekStart}:${batch[0]?.accountId ?? ''}:${batch.at(-1)?.accountId ?? ''}`;
      if (await deps.jobs.enqueue(trx, { kind: CASHBACK_BATCH_JOB, key, payload })) enqueued += 1;
    }
    return enqueued;
  }

  /** Gives one batch's accounts their cashback; answers how many bonuses were issued. */
  async function issueBatch(trx: Transaction<Database>, payload: BatchPayload): Promise<number> {
    // The offers as planned at the week's end: pausing one later does not take a finished week's cashback back.
    const planned = new Set(payload.bonusIds);
    const offers = (await catalogue.listCatalogue(trx)).filter((bonus) => bonus.type === 4 && planned.has(bonus.id));
    if (offers.length === 0) return 0;
    const excluded = await repository.excludedPlayers(trx, [...new Set(payload.losses.map((loss) => loss.playerId))]);
    const currencies = await bonuses.knownCurrencies();
    let issued = 0;
    for (const loss of payload.losses) {
      if (excluded.has(loss.playerId)) continue;
      const currency = currencies.get(loss.currency);
      if (!currency) continue;
      const lossMinor = BigInt(loss.lossMinor);
      for (const bonus of offers) {
        if (!offeredIn(bonus, currency) || grantMinor(bonus, currency, undefined, lossMinor) <= 0n) continue;
        const limit = bonus.terms.perPlayerLimit;
        if (limit !== null && ((await catalogue.issuedToPlayer(trx, loss.playerId)).get(bonus.id) ?? 0) >= limit) {
          continue;
        }
        const row = await bonuses.issueIn(trx, {
          bonus,
          playerId: loss.playerId,
          account: { id: loss.accountId, currency: loss.currency },
          currency,
          source: `cashback:${payload.weekStart}:${loss.accountId}`,
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
    await planWeek(job.trx, job.runAt);
  });
  deps.jobs.handle(CASHBACK_BATCH_JOB, async (job) => {
    await issueBatch(job.trx, batchPayloadSchema.parse(job.payload));
  });

  return {
    planWeek,

    /** The cashback the player received in a currency, newest first. */
    async list(playerId: string, currencyCode: string): Promise<Cashback[]> {
      const currency = (await bonuses.knownCurrencies()).get(currencyCode);
      if (!currency || currency.type === 'virtual') {
        throw AppError.validation({ currency: ['This currency is not available.'] });
      }
      const rows = await repository.listReceived(playerId, currency.code, LIST_LIMIT);
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
