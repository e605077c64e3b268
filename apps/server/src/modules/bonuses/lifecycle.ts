import { BonusStatus, type PlayerBonusesQuery } from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { pageOffset } from '../../lib/pagination';
import type { Jobs } from '../jobs';
import type { PlayerListFilter } from './repository';

/**
 * What a player bonus (service.ts) and a free-spins grant (freespins.ts) have alike
 * (docs/bonuses.md): issued, then active, then finished, with a deadline to activate while
 * issued and one to wager or play while active; the player lists, activates and cancels both.
 */

/** The columns of the shared lifecycle. */
export interface LifecycleRow {
  id: string;
  status: number;
  activation_expires_at: Date | null;
}

/**
 * A row's deadlines as durable jobs: one per deadline, keyed by the row and its status, so
 * the job of a row that moved on finds it changed and leaves it alone.
 */
export function createExpiry<R extends LifecycleRow>(
  jobs: Jobs,
  spec: {
    kind: 'bonus.expire' | 'freespins.expire';
    /** The payload's name of the row's id. */
    idKey: 'playerBonusId' | 'playerFreespinId';
    /** The deadline while active (to wager, to play). */
    activeUntil: (row: R) => Date | null;
  },
) {
  const { kind, idKey } = spec;
  /** The deadline of the row's status: to activate while issued, else the active one. */
  const deadlineOf = (row: R): Date | null =>
    row.status === BonusStatus.ISSUED ? row.activation_expires_at : spec.activeUntil(row);

  return {
    deadlineOf,

    /** Enqueues the job of the row's deadline (none once finished or without one). */
    async schedule(trx: Transaction<Database>, row: R): Promise<void> {
      const at = deadlineOf(row);
      if (!at || row.status === BonusStatus.FINISHED) return;
      await jobs.enqueue(trx, {
        kind,
        key: `${kind}:${row.id}:${row.status}`,
        payload: { [idKey]: row.id, status: row.status },
        runAt: at,
      });
    },

    /** Runs `expire` for each due job, with the row's id and the status it was scheduled in. */
    handle(expire: (trx: Transaction<Database>, id: string, status: number) => Promise<void>): void {
      jobs.handle(kind, async (job) => {
        const { [idKey]: id, status } = job.payload;
        if (typeof id !== 'string' || typeof status !== 'number') return;
        await expire(job.trx, id, status);
      });
    },
  };
}

/**
 * The player activates a row: an active one answers as it is, only an issued one may be
 * activated, and not once its time to activate has passed (it expires then, and the
 * activation is refused with `expiredMessage`).
 */
export async function activateIssued<R extends LifecycleRow>(
  row: R,
  now: () => Date,
  steps: { activate: () => Promise<R>; expire: () => Promise<unknown>; expiredMessage: string },
): Promise<R> {
  if (row.status === BonusStatus.ACTIVE) return row;
  if (row.status !== BonusStatus.ISSUED) throw new AppError('BONUS_NOT_AVAILABLE');
  if (row.activation_expires_at && row.activation_expires_at <= now()) {
    await steps.expire();
    throw new AppError('BONUS_NOT_AVAILABLE', steps.expiredMessage);
  }
  return steps.activate();
}

/** The repository's filter of a page of the player's list (bonuses and free spins take the same query). */
export const playerListFilter = (playerId: string, query: PlayerBonusesQuery): PlayerListFilter => ({
  playerId,
  statuses: query.status,
  currencies: query.currency,
  packageIds: query.packageId,
  newestFirst: query.sortOrder !== 'asc',
  limit: query.perPage,
  offset: pageOffset(query.page, query.perPage),
});
