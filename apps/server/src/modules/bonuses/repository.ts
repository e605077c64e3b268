import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, PlayerBonusTable } from '../../db/schema';
import type { BonusTerms, CatalogueBonus } from './terms';

type Executor = Kysely<Database>;
export type PlayerBonusRow = Selectable<PlayerBonusTable>;

interface BonusRowWithPackage {
  id: string;
  name: string;
  type: number;
  status: number;
  trigger: CatalogueBonus['trigger'];
  package_id: string | null;
  package_name: string | null;
  package_priority: number;
  available_from: Date | null;
  available_to: Date | null;
  terms: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const toCatalogueBonus = (row: BonusRowWithPackage): CatalogueBonus => ({
  id: row.id,
  name: row.name,
  type: row.type as CatalogueBonus['type'],
  status: row.status,
  trigger: row.trigger,
  packageId: row.package_id,
  packageName: row.package_name,
  packagePriority: row.package_priority,
  availableFrom: row.available_from,
  availableTo: row.available_to,
  // Written only through the contract's checked body (terms.ts).
  terms: row.terms as unknown as BonusTerms,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export interface BonusColumns {
  name: string;
  type: number;
  status: number;
  trigger: CatalogueBonus['trigger'];
  packageId: string | null;
  packagePriority: number;
  availableFrom: Date | null;
  availableTo: Date | null;
  terms: BonusTerms;
}

const columnsOf = (bonus: BonusColumns) => ({
  name: bonus.name,
  type: bonus.type,
  status: bonus.status,
  trigger: bonus.trigger,
  package_id: bonus.packageId,
  package_priority: bonus.packagePriority,
  available_from: bonus.availableFrom,
  available_to: bonus.availableTo,
  terms: JSON.stringify(bonus.terms),
});

/** A page of a player's list of bonuses or of free spins, and what filters it. */
export interface PlayerListFilter {
  playerId: string;
  statuses?: number[] | undefined;
  currencies?: string[] | undefined;
  packageIds?: string[] | undefined;
  newestFirst: boolean;
  limit: number;
  offset: number;
}

/** The tables of what the player's lists show: player bonuses and free-spins grants (same columns filter them). */
type PlayerListTable = 'player_bonuses' | 'player_freespins';

/** A page of the player's rows of `table`, newest (or oldest) first, and how many match. */
export async function listPlayerRows<T extends PlayerListTable>(
  db: Executor,
  table: T,
  filter: PlayerListFilter,
): Promise<{ rows: Selectable<Database[T]>[]; total: number }> {
  // Built on both tables' columns (a query on the generic `T` would not type).
  const from: PlayerListTable = table;
  let query = db.selectFrom(from).where('player_id', '=', filter.playerId);
  if (filter.statuses?.length) query = query.where('status', 'in', filter.statuses);
  if (filter.currencies?.length) query = query.where('currency', 'in', filter.currencies);
  if (filter.packageIds?.length) query = query.where('package_id', 'in', filter.packageIds);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', filter.newestFirst ? 'desc' : 'asc')
      .orderBy('id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  // The rows are of `table` alone.
  return { rows: rows as Selectable<Database[T]>[], total: Number(count.total) };
}

/**
 * Each time a catalogue bonus was given (to one player): its player bonuses and its free
 * spins. The bonus a grant's winnings became (`freespins:{id}`) is part of that grant's gift.
 */
function given(q: Executor, playerId?: string) {
  let bonuses = q.selectFrom('player_bonuses').select('bonus_id').where('source', 'not like', 'freespins:%');
  let freespins = q.selectFrom('player_freespins').select('bonus_id');
  if (playerId !== undefined) {
    bonuses = bonuses.where('player_id', '=', playerId);
    freespins = freespins.where('player_id', '=', playerId);
  }
  return bonuses.unionAll(freespins);
}

/** SQL of the bonuses module: the catalogue, packages and players' bonuses. */
export function createBonusesRepository(db: Executor) {
  const catalogue = (q: Executor) =>
    q
      .selectFrom('bonuses as b')
      .leftJoin('bonus_packages as p', 'p.id', 'b.package_id')
      .select([
        'b.id',
        'b.name',
        'b.type',
        'b.status',
        'b.trigger',
        'b.package_id',
        'p.name as package_name',
        'b.package_priority',
        'b.available_from',
        'b.available_to',
        'b.terms',
        'b.created_at',
        'b.updated_at',
      ]);

  return {
    db,

    async listCatalogue(q: Executor = db): Promise<CatalogueBonus[]> {
      const rows = await catalogue(q).orderBy('b.package_priority').orderBy('b.created_at').execute();
      return rows.map(toCatalogueBonus);
    },

    async findBonus(q: Executor, id: string): Promise<CatalogueBonus | undefined> {
      const row = await catalogue(q).where('b.id', '=', id).executeTakeFirst();
      return row && toCatalogueBonus(row);
    },

    async insertBonus(bonus: BonusColumns): Promise<string> {
      const row = await db.insertInto('bonuses').values(columnsOf(bonus)).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateBonus(id: string, bonus: BonusColumns): Promise<boolean> {
      const result = await db
        .updateTable('bonuses')
        .set({ ...columnsOf(bonus), updated_at: new Date() })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The seed's rows under fixed ids: inserted when missing, an operator's edits kept. */
    async insertPackageIfMissing(id: string, name: string): Promise<void> {
      await db
        .insertInto('bonus_packages')
        .values({ id, name })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    async insertBonusIfMissing(id: string, bonus: BonusColumns): Promise<void> {
      await db
        .insertInto('bonuses')
        .values({ id, ...columnsOf(bonus) })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    async countBonuses(): Promise<number> {
      const row = await db
        .selectFrom('bonuses')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async packageExists(id: string): Promise<boolean> {
      return (await db.selectFrom('bonus_packages').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    listPackages: () => db.selectFrom('bonus_packages').selectAll().orderBy('created_at').execute(),

    insertPackage: (name: string) =>
      db.insertInto('bonus_packages').values({ name }).returningAll().executeTakeFirstOrThrow(),

    /** How many times each bonus was given, to everyone. */
    async issuedCounts(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom(given(db).as('g'))
        .select(['g.bonus_id', (eb) => eb.fn.countAll<string>().as('count')])
        .groupBy('g.bonus_id')
        .execute();
      return new Map(rows.map((row) => [row.bonus_id, Number(row.count)]));
    },

    /** How many times each bonus was given to one player. */
    async issuedToPlayer(q: Executor, playerId: string): Promise<Map<string, number>> {
      const rows = await q
        .selectFrom(given(q, playerId).as('g'))
        .select(['g.bonus_id', (eb) => eb.fn.countAll<string>().as('count')])
        .groupBy('g.bonus_id')
        .execute();
      return new Map(rows.map((row) => [row.bonus_id, Number(row.count)]));
    },

    /** Inserts a player bonus unless this cause gave this bonus already (undefined then). */
    async insertPlayerBonus(q: Executor, row: Insertable<PlayerBonusTable>): Promise<PlayerBonusRow | undefined> {
      return q
        .insertInto('player_bonuses')
        .values(row)
        .onConflict((oc) => oc.columns(['bonus_id', 'source']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** A player's bonus, locked for a change; another player's is not found. */
    lockPlayerBonus: (q: Executor, id: string, playerId: string): Promise<PlayerBonusRow | undefined> =>
      q
        .selectFrom('player_bonuses')
        .selectAll()
        .where('id', '=', id)
        .where('player_id', '=', playerId)
        .forUpdate()
        .executeTakeFirst(),

    lockById: (q: Executor, id: string): Promise<PlayerBonusRow | undefined> =>
      q.selectFrom('player_bonuses').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    /** The account's active bonus, locked. */
    lockActive: (q: Executor, accountId: string): Promise<PlayerBonusRow | undefined> =>
      q
        .selectFrom('player_bonuses')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('status', '=', sql.lit(2))
        .forUpdate()
        .executeTakeFirst(),

    /** The account of a bonus (no lock: locks are taken account first, then the bonus). */
    accountOf: (q: Executor, id: string): Promise<{ account_id: string; player_id: string } | undefined> =>
      q.selectFrom('player_bonuses').select(['account_id', 'player_id']).where('id', '=', id).executeTakeFirst(),

    /**
     * Adds (or takes back, never below zero) wagering of an active bonus; undefined when the
     * bonus is no longer active. One statement on the bet path; the sportsbook column is set
     * only when a sportsbook round counts (at its settlement).
     */
    addWager: (
      q: Executor,
      id: string,
      casinoMinor: bigint,
      sportsbookMinor = 0n,
    ): Promise<PlayerBonusRow | undefined> =>
      q
        .updateTable('player_bonuses')
        .set({
          wagered_casino_minor: sql<bigint>`greatest(0, wagered_casino_minor + ${casinoMinor})`,
          ...(sportsbookMinor === 0n
            ? {}
            : { wagered_sportsbook_minor: sql<bigint>`greatest(0, wagered_sportsbook_minor + ${sportsbookMinor})` }),
        })
        .where('id', '=', id)
        .where('status', '=', sql.lit(2))
        .returningAll()
        .executeTakeFirst(),

    update: (q: Executor, id: string, patch: Updateable<PlayerBonusTable>): Promise<PlayerBonusRow> =>
      q.updateTable('player_bonuses').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

    listPlayerBonuses: (filter: PlayerListFilter): Promise<{ rows: PlayerBonusRow[]; total: number }> =>
      listPlayerRows(db, 'player_bonuses', filter),
  };
}

export type BonusesRepository = ReturnType<typeof createBonusesRepository>;
