import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, PlayerActivityTable } from '../../db/schema';

type Executor = Kysely<Database>;

/** The advisory lock class (first key) of activity consumers; the second key is the name's hash. */
const CONSUMER_LOCK_CLASS = 0x4143;

/** Where a source's read resumes: from transaction `xid` on, after row `id` of it, or after all of it. */
export type StreamPosition =
  { kind: 'from'; xid: string } | { kind: 'after'; xid: string; id: string } | { kind: 'past'; xid: string };

export interface ConsumerState {
  name: string;
  /** Every transaction below it had finished when the row was locked (the read's upper bound). */
  horizon: string;
  cursor_xid: string;
  cursor_source: number;
  cursor_id: string;
}

export interface ActivityRow {
  id: string;
  tx_xid: string;
  player_id: string;
  kind: PlayerActivityTable['kind'];
  data: Record<string, unknown>;
  created_at: Date;
}

/** The activity module's tables: `player_activities` and `activity_consumers`. */
export function createActivityRepository(db: Db) {
  return {
    db,

    async record(
      q: Executor,
      row: { playerId: string; kind: PlayerActivityTable['kind']; data: Record<string, unknown> },
    ): Promise<void> {
      await q
        .insertInto('player_activities')
        .values({ player_id: row.playerId, kind: row.kind, data: row.data })
        .execute();
    },

    /**
     * Adds a consumer starting at the present: it reads what transactions still running or
     * yet to come write, not the history before it existed. Nothing when it exists.
     */
    async ensureConsumer(name: string): Promise<void> {
      await sql`
        insert into activity_consumers (name, cursor_xid)
        values (${name}, pg_snapshot_xmin(pg_current_snapshot()))
        on conflict (name) do nothing`.execute(db);
    },

    /** The id the next transaction will get: every transaction before it has started. */
    async nextXid(): Promise<string> {
      const row = await sql<{ xmax: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`.execute(db);
      return row.rows[0]?.xmax ?? '0';
    },

    /** Whether every transaction before `xid` has finished (the horizon has passed it). */
    async horizonPassed(xid: string): Promise<boolean> {
      const row = await sql<{ passed: boolean }>`
        select pg_snapshot_xmin(pg_current_snapshot()) >= ${xid}::xid8 as passed`.execute(db);
      return row.rows[0]?.passed ?? false;
    },

    /**
     * Takes the consumer for this transaction (a transaction-scoped advisory lock, so an idle
     * poll writes nothing), then reads its position and the horizon in a statement of its own,
     * whose snapshot is taken after the lock: a position read with the lock's statement could
     * predate the commit of the process that held it just before. Undefined when another
     * process holds the consumer or its retry time has not come.
     */
    async lockConsumer(q: Executor, name: string, ignoreRetryAt: boolean): Promise<ConsumerState | undefined> {
      const taken = await sql<{ taken: boolean }>`
        select pg_try_advisory_xact_lock(${CONSUMER_LOCK_CLASS}, hashtext(${name})) as taken`.execute(q);
      if (!taken.rows[0]?.taken) return undefined;
      const result = await sql<ConsumerState>`
        select name, pg_snapshot_xmin(pg_current_snapshot())::text as horizon, cursor_xid::text as cursor_xid,
          cursor_source, cursor_id
        from activity_consumers
        where name = ${name} and (${ignoreRetryAt} or retry_at is null or retry_at <= now())`.execute(q);
      return result.rows[0];
    },

    async advance(
      q: Executor,
      name: string,
      to: { xid: string; source: number; id: string },
      handled: number,
    ): Promise<void> {
      await sql`
        update activity_consumers
        set cursor_xid = ${to.xid}::xid8, cursor_source = ${to.source}, cursor_id = ${to.id},
          handled_count = handled_count + ${handled}, failures = 0, last_error = null, retry_at = null,
          updated_at = now()
        where name = ${name}`.execute(q);
    },

    async recordFailure(name: string, error: string, retryAt: Date): Promise<void> {
      await sql`
        update activity_consumers
        set failures = failures + 1, last_error = ${error}, retry_at = ${retryAt}, updated_at = now()
        where name = ${name}`.execute(db);
    },

    /** The recorded activity after (xid, id) — id null: from transaction xid on — below the horizon. */
    async readRecorded(q: Executor, after: StreamPosition, horizon: string, limit: number): Promise<ActivityRow[]> {
      const from =
        after.kind === 'from'
          ? sql`tx_xid >= ${after.xid}::xid8`
          : after.kind === 'past'
            ? sql`tx_xid > ${after.xid}::xid8`
            : sql`(tx_xid, id) > (${after.xid}::xid8, ${after.id}::int8)`;
      const result = await sql<ActivityRow>`
        select id::text as id, tx_xid::text as tx_xid, player_id, kind, data, created_at
        from player_activities
        where ${from} and tx_xid < ${horizon}::xid8
        order by tx_xid, id
        limit ${limit}`.execute(q);
      return result.rows;
    },

    async consumers(): Promise<
      { name: string; cursor_xid: string; handled_count: bigint; failures: number; last_error: string | null }[]
    > {
      const result = await sql<{
        name: string;
        cursor_xid: string;
        handled_count: bigint;
        failures: number;
        last_error: string | null;
      }>`select name, cursor_xid::text as cursor_xid, handled_count, failures, last_error
         from activity_consumers order by name`.execute(db);
      return result.rows;
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
