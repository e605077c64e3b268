import { LimitDefinition } from '@croupier/contract';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { listLiveLimits, lockLiveLimit, updateLimit, type PlayerLimitRow } from './repository';

type Executor = Kysely<Database>;

const EXCLUSIONS = [LimitDefinition.SELF_EXCLUSION, LimitDefinition.COOLING_OFF];

/** SQL of cooling-off and self-exclusion: their `player_limits` rows and the self-exclusion register. */
export function createExclusionsRepository(db: Db) {
  return {
    db,

    /** The player's live cooling-off and self-exclusion rows (`ended_at` null), oldest first. */
    async listLive(q: Executor, playerId: string): Promise<PlayerLimitRow[]> {
      return listLiveLimits(q, playerId, EXCLUSIONS);
    },

    /** One live exclusion row, locked to the end of the transaction. */
    async lock(q: Executor, limitId: string): Promise<PlayerLimitRow | undefined> {
      return lockLiveLimit(q, limitId, { definitions: EXCLUSIONS });
    },

    /**
     * Whether a cooling-off or self-exclusion pauses the player's play at `now`: a cooling-off
     * before its end, a self-exclusion until the player's return is due.
     */
    async isExcluded(q: Executor, playerId: string, now: Date): Promise<boolean> {
      const row = await q
        .selectFrom('player_limits')
        .select('id')
        .where('player_id', '=', playerId)
        .where('ended_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb.and([eb('definition', '=', LimitDefinition.COOLING_OFF), eb('ends_at', '>', now)]),
            eb.and([
              eb('definition', '=', LimitDefinition.SELF_EXCLUSION),
              eb.or([eb('return_at', 'is', null), eb('return_at', '>', now)]),
            ]),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(
      q: Executor,
      values: { playerId: string; definition: number; period: string; now: Date; endsAt: Date | null },
    ): Promise<PlayerLimitRow> {
      return q
        .insertInto('player_limits')
        .values({
          player_id: values.playerId,
          definition: values.definition,
          period: values.period,
          started_at: values.now,
          ends_at: values.endsAt,
          created_at: values.now,
          updated_at: values.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async update(
      q: Executor,
      limitId: string,
      values: Partial<Pick<PlayerLimitRow, 'period' | 'ends_at' | 'return_requested_at' | 'return_at' | 'ended_at'>> & {
        updated_at: Date;
      },
    ): Promise<PlayerLimitRow> {
      return updateLimit(q, limitId, values);
    },

    /**
     * Exclusions whose end is due at `now`, locked and skipped by other processes: a
     * cooling-off past its end, a self-exclusion whose return is due.
     */
    async lockDue(q: Executor, now: Date, limit: number): Promise<PlayerLimitRow[]> {
      return q
        .selectFrom('player_limits')
        .selectAll()
        .where('ended_at', 'is', null)
        .where('definition', 'in', EXCLUSIONS)
        .where((eb) =>
          eb.or([
            eb.and([eb('definition', '=', LimitDefinition.COOLING_OFF), eb('ends_at', '<=', now)]),
            eb.and([eb('definition', '=', LimitDefinition.SELF_EXCLUSION), eb('return_at', '<=', now)]),
          ]),
        )
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
    },

    /** A register entry: the person cannot register again while it runs (`ends_at` null: permanent). */
    async insertRegister(
      q: Executor,
      values: {
        playerId: string;
        limitId: string;
        emailNormalized: string | null;
        phone: string | null;
        identityHash: string | null;
        endsAt: Date | null;
      },
    ): Promise<void> {
      if (!values.emailNormalized && !values.phone && !values.identityHash) return;
      await q
        .insertInto('self_exclusions')
        .values({
          player_id: values.playerId,
          limit_id: values.limitId,
          email_normalized: values.emailNormalized,
          phone: values.phone,
          identity_hash: values.identityHash,
          ends_at: values.endsAt,
          source: 'player',
        })
        .execute();
    },

    /** A self-exclusion made longer: its register entries end with it. */
    async extendRegister(q: Executor, limitId: string, endsAt: Date | null): Promise<void> {
      await q.updateTable('self_exclusions').set({ ends_at: endsAt }).where('limit_id', '=', limitId).execute();
    },

    /** The player's verified identity, on the register entries their self-exclusions wrote. */
    async setRegisterIdentity(q: Executor, playerId: string, identityHash: string): Promise<void> {
      await q
        .updateTable('self_exclusions')
        .set({ identity_hash: identityHash })
        .where('player_id', '=', playerId)
        .where('identity_hash', 'is', null)
        .execute();
    },

    /**
     * A running register entry of another person with this identity, and the self-exclusion
     * that wrote it (its period), newest first.
     */
    async findIdentity(
      q: Executor,
      input: { identityHash: string; exceptPlayerId: string; now: Date },
    ): Promise<{ playerId: string | null; endsAt: Date | null; period: string | null } | undefined> {
      const row = await q
        .selectFrom('self_exclusions as s')
        .leftJoin('player_limits as l', 'l.id', 's.limit_id')
        .select(['s.player_id', 's.ends_at', 'l.period'])
        .where('s.identity_hash', '=', input.identityHash)
        .where((eb) => eb.or([eb('s.player_id', 'is', null), eb('s.player_id', '<>', input.exceptPlayerId)]))
        .where('s.starts_at', '<=', input.now)
        .where((eb) => eb.or([eb('s.ends_at', 'is', null), eb('s.ends_at', '>', input.now)]))
        .orderBy('s.ends_at', (ob) => ob.desc().nullsFirst())
        .limit(1)
        .executeTakeFirst();
      return row ? { playerId: row.player_id, endsAt: row.ends_at, period: row.period } : undefined;
    },
  };
}

export type ExclusionsRepository = ReturnType<typeof createExclusionsRepository>;
