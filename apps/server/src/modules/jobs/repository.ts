import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, JobTable } from '../../db/schema';

type Executor = Kysely<Database>;
export type JobRow = Selectable<JobTable>;

export interface NewJob {
  kind: string;
  key?: string | undefined;
  payload?: Record<string, unknown> | undefined;
  runAt?: Date | undefined;
  maxAttempts?: number | undefined;
}

/** A job no runner holds. */
const UNLOCKED = { locked_by: null, locked_until: null } as const;

/** The jobs table, owned by this module. Status literals stay literals: the partial indexes match them. */
export function createJobsRepository(db: Db) {
  return {
    db,

    /** Adds a job in the caller's transaction; false when its key was used before (nothing added). */
    async enqueue(q: Executor, job: NewJob): Promise<boolean> {
      const inserted = await q
        .insertInto('jobs')
        .values({
          kind: job.kind,
          key: job.key ?? null,
          payload: job.payload ?? {},
          ...(job.runAt ? { run_at: job.runAt } : {}),
          ...(job.maxAttempts !== undefined ? { max_attempts: job.maxAttempts } : {}),
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /**
     * Claims up to `limit` jobs that are due, or running under a lease that has lapsed (its
     * process died), for `owner` until now + `leaseMs`; each claim counts an attempt. Rows
     * another runner is claiming are skipped, not waited for.
     */
    async claimDue(owner: string, leaseMs: number, limit: number): Promise<JobRow[]> {
      return db
        .updateTable('jobs')
        .set({
          status: sql.lit('running'),
          locked_by: owner,
          locked_until: sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`,
          attempts: sql<number>`attempts + 1`,
        })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where((w) =>
              w.or([
                w.and([w('status', '=', sql.lit('pending')), w('run_at', '<=', sql<Date>`now()`)]),
                w.and([w('status', '=', sql.lit('running')), w('locked_until', '<', sql<Date>`now()`)]),
              ]),
            )
            .orderBy('run_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .execute();
    },

    /** The job row, locked, if `owner` still holds its lease (else another runner took it over). */
    async lockForRun(trx: Executor, id: string, owner: string): Promise<JobRow | undefined> {
      return trx
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', sql.lit('running'))
        .where('locked_by', '=', owner)
        .forUpdate()
        .executeTakeFirst();
    },

    async complete(trx: Executor, id: string): Promise<void> {
      await trx
        .updateTable('jobs')
        .set({ ...UNLOCKED, status: sql.lit('done'), last_error: null, finished_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Gives a failed run back: due again at `retryAt`, or failed for good when there is
     * none. Only while `owner` holds the lease.
     */
    async release(id: string, owner: string, error: string, retryAt: Date | null): Promise<void> {
      await db
        .updateTable('jobs')
        .set(
          retryAt
            ? { ...UNLOCKED, status: sql.lit('pending'), run_at: retryAt, last_error: error }
            : { ...UNLOCKED, status: sql.lit('failed'), last_error: error, finished_at: sql<Date>`now()` },
        )
        .where('id', '=', id)
        .where('status', '=', sql.lit('running'))
        .where('locked_by', '=', owner)
        .execute();
    },

    async find(id: string): Promise<JobRow | undefined> {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listByKind(kind: string): Promise<JobRow[]> {
      return db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('run_at').orderBy('id').execute();
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
