import type { CashLimitPeriod } from '@croupier/contract';
import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, PlayerLimitTable } from '../../db/schema';

export type Executor = Kysely<Database>;
export type PlayerLimitRow = Selectable<PlayerLimitTable>;

/** Usage kinds of the counters: stakes (bet limits) and net loss (loss limits). */
export const USAGE_STAKES = 1;
export const USAGE_LOSS = 2;

/** A counter's key: the kind counted and the period it belongs to. */
export interface UsageKey {
  kind: number;
  period: CashLimitPeriod;
}

/**
 * The player's live rows (`ended_at` null), oldest first; only those of `definitions` when
 * given. Shared with the exclusions' repository: both read the same `player_limits` rows.
 */
export function listLiveLimits(
  q: Executor,
  playerId: string,
  definitions?: readonly number[],
): Promise<PlayerLimitRow[]> {
  let query = q.selectFrom('player_limits').selectAll().where('player_id', '=', playerId);
  if (definitions) query = query.where('definition', 'in', definitions);
  return query.where('ended_at', 'is', null).orderBy('created_at').orderBy('id').execute();
}

/**
 * One live row (`ended_at` null), locked to the end of the transaction; undefined unless it
 * is in `scope`: the player's, or of one of the definitions.
 */
export function lockLiveLimit(
  q: Executor,
  limitId: string,
  scope: { playerId: string } | { definitions: readonly number[] },
): Promise<PlayerLimitRow | undefined> {
  let query = q.selectFrom('player_limits').selectAll().where('id', '=', limitId);
  query =
    'playerId' in scope
      ? query.where('player_id', '=', scope.playerId)
      : query.where('definition', 'in', scope.definitions);
  return query.where('ended_at', 'is', null).forUpdate().executeTakeFirst();
}

/** Changes one `player_limits` row (each repository narrows the columns it may change). */
export function updateLimit(
  q: Executor,
  limitId: string,
  values: Updateable<PlayerLimitTable>,
): Promise<PlayerLimitRow> {
  return q.updateTable('player_limits').set(values).where('id', '=', limitId).returningAll().executeTakeFirstOrThrow();
}

/** SQL of the limits module: the players' limits and the bet and loss counters. */
export function createLimitsRepository(db: Db) {
  return {
    db,

    /** The player's limits that still apply or end in the future (`ended_at` null), oldest first. */
    async listLive(q: Executor, playerId: string): Promise<PlayerLimitRow[]> {
      return listLiveLimits(q, playerId);
    },

    /** One of the player's live limits, locked to the end of the transaction; another player's is undefined. */
    async lockOwn(q: Executor, playerId: string, limitId: string): Promise<PlayerLimitRow | undefined> {
      return lockLiveLimit(q, limitId, { playerId });
    },

    /** The live cash limits of an account and definitions, locked (deposits serialise on them). */
    async lockCashLimits(q: Executor, accountId: string, definitions: readonly number[]): Promise<PlayerLimitRow[]> {
      return q
        .selectFrom('player_limits')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('definition', 'in', definitions)
        .where('ended_at', 'is', null)
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    async insertCash(
      q: Executor,
      values: {
        playerId: string;
        definition: number;
        period: CashLimitPeriod;
        accountId: string;
        currency: string;
        amountMinor: bigint;
        now: Date;
      },
    ): Promise<PlayerLimitRow | undefined> {
      return q
        .insertInto('player_limits')
        .values({
          player_id: values.playerId,
          definition: values.definition,
          period: values.period,
          account_id: values.accountId,
          currency: values.currency,
          amount_minor: values.amountMinor,
          started_at: values.now,
          created_at: values.now,
          updated_at: values.now,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async update(
      q: Executor,
      limitId: string,
      values: Partial<
        Pick<
          PlayerLimitRow,
          'amount_minor' | 'pending_amount_minor' | 'pending_effective_at' | 'removal_effective_at' | 'ended_at'
        >
      > & { updated_at: Date },
    ): Promise<PlayerLimitRow> {
      return updateLimit(q, limitId, values);
    },

    /** Whether the account still has a live bet or loss limit (other than `exceptId`). */
    async hasPlayLimits(q: Executor, accountId: string, exceptId?: string): Promise<boolean> {
      let query = q
        .selectFrom('player_limits')
        .select('id')
        .where('account_id', '=', accountId)
        .where('definition', 'in', [1, 2])
        .where('ended_at', 'is', null);
      if (exceptId) query = query.where('id', '<>', exceptId);
      return (await query.limit(1).executeTakeFirst()) !== undefined;
    },

    /** The counters of an account for the given periods' starts (kind and period → used). */
    async usage(
      q: Executor,
      accountId: string,
      starts: Record<CashLimitPeriod, Date>,
    ): Promise<{ kind: number; period: string; used_minor: bigint }[]> {
      return q
        .selectFrom('player_limit_usage')
        .select(['kind', 'period', 'used_minor'])
        .where('account_id', '=', accountId)
        .where((eb) =>
          eb.or(
            (Object.entries(starts) as [CashLimitPeriod, Date][]).map(([period, start]) =>
              eb.and([eb('period', '=', period), eb('period_start', '=', start)]),
            ),
          ),
        )
        .execute();
    },

    /** Sets a counter (seeded from the history when a limit is set). */
    async setUsage(q: Executor, accountId: string, key: UsageKey, periodStart: Date, usedMinor: bigint) {
      await q
        .insertInto('player_limit_usage')
        .values({
          account_id: accountId,
          kind: key.kind,
          period: key.period,
          period_start: periodStart,
          used_minor: usedMinor,
        })
        .onConflict((oc) =>
          oc
            .columns(['account_id', 'kind', 'period', 'period_start'])
            .doUpdateSet({ used_minor: usedMinor, updated_at: sql`now()` }),
        )
        .execute();
    },

    /**
     * The bet path's one statement for an account with limits: adds a round's stake (and its
     * net loss, stake - won) to the running periods' counters of every bet and loss limit in
     * force, each only if the stake keeps it within its amount (a pending increase counts once
     * due, a pending removal once due removes it). The counter rows are locked by the update,
     * so parallel rounds queue on them and cannot pass a limit together. Answers the kinds
     * that refused (empty: counted everywhere); the caller rolls back on a refusal, so the
     * counters it did update go back too.
     * `guarded` false (a win, a refund) applies the deltas without checking.
     */
    async count(
      q: Executor,
      input: {
        accountId: string;
        now: Date;
        starts: Record<CashLimitPeriod, Date>;
        stakeMinor: bigint;
        wonMinor: bigint;
        guarded: boolean;
      },
    ): Promise<number[]> {
      const { accountId, now, starts, stakeMinor, wonMinor, guarded } = input;
      const { rows } = await sql<{ kind: number }>`
        with l as (
          select case when definition = 1 then 1 else 2 end as kind, period,
            case when pending_effective_at <= ${now} then pending_amount_minor else amount_minor end as amount_minor
          from player_limits
          where account_id = ${accountId} and definition in (1, 2) and ended_at is null
            and (removal_effective_at is null or removal_effective_at > ${now})
        ), d as (
          select kind, period, amount_minor,
            case period when 'daily' then ${starts.daily}::timestamptz when 'weekly' then ${starts.weekly}::timestamptz
              else ${starts.monthly}::timestamptz end as period_start,
            case kind when 1 then ${stakeMinor}::int8 else ${stakeMinor}::int8 - ${wonMinor}::int8 end as delta
          from l
        ), c as (
          insert into player_limit_usage as u (account_id, kind, period, period_start, used_minor)
          select ${accountId}::uuid, d.kind, d.period, d.period_start, d.delta from d
          where not ${guarded} or ${stakeMinor}::int8 <= d.amount_minor
          on conflict (account_id, kind, period, period_start) do update
            set used_minor = u.used_minor + excluded.used_minor, updated_at = now()
            where not ${guarded} or u.used_minor + ${stakeMinor}::int8 <= (
              select d.amount_minor from d where d.kind = u.kind and d.period = u.period
            )
          returning u.kind, u.period
        )
        select d.kind from d where not exists (select 1 from c where c.kind = d.kind and c.period = d.period)`.execute(
        q,
      );
      return rows.map((row) => Number(row.kind));
    },
  };
}

export type LimitsRepository = ReturnType<typeof createLimitsRepository>;
