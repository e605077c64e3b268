import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobRow, JobsRepository, NewJob } from './repository';

/** What a handler gets: the job, and the transaction its writes must use to count. */
export interface JobContext {
  id: string;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  /** When the job was due (a recurring job's occurrence: the period it stands for). */
  runAt: Date;
  /** 1 on the first run. */
  attempt: number;
  trx: Transaction<Database>;
}

export type JobHandler = (job: JobContext) => Promise<void>;

export interface JobsOptions {
  repository: JobsRepository;
  /** This runner's name in `locked_by` (default: a random one per process). */
  owner?: string;
  /** How long a claim lasts; a run must finish within it, or another runner takes the job over. */
  leaseMs?: number;
  /** Jobs claimed per poll. */
  batchSize?: number;
  /** First retry delay; doubled per attempt up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /**
   * Opens the transaction a job runs in; the app passes realtime's, so that what a handler
   * publishes after its commit (ledger balances, bonus events) goes out. Default: a plain one.
   */
  transaction?: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
  log: { error(details: object, message: string): void };
}

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_BATCH_SIZE = 10;
const DEFAULT_RETRY_BASE_MS = 1_000;
const DEFAULT_RETRY_MAX_MS = 5 * 60_000;
const MAX_ERROR_LENGTH = 2_000;

/**
 * Durable jobs. Effects are exactly once for writes made through `job.trx`: the handler
 * runs in one transaction with the job's row locked and marked done, so a crash, an error
 * or a lapsed lease rolls the writes back with it and the job runs again (from scratch).
 * Anything outside the database a handler does (a mail, an HTTP call) is at least once:
 * give it its own idempotency key. Several processes may run runners on one database.
 */
export function createJobs(options: JobsOptions) {
  const { repository, log } = options;
  const owner = options.owner ?? `runner-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const retryMaxMs = options.retryMaxMs ?? DEFAULT_RETRY_MAX_MS;
  const handlers = new Map<string, JobHandler>();
  const transaction =
    options.transaction ??
    (<T>(work: (trx: Transaction<Database>) => Promise<T>) => repository.db.transaction().execute(work));
  const schedules = new Map<string, (after: Date) => Date>();

  const retryDelayMs = (attempt: number) => Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, attempt - 1));
  const occurrenceKey = (kind: string, at: Date) => `${kind}@${at.toISOString()}`;

  async function runOne(job: JobRow): Promise<boolean> {
    const handler = handlers.get(job.kind);
    if (job.attempts > job.max_attempts) {
      // Claimed again after its lease lapsed once too often (its runs never finish).
      await repository.release(job.id, owner, 'gave up: the lease lapsed on every attempt', null);
      return false;
    }
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind} in this process`);
      const ran = await transaction(async (trx) => {
        // The lease may have lapsed and passed to another runner since the claim.
        if (!(await repository.lockForRun(trx, job.id, owner))) return false;
        await handler({
          id: job.id,
          kind: job.kind,
          key: job.key,
          payload: job.payload,
          runAt: job.run_at,
          attempt: job.attempts,
          trx,
        });
        await repository.complete(trx, job.id);
        return true;
      });
      return ran;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      const retryAt = job.attempts < job.max_attempts ? new Date(Date.now() + retryDelayMs(job.attempts)) : null;
      log.error({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      await repository.release(job.id, owner, message, retryAt);
      return false;
    }
  }

  let running: Promise<number> | undefined;

  const jobs = {
    owner,

    /** Registers the handler of a kind (one per kind). */
    handle(kind: string, handler: JobHandler): void {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} has a handler already`);
      handlers.set(kind, handler);
    },

    /**
     * Enqueues a job in the caller's transaction (it exists only if that commits). With a
     * `key`, a job of that key is added once ever: false when one was added before.
     */
    enqueue(q: Kysely<Database>, job: NewJob): Promise<boolean> {
      return repository.enqueue(q, job);
    },

    /**
     * A job that recurs: `next(after)` answers the first occurrence strictly after a time
     * (period boundaries, so that every process computes the same ones). Each occurrence
     * is a job keyed by its time, so it exists once however many processes schedule it;
     * its run enqueues the next in the same transaction, and an occurrence missed while
     * nothing ran runs late rather than never. `schedule()` adds the coming one.
     */
    recurring(kind: string, next: (after: Date) => Date, handler: JobHandler): void {
      schedules.set(kind, next);
      jobs.handle(kind, async (job) => {
        await handler(job);
        const following = next(job.runAt);
        await repository.enqueue(job.trx, { kind, key: occurrenceKey(kind, following), runAt: following });
      });
    },

    /** Adds the coming occurrence of every recurring kind (at start; repeats add nothing). */
    async schedule(now = new Date()): Promise<void> {
      for (const [kind, next] of schedules) {
        const at = next(now);
        await repository.enqueue(repository.db, { kind, key: occurrenceKey(kind, at), runAt: at });
      }
    },

    /** Claims one batch of due jobs and runs them in turn; answers how many completed. */
    runDue(): Promise<number> {
      // One batch at a time per runner: a poll while a batch runs waits for it.
      running ??= (async () => {
        try {
          const claimed = await repository.claimDue(owner, leaseMs, batchSize);
          let done = 0;
          for (const job of claimed) if (await runOne(job)) done += 1;
          return done;
        } finally {
          running = undefined;
        }
      })();
      return running;
    },

    /**
     * Runs due jobs every `pollMs`, and again at once after a poll that ran some, until the
     * returned stop is called (it waits for the batch).
     */
    start(pollMs: number): () => Promise<void> {
      let stopped = false;
      // A poll that ran jobs looks again at once: what they enqueued (a settlement's next
      // batch) is due now, and waiting a whole poll for it would idle the runner.
      const drain = async () => {
        for (let done = await jobs.runDue(); done > 0 && !stopped; done = await jobs.runDue());
      };
      const timer = setInterval(() => {
        drain().catch((error: unknown) => log.error({ err: error }, 'job runner poll failed'));
      }, pollMs);
      timer.unref();
      return async () => {
        stopped = true;
        clearInterval(timer);
        await running?.catch(() => undefined);
      };
    },
  };
  return jobs;
}

export type Jobs = ReturnType<typeof createJobs>;
