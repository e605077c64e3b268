import { sql, type Expression, type Insertable, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type {
  GameCollectionGameTable,
  GameCollectionTable,
  GameLabelLinkTable,
  GameLabelTable,
  GameProviderTable,
  GameTable,
} from '../../db/schema';
import type { GameOrder } from './catalogue';

export type ProviderRow = Selectable<GameProviderTable> & { game_enabled_count: number };
export type CollectionRow = Selectable<GameCollectionTable> & { game_count: number };
export type LabelRow = Selectable<GameLabelTable>;
/** A game with the ids of its collections (in collection order) and of its labels. */
export type GameRow = Selectable<GameTable> & { collection_ids: string[]; label_ids: string[] };

/** What a games query keeps. References are resolved to ids by the service; an empty list matches nothing. */
export interface GameFilter {
  collectionIds?: string[];
  providerIds?: string[];
  /** Games matching any: by id (UUID-shaped values only) or by identity. */
  refs?: { ids: string[]; identities: string[] };
  identities?: string[];
  /** An ILIKE pattern, already escaped. */
  namePattern?: string;
  /** Drop games restricted in any of these countries. */
  countries?: string[];
  /** Keep games offered on this platform (1 mobile, 2 desktop). */
  platform?: number;
}

/** A whole catalogue to insert (the seed). */
export interface CatalogueRows {
  providers: Insertable<GameProviderTable>[];
  collections: Insertable<GameCollectionTable>[];
  labels: Insertable<GameLabelTable>[];
  games: Insertable<GameTable>[];
  collectionGames: Insertable<GameCollectionGameTable>[];
  labelLinks: Insertable<GameLabelLinkTable>[];
}

/** Batches keep each seed statement's parameter count modest. */
const INSERT_BATCH = 100;
/** The game type of sportsbooks: launched from the betting page, not listed in the lobby. */
const SPORTSBOOK_TYPE = 'sportsbook';

function* batches<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) yield rows.slice(i, i + INSERT_BATCH);
}

export function createGamesRepository(db: Db) {
  /**
   * Enabled games of enabled providers that pass the filter. A sportsbook is a game of the
   * catalogue (launched from the betting page) but never a lobby tile.
   */
  function filteredGames(filter: GameFilter) {
    return db
      .selectFrom('games as g')
      .innerJoin('game_providers as p', 'p.id', 'g.provider_id')
      .where('g.is_enabled', '=', true)
      .where('p.is_enabled', '=', true)
      .where('g.type', '<>', SPORTSBOOK_TYPE)
      .where((eb) => {
        const conditions: Expression<SqlBool>[] = [];
        const none = sql<SqlBool>`false`;
        if (filter.providerIds)
          conditions.push(filter.providerIds.length > 0 ? eb('g.provider_id', 'in', filter.providerIds) : none);
        if (filter.collectionIds) {
          conditions.push(
            filter.collectionIds.length > 0
              ? eb.exists(
                  eb
                    .selectFrom('game_collection_games as cg')
                    .select('cg.game_id')
                    .whereRef('cg.game_id', '=', 'g.id')
                    .where('cg.collection_id', 'in', filter.collectionIds),
                )
              : none,
          );
        }
        if (filter.refs) {
          const { ids, identities } = filter.refs;
          const either: Expression<SqlBool>[] = [];
          if (ids.length > 0) either.push(eb('g.id', 'in', ids));
          if (identities.length > 0) either.push(eb('g.identity', 'in', identities));
          conditions.push(either.length > 0 ? eb.or(either) : none);
        }
        if (filter.identities)
          conditions.push(filter.identities.length > 0 ? eb('g.identity', 'in', filter.identities) : none);
        // ILIKE's default escape character is the backslash, which likeContains uses.
        if (filter.namePattern !== undefined) conditions.push(eb('g.name', 'ilike', filter.namePattern));
        for (const country of filter.countries ?? [])
          conditions.push(sql<SqlBool>`not (${country} = any(g.restricted_countries))`);
        if (filter.platform !== undefined)
          conditions.push(sql<SqlBool>`${filter.platform}::smallint = any(g.platforms)`);
        return eb.and(conditions);
      });
  }

  return {
    /** Enabled providers with their number of enabled games, in catalogue order. */
    async listProviders(): Promise<ProviderRow[]> {
      const rows = await db
        .selectFrom('game_providers as p')
        .selectAll('p')
        .select((eb) =>
          eb
            .selectFrom('games as g')
            .whereRef('g.provider_id', '=', 'p.id')
            .where('g.is_enabled', '=', true)
            .where('g.type', '<>', SPORTSBOOK_TYPE)
            .select(eb.fn.countAll<bigint>().as('n'))
            .as('game_enabled_count'),
        )
        .where('p.is_enabled', '=', true)
        .orderBy('p.position')
        .orderBy(sql`lower(p.name)`)
        .execute();
      return rows.map((row) => ({ ...row, game_enabled_count: Number(row.game_enabled_count ?? 0) }));
    },

    /** Every collection, hidden ones included, with its number of playable games, in position order. */
    async listCollections(): Promise<CollectionRow[]> {
      const rows = await db
        .selectFrom('game_collections as c')
        .selectAll('c')
        .select((eb) =>
          eb
            .selectFrom('game_collection_games as cg')
            .innerJoin('games as g', 'g.id', 'cg.game_id')
            .innerJoin('game_providers as p', 'p.id', 'g.provider_id')
            .whereRef('cg.collection_id', '=', 'c.id')
            .where('g.is_enabled', '=', true)
            .where('p.is_enabled', '=', true)
            .select(eb.fn.countAll<bigint>().as('n'))
            .as('game_count'),
        )
        .orderBy('c.position')
        .orderBy('c.identity')
        .execute();
      return rows.map((row) => ({ ...row, game_count: Number(row.game_count ?? 0) }));
    },

    async listLabels(): Promise<LabelRow[]> {
      return db.selectFrom('game_labels').selectAll().orderBy('name').execute();
    },

    /** One page of the filtered games and the number of all of them. */
    async findGames(
      filter: GameFilter,
      order: GameOrder,
      page: { limit: number; offset: number },
    ): Promise<{ rows: GameRow[]; totalRows: number }> {
      const count = await filteredGames(filter)
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow();
      const totalRows = Number(count.n);
      // A page past the end needs no second query (and no huge OFFSET reaches the database).
      if (page.offset >= totalRows) return { rows: [], totalRows };
      let query = filteredGames(filter).selectAll('g').select(gameLinks);
      const { direction } = order;
      if (order.by === 'identities') {
        const cases = order.identities.map((identity, index) => sql`when ${identity} then ${sql.lit(index)}`);
        query = query.orderBy(sql`case g.identity ${sql.join(cases, sql` `)} end`, direction);
      } else if (order.by === 'collection') {
        query = query.orderBy(
          sql`(select cg.position from game_collection_games cg where cg.game_id = g.id and cg.collection_id = ${order.collectionId})`,
          direction,
        );
      } else if (order.by === 'score') {
        query = query.orderBy('g.score', direction);
      } else if (order.by === 'newest') {
        query = query.orderBy('g.released_at', direction);
      } else if (order.by === 'name') {
        query = query.orderBy(sql`lower(g.name)`, direction);
      }
      // Ties (and the default) follow the lobby order; the id makes pages stable.
      const rows = await query
        .orderBy('g.position', order.by === 'position' ? direction : 'asc')
        .orderBy(sql`lower(g.name)`)
        .orderBy('g.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows, totalRows };
    },

    /** An enabled game of an enabled provider, by id (UUID-shaped references only) or identity. */
    async findGame(ref: { id?: string; identity: string }): Promise<GameRow | undefined> {
      return db
        .selectFrom('games as g')
        .innerJoin('game_providers as p', 'p.id', 'g.provider_id')
        .where('g.is_enabled', '=', true)
        .where('p.is_enabled', '=', true)
        .where((eb) =>
          ref.id
            ? eb.or([eb('g.id', '=', ref.id), eb('g.identity', '=', ref.identity)])
            : eb('g.identity', '=', ref.identity),
        )
        .selectAll('g')
        .select(gameLinks)
        .executeTakeFirst();
    },

    /** A game's id by id or identity, disabled games included; undefined when there is no such game. */
    async findGameId(ref: { id?: string; identity: string }): Promise<string | undefined> {
      const row = await db
        .selectFrom('games as g')
        .select('g.id')
        .where((eb) =>
          ref.id
            ? eb.or([eb('g.id', '=', ref.id), eb('g.identity', '=', ref.identity)])
            : eb('g.identity', '=', ref.identity),
        )
        .executeTakeFirst();
      return row?.id;
    },

    /** The player's favourites among playable games, the latest added first. */
    async listFavouriteGames(playerId: string): Promise<GameRow[]> {
      return filteredGames({})
        .innerJoin('game_favourites as f', 'f.game_id', 'g.id')
        .where('f.player_id', '=', playerId)
        .selectAll('g')
        .select(gameLinks)
        .orderBy('f.created_at', 'desc')
        .orderBy('g.id')
        .execute();
    },

    /**
     * Adds a favourite unless the player already has `max` (disabled games count: they may
     * come back). Serialised per player so that concurrent adds cannot pass the cap.
     */
    async addFavourite(playerId: string, gameId: string, max: number): Promise<'added' | 'present' | 'full'> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtextextended(${`game-favourites:${playerId}`}, 0))`.execute(trx);
        const present = await trx
          .selectFrom('game_favourites')
          .select('game_id')
          .where('player_id', '=', playerId)
          .where('game_id', '=', gameId)
          .executeTakeFirst();
        if (present) return 'present';
        const count = await trx
          .selectFrom('game_favourites')
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .where('player_id', '=', playerId)
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= max) return 'full';
        await trx.insertInto('game_favourites').values({ player_id: playerId, game_id: gameId }).execute();
        return 'added';
      });
    },

    async removeFavourite(playerId: string, gameId: string): Promise<void> {
      await db.deleteFrom('game_favourites').where('player_id', '=', playerId).where('game_id', '=', gameId).execute();
    },

    /** Distinct games the player launched (real or demo) that pass the filter, the latest launch first. */
    async listPlayedGames(playerId: string, filter: GameFilter, limit: number): Promise<GameRow[]> {
      return filteredGames(filter)
        .innerJoin(
          (eb) =>
            eb
              .selectFrom('game_sessions as s')
              .select((inner) => ['s.game_id', inner.fn.max('s.created_at').as('last_played_at')])
              .where('s.player_id', '=', playerId)
              .groupBy('s.game_id')
              .as('r'),
          (join) => join.onRef('r.game_id', '=', 'g.id'),
        )
        .selectAll('g')
        .select(gameLinks)
        .orderBy('r.last_played_at', 'desc')
        .orderBy('g.id')
        .limit(limit)
        .execute();
    },

    async countProviders(): Promise<number> {
      const row = await db
        .selectFrom('game_providers')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Inserts the rows that are missing (an operator's edits survive a re-run), in one transaction. */
    async insertCatalogue(rows: CatalogueRows): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const batch of batches(rows.providers))
          await trx
            .insertInto('game_providers')
            .values(batch)
            .onConflict((oc) => oc.doNothing())
            .execute();
        for (const batch of batches(rows.collections))
          await trx
            .insertInto('game_collections')
            .values(batch)
            .onConflict((oc) => oc.doNothing())
            .execute();
        for (const batch of batches(rows.labels))
          await trx
            .insertInto('game_labels')
            .values(batch)
            .onConflict((oc) => oc.doNothing())
            .execute();
        for (const batch of batches(rows.games))
          await trx
            .insertInto('games')
            .values(batch)
            .onConflict((oc) => oc.doNothing())
            .execute();
        for (const batch of batches(rows.collectionGames))
          await trx
            .insertInto('game_collection_games')
            .values(batch)
            .onConflict((oc) => oc.doNothing())
            .execute();
        for (const batch of batches(rows.labelLinks))
          await trx
            .insertInto('game_label_links')
            .values(batch)
            .onConflict((oc) => oc.doNothing())
            .execute();
      });
    },
  };
}

export type GamesRepository = ReturnType<typeof createGamesRepository>;

/** The ids of a game's collections and labels, as text arrays (parsed alike by both drivers). */
function gameLinks() {
  return [
    sql<string[]>`array(
      select cg.collection_id::text from game_collection_games cg
      join game_collections c on c.id = cg.collection_id
      where cg.game_id = g.id order by c.position, c.identity)`.as('collection_ids'),
    sql<string[]>`array(
      select gl.label_id::text from game_label_links gl
      where gl.game_id = g.id order by gl.position, gl.label_id)`.as('label_ids'),
  ];
}
