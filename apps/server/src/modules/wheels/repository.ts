import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, PlayerWheelSpinTable, WheelRuleTable, WheelSectorTable, WheelTable } from '../../db/schema';

export type WheelRow = Selectable<WheelTable>;
export type WheelSectorRow = Selectable<WheelSectorTable>;
export type WheelRuleRow = Selectable<WheelRuleTable>;
export type PlayerWheelSpinRow = Selectable<PlayerWheelSpinTable>;

export interface WheelDefinition extends WheelRow {
  sectors: WheelSectorRow[];
  rules: WheelRuleRow[];
}

type Q = Kysely<Database> | Transaction<Database>;

export interface NewSpin {
  wheelId: string;
  playerId: string;
  source: string;
  ruleId: string | null;
  expireAt: Date | null;
  serverSeed: string;
  serverSeedHash: string;
}

/** The UUID shape: other ids are identities (never sent to a uuid column). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SQL of wheels, their sectors and rules, and the players' spins. */
export function createWheelsRepository(db: Kysely<Database>) {
  async function definitions(q: Q, wheelIds?: readonly string[]): Promise<WheelDefinition[]> {
    if (wheelIds?.length === 0) return [];
    let query = q.selectFrom('wheels').selectAll().orderBy('start_at').orderBy('id');
    if (wheelIds) query = query.where('id', 'in', wheelIds);
    const wheels = await query.execute();
    if (wheels.length === 0) return [];
    const ids = wheels.map((w) => w.id);
    const [sectors, rules] = await Promise.all([
      q.selectFrom('wheel_sectors').selectAll().where('wheel_id', 'in', ids).orderBy('position').execute(),
      q
        .selectFrom('wheel_rules')
        .selectAll()
        .where('wheel_id', 'in', ids)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    ]);
    return wheels.map((wheel) => ({
      ...wheel,
      sectors: sectors.filter((s) => s.wheel_id === wheel.id),
      rules: rules.filter((r) => r.wheel_id === wheel.id),
    }));
  }

  return {
    db,
    definitions,

    /** A wheel by id or identity. */
    async find(q: Q, idOrIdentity: string): Promise<WheelDefinition | undefined> {
      const row = await q
        .selectFrom('wheels')
        .select('id')
        .where((eb) =>
          UUID.test(idOrIdentity)
            ? eb.or([eb('id', '=', idOrIdentity.toLowerCase()), eb('identity', '=', idOrIdentity)])
            : eb('identity', '=', idOrIdentity),
        )
        .executeTakeFirst();
      return row ? (await definitions(q, [row.id]))[0] : undefined;
    },

    /** Rules of a kind on wheels running at `at`, matching `targetId` or any target. */
    async runningRules(q: Q, kind: string, at: Date, targetId?: string): Promise<WheelRuleRow[]> {
      let query = q
        .selectFrom('wheel_rules as r')
        .innerJoin('wheels as w', 'w.id', 'r.wheel_id')
        .selectAll('r')
        .where('r.kind', '=', kind)
        .where('w.start_at', '<=', at)
        .where((eb) => eb.or([eb('w.end_at', 'is', null), eb('w.end_at', '>', at)]))
        .orderBy('r.created_at')
        .orderBy('r.id');
      if (targetId !== undefined) {
        query = query.where((eb) => eb.or([eb('r.target_id', 'is', null), eb('r.target_id', '=', targetId)]));
      }
      return query.execute();
    },

    /** Inserts spins; a cause already granted on the wheel is skipped. Answers the rows inserted. */
    async insertSpins(trx: Transaction<Database>, spins: readonly NewSpin[]): Promise<PlayerWheelSpinRow[]> {
      if (spins.length === 0) return [];
      return trx
        .insertInto('player_wheel_spins')
        .values(
          spins.map((s) => ({
            wheel_id: s.wheelId,
            player_id: s.playerId,
            source: s.source,
            rule_id: s.ruleId,
            expire_at: s.expireAt,
            server_seed: s.serverSeed,
            server_seed_hash: s.serverSeedHash,
          })),
        )
        .onConflict((oc) => oc.columns(['wheel_id', 'player_id', 'source']).doNothing())
        .returningAll()
        .execute();
    },

    /** The player's unused, unexpired spins on the wheels, first to expire first. */
    async usableSpins(q: Q, playerId: string, wheelIds: readonly string[], at: Date): Promise<PlayerWheelSpinRow[]> {
      if (wheelIds.length === 0) return [];
      return q
        .selectFrom('player_wheel_spins')
        .selectAll()
        .where('player_id', '=', playerId)
        .where('wheel_id', 'in', wheelIds)
        .where('used_at', 'is', null)
        .where((eb) => eb.or([eb('expire_at', 'is', null), eb('expire_at', '>', at)]))
        .orderBy(sql`expire_at nulls last`)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /**
     * Locks every unused spin of the player on the wheel (expired ones too), in id order:
     * concurrent spins of one player on one wheel queue here, so the limit count and the
     * spin taken are decided one at a time.
     */
    async lockUnused(trx: Transaction<Database>, playerId: string, wheelId: string): Promise<PlayerWheelSpinRow[]> {
      return trx
        .selectFrom('player_wheel_spins')
        .selectAll()
        .where('player_id', '=', playerId)
        .where('wheel_id', '=', wheelId)
        .where('used_at', 'is', null)
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    /** Spins of the player used on each wheel since its period's start. */
    async usedSince(q: Q, playerId: string, wheelId: string, since: Date): Promise<number> {
      const { count } = await q
        .selectFrom('player_wheel_spins')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('player_id', '=', playerId)
        .where('wheel_id', '=', wheelId)
        .where('used_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** Writes the draw on a locked, unused spin. */
    async markUsed(
      trx: Transaction<Database>,
      spinId: string,
      draw: {
        usedAt: Date;
        clientSeed: string;
        nonce: number;
        sectorId: string;
        sectorIndex: number;
        weights: number[];
        prize: string;
      },
    ): Promise<PlayerWheelSpinRow> {
      return trx
        .updateTable('player_wheel_spins')
        .set({
          used_at: draw.usedAt,
          client_seed: draw.clientSeed,
          nonce: draw.nonce,
          sector_id: draw.sectorId,
          sector_index: draw.sectorIndex,
          weights: draw.weights,
          prize: draw.prize,
        })
        .where('id', '=', spinId)
        .where('used_at', 'is', null)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The player's used spins on a wheel, newest first. */
    async draws(
      playerId: string,
      wheelId: string,
      page: { page: number; perPage: number },
    ): Promise<{ rows: PlayerWheelSpinRow[]; totalRows: number }> {
      const base = db
        .selectFrom('player_wheel_spins')
        .where('player_id', '=', playerId)
        .where('wheel_id', '=', wheelId)
        .where('used_at', 'is not', null);
      const [rows, total] = await Promise.all([
        base
          .selectAll()
          .orderBy('used_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, totalRows: Number(total.count) };
    },

    // --- the operator's definitions ---
    async insertWheel(
      wheel: {
        identity: string;
        title: string;
        startAt: Date;
        endAt: Date | null;
        limitSpins: number | null;
        limitPeriod: string | null;
      },
      sectors: readonly { title: string; weight: number; bonusId: string | null }[],
    ): Promise<{ id: string } | 'identity-taken'> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('wheels')
          .values({
            identity: wheel.identity,
            title: wheel.title,
            start_at: wheel.startAt,
            end_at: wheel.endAt,
            limit_spins: wheel.limitSpins,
            limit_period: wheel.limitPeriod,
          })
          .onConflict((oc) => oc.column('identity').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) return 'identity-taken' as const;
        await trx
          .insertInto('wheel_sectors')
          .values(
            sectors.map((s, position) => ({
              wheel_id: row.id,
              position,
              title: s.title,
              weight: s.weight,
              bonus_id: s.bonusId,
            })),
          )
          .execute();
        return { id: row.id };
      });
    },

    async insertRule(rule: {
      wheelId: string;
      kind: string;
      targetId: string | null;
      spins: number;
      expireAfterSeconds: number | null;
    }): Promise<WheelRuleRow> {
      return db
        .insertInto('wheel_rules')
        .values({
          wheel_id: rule.wheelId,
          kind: rule.kind,
          target_id: rule.targetId,
          spins: rule.spins,
          expire_after_seconds: rule.expireAfterSeconds,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The bonus ids that exist among `ids` (a sector's prize must be a catalogue bonus). */
    async existingBonuses(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('bonuses').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    async playerExists(playerId: string): Promise<boolean> {
      return (await db.selectFrom('players').select('id').where('id', '=', playerId).executeTakeFirst()) !== undefined;
    },

    async countWheels(): Promise<number> {
      const { count } = await db
        .selectFrom('wheels')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}

export type WheelsRepository = ReturnType<typeof createWheelsRepository>;
