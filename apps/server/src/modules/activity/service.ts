import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ActivityRepository, ActivityRow, StreamPosition } from './repository';
import type { ActivityConsumer, ActivityRecord, GameActivity, NewActivity } from './types';

/**
 * A real-money game call as the game wallet's reader answers it (its module's
 * `readGameActivity`); both modules use this one type.
 */
export interface GameActivitySourceRow {
  /** The row's place within its transaction (`{rank}:{id}`): what a stream position names. */
  position: string;
  id: string;
  tx_xid: string;
  kind: GameActivity['kind'];
  player_id: string;
  account_id: string;
  currency: string;
  amount_minor: bigint;
  bonus_minor: bigint;
  game_id: string;
  game_identity: string;
  provider: string;
  round_id: string;
  free_round: boolean;
  round_stake_minor: bigint;
  undid: 'bet' | 'win' | null;
  created_at: Date;
}

export type GameActivityReader = (
  q: Kysely<Database>,
  after: StreamPosition,
  horizon: string,
  limit: number,
) => Promise<GameActivitySourceRow[]>;

export interface ActivityOptions {
  repository: ActivityRepository;
  /** The game wallet's calls (source 1 of the stream). */
  readGameActivity: GameActivityReader;
  /**
   * Opens the transaction a batch is handled in; the app passes realtime's, so that what a
   * consumer publishes goes out after its commit.
   */
  transaction?: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
  /** Records per batch (a transaction's records may span batches). */
  batchSize?: number;
  log: { error(details: object, message: string): void };
}

/** The stream's sources, in the order records of one transaction are handled. */
const GAME_SOURCE = 1;
const RECORDED_SOURCE = 2;
const DEFAULT_BATCH_SIZE = 500;
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 60_000;
/** Lag samples kept per consumer (the most recent ones). */
const LAG_SAMPLES = 20_000;

interface Cursor {
  xid: string;
  source: number;
  id: string;
}

/** Where source `source` resumes for a cursor: the stream is ordered by (xid, source, id). */
function positionFor(cursor: Cursor, source: number): StreamPosition {
  if (cursor.source < source) return { kind: 'from', xid: cursor.xid };
  if (cursor.source === source) return { kind: 'after', xid: cursor.xid, id: cursor.id };
  return { kind: 'past', xid: cursor.xid };
}

function fromGame(row: GameActivitySourceRow): ActivityRecord {
  return {
    id: `g:${row.id}`,
    kind: row.kind,
    playerId: row.player_id,
    occurredAt: row.created_at,
    accountId: row.account_id,
    currency: row.currency,
    amountMinor: BigInt(row.amount_minor),
    bonusMinor: row.kind === 'bet' ? BigInt(row.bonus_minor) : 0n,
    gameId: row.game_id,
    gameIdentity: row.game_identity,
    provider: row.provider,
    roundId: row.round_id,
    freeRound: row.free_round,
    roundStakeMinor: row.kind === 'win' ? BigInt(row.round_stake_minor) : 0n,
    undid: row.kind === 'rollback' ? row.undid : null,
  };
}

function fromRecorded(row: ActivityRow): ActivityRecord {
  const base = { id: `a:${row.id}`, playerId: row.player_id, occurredAt: row.created_at };
  const data = row.data;
  switch (row.kind) {
    case 'deposit':
      return {
        ...base,
        kind: 'deposit',
        accountId: String(data.accountId),
        currency: String(data.currency),
        amountMinor: BigInt(String(data.amountMinor)),
        invoiceId: String(data.invoiceId),
      };
    case 'profile':
      return {
        ...base,
        kind: 'profile',
        filledFields: Array.isArray(data.filledFields) ? data.filledFields.map(String) : [],
      };
    case 'sign-in':
      return { ...base, kind: 'sign-in', sessionId: String(data.sessionId) };
  }
}

interface Positioned {
  record: ActivityRecord;
  cursor: Cursor;
}

/** Merges the sources' batches (each already in stream order) by (xid, source), keeping the first `limit`. */
function merge(batches: Positioned[][], limit: number): Positioned[] {
  const all = batches.flat();
  all.sort((a, b) => {
    const ax = BigInt(a.cursor.xid);
    const bx = BigInt(b.cursor.xid);
    if (ax !== bx) return ax < bx ? -1 : 1;
    return a.cursor.source - b.cursor.source;
  });
  return all.slice(0, limit);
}

const percentile = (sorted: readonly number[], p: number): number | null =>
  sorted.length === 0 ? null : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? null);

/**
 * The activity stream (docs/activity.md). Sources are rows written by the changes themselves
 * (game calls, recorded deposits, profile changes and sign-ins), ordered by their writing
 * transaction's id. Each consumer has a cursor row; a batch is read and handled in one
 * transaction that holds the consumer (an advisory lock) and moves its row, so a consumer's writes and its position
 * commit together: exactly once per record, across retries, crashes and processes.
 */
export function createActivity(options: ActivityOptions) {
  const { repository, log } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const transaction =
    options.transaction ??
    (<T>(work: (trx: Transaction<Database>) => Promise<T>) => repository.db.transaction().execute(work));
  const consumers = new Map<string, ActivityConsumer>();
  const failures = new Map<string, number>();
  const lags = new Map<string, number[]>();
  let ensured = false;

  function noteLag(name: string, records: readonly ActivityRecord[]): void {
    const at = Date.now();
    let samples = lags.get(name);
    if (!samples) lags.set(name, (samples = []));
    for (const record of records) samples.push(at - record.occurredAt.getTime());
    if (samples.length > LAG_SAMPLES) samples.splice(0, samples.length - LAG_SAMPLES);
  }

  async function ensureConsumers(): Promise<void> {
    if (ensured) return;
    for (const name of consumers.keys()) await repository.ensureConsumer(name);
    ensured = true;
  }

  /**
   * One batch for one consumer. `locked`: another process holds the consumer (or its retry
   * time has not come); `full`: there may be more to read now.
   */
  async function runBatch(
    consumer: ActivityConsumer,
    ignoreRetryAt: boolean,
  ): Promise<{ handled: number; full: boolean; locked: boolean }> {
    try {
      const outcome = await transaction(async (trx) => {
        const state = await repository.lockConsumer(trx, consumer.name, ignoreRetryAt);
        if (!state) return { records: [] as ActivityRecord[], full: false, locked: true };
        const cursor: Cursor = { xid: state.cursor_xid, source: state.cursor_source, id: state.cursor_id };
        const [games, recorded] = await Promise.all([
          options.readGameActivity(trx, positionFor(cursor, GAME_SOURCE), state.horizon, batchSize),
          repository.readRecorded(trx, positionFor(cursor, RECORDED_SOURCE), state.horizon, batchSize),
        ]);
        const batch = merge(
          [
            games.map((row) => ({
              record: fromGame(row),
              cursor: { xid: row.tx_xid, source: GAME_SOURCE, id: row.position },
            })),
            recorded.map((row) => ({
              record: fromRecorded(row),
              cursor: { xid: row.tx_xid, source: RECORDED_SOURCE, id: row.id },
            })),
          ],
          batchSize,
        );
        const full = batch.length === batchSize;
        const records = batch.map((entry) => entry.record);
        if (records.length > 0) await consumer.handle(trx, records);
        // A full batch stops at its last record; otherwise everything below the horizon is read.
        const last = batch.at(-1);
        const to = full && last ? last.cursor : { xid: state.horizon, source: 0, id: '' };
        // An empty batch leaves the position: reading again from it finds nothing new below
        // this horizon, so an idle poll writes nothing (and takes no transaction id).
        if (records.length > 0) await repository.advance(trx, consumer.name, to, records.length);
        return { records, full, locked: false };
      });
      failures.delete(consumer.name);
      if (outcome.records.length > 0) noteLag(consumer.name, outcome.records);
      return { handled: outcome.records.length, full: outcome.full, locked: outcome.locked };
    } catch (error) {
      const count = (failures.get(consumer.name) ?? 0) + 1;
      failures.set(consumer.name, count);
      const delayMs = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (count - 1));
      const message = error instanceof Error ? error.message : String(error);
      await repository
        .recordFailure(consumer.name, message.slice(0, 2_000), new Date(Date.now() + delayMs))
        .catch((recordError: unknown) => log.error({ err: recordError }, 'activity: could not record a failure'));
      throw error;
    }
  }

  return {
    /** Registers a consumer; its cursor row starts at the present the first time it runs. */
    consume(consumer: ActivityConsumer): void {
      if (consumers.has(consumer.name)) throw new Error(`activity consumer ${consumer.name} exists`);
      if (ensured) throw new Error('activity consumers are registered before the stream starts');
      consumers.set(consumer.name, consumer);
    },

    /** Writes a deposit, profile change or sign-in into the stream, in the change's transaction. */
    async record(trx: Transaction<Database>, activity: NewActivity): Promise<void> {
      const { playerId, kind, ...rest } = activity;
      const data = Object.fromEntries(
        Object.entries(rest).map(([key, value]) => [key, typeof value === 'bigint' ? value.toString() : value]),
      );
      await repository.record(trx, { playerId, kind, data });
    },

    /** Creates the consumers' cursor rows (at start, before anything runs). */
    ensureConsumers,

    /**
     * Handles everything committed so far, for every consumer, and returns how many records
     * each handled. Waits for a consumer another process holds. Tests call it; a consumer's
     * error is thrown. First it waits, up to `settleMs`, for the transactions already under
     * way when it was called to finish: an unrelated one elsewhere on the database server
     * (another test file's) holds the horizon back, and what was committed after it would
     * not be read yet. Past `settleMs` it reads what it can.
     */
    async drain(timeoutMs = 30_000, settleMs = 3_000): Promise<Record<string, number>> {
      await ensureConsumers();
      const handled: Record<string, number> = {};
      const deadline = Date.now() + timeoutMs;
      const next = await repository.nextXid();
      const settled = Date.now() + settleMs;
      while (!(await repository.horizonPassed(next)) && Date.now() < settled) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      for (const consumer of consumers.values()) {
        let count = 0;
        for (;;) {
          const result = await runBatch(consumer, true);
          count += result.handled;
          handled[consumer.name] = count;
          if (result.locked) {
            if (Date.now() > deadline) throw new Error(`activity consumer ${consumer.name} stayed busy`);
            await new Promise((resolve) => setTimeout(resolve, 20));
            continue;
          }
          if (!result.full) break;
        }
      }
      return handled;
    },

    /** Polls every `pollMs` in this process; returns a stop that waits for the batch under way. */
    start(pollMs: number): () => Promise<void> {
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      let running: Promise<void> = Promise.resolve();
      const tick = async () => {
        try {
          await ensureConsumers();
        } catch (error) {
          log.error({ err: error }, 'activity: could not create the consumers');
          return;
        }
        // Consumers are independent: each runs its batches on its own connection, so one
        // engine's slow batch does not delay the others' records.
        await Promise.all(
          [...consumers.values()].map(async (consumer) => {
            for (let full = true; full && !stopped;) {
              try {
                full = (await runBatch(consumer, false)).full;
              } catch (error) {
                log.error({ err: error, consumer: consumer.name }, 'activity: a consumer failed; it retries later');
                full = false;
              }
            }
          }),
        );
      };
      const schedule = () => {
        if (stopped) return;
        timer = setTimeout(() => {
          running = tick().finally(schedule);
        }, pollMs);
        timer.unref();
      };
      schedule();
      return async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        await running.catch(() => undefined);
      };
    },

    /**
     * Per consumer: records handled by this process and the lag from each record's write to
     * the commit of the batch that handled it (p50, p99, max in ms; the last 20,000 records).
     */
    stats(): { name: string; samples: number; p50Ms: number | null; p99Ms: number | null; maxMs: number | null }[] {
      return [...consumers.keys()].map((name) => {
        const sorted = [...(lags.get(name) ?? [])].sort((a, b) => a - b);
        return {
          name,
          samples: sorted.length,
          p50Ms: percentile(sorted, 50),
          p99Ms: percentile(sorted, 99),
          maxMs: sorted.at(-1) ?? null,
        };
      });
    },

    /** Clears the lag samples (benchmarks between runs). */
    resetStats(): void {
      lags.clear();
    },

    consumers: () => repository.consumers(),
  };
}

export type Activity = ReturnType<typeof createActivity>;
