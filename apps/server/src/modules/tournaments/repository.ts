import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  Database,
  TournamentCurrencyTable,
  TournamentEntryTable,
  TournamentPrizeTable,
  TournamentTable,
} from '../../db/schema';

export type TournamentRow = Selectable<TournamentTable>;
export type TournamentCurrencyRow = Selectable<TournamentCurrencyTable>;
export type TournamentPrizeRow = Selectable<TournamentPrizeTable>;
export type TournamentEntryRow = Selectable<TournamentEntryTable>;

type Q = Kysely<Database> | Transaction<Database>;

/** A tournament with the currencies it scores. */
export interface TournamentDefinition extends TournamentRow {
  currencies: TournamentCurrencyRow[];
}

export interface NewTournament {
  identity: string;
  title: string;
  description: string;
  scoring: number;
  startAt: Date;
  endAt: Date;
  confirmationRequired: boolean;
  baseCurrency: string;
  gameCollections: string[];
  gameCollectionsExcluded: boolean;
  currencies: {
    currency: string;
    rate: string;
    minBetMinor: bigint | null;
    minBetInclusive: boolean;
    maxBetMinor: bigint | null;
    maxBetInclusive: boolean;
  }[];
  prizes: { place: number; title: string; bonusId: string }[];
}

/** A change to one player's entry from one batch of activity. */
export interface EntryChange {
  tournamentId: string;
  playerId: string;
  /** Additive scorings: points to add (hundredths, may be negative). */
  deltaPoints: bigint;
  /** Biggest multiplier: the best candidate of the batch (hundredths), else null. */
  bestPoints: bigint | null;
  /** When the last change of the batch happened (the tie-break). */
  reachedAt: Date;
  currency: string;
  rounds: number;
}

export interface Standing {
  playerId: string;
  nickname: string | null;
  points: bigint;
  place: number;
  currency: string | null;
  rounds: number;
  joinedAt: Date;
  reachedAt: Date;
}

/** The leaderboard order: points, then who got there first, then the player id (a total order). */
const RANK_ORDER = sql`e.points desc, e.reached_at asc, e.player_id asc`;

/** How the clock's states read in SQL (`now` as a parameter, so every query agrees with the caller's clock). */
function stateCondition(state: number, now: Date) {
  switch (state) {
    case 2:
      return sql<boolean>`(t.start_at > ${now} and t.completed_at is null)`;
    case 3:
      return sql<boolean>`(t.start_at <= ${now} and t.end_at > ${now} and t.completed_at is null)`;
    case 4:
      return sql<boolean>`(t.end_at <= ${now} and t.completed_at is null)`;
    default:
      return sql<boolean>`(t.completed_at is not null)`;
  }
}

/** SQL of tournaments, their entries (the database leaderboard) and awards. */
export function createTournamentsRepository(db: Kysely<Database>) {
  async function currenciesOf(q: Q, ids: readonly string[]): Promise<Map<string, TournamentCurrencyRow[]>> {
    const map = new Map<string, TournamentCurrencyRow[]>();
    if (ids.length === 0) return map;
    const rows = await q
      .selectFrom('tournament_currencies')
      .selectAll()
      .where('tournament_id', 'in', ids)
      .orderBy('currency')
      .execute();
    for (const row of rows) {
      const list = map.get(row.tournament_id) ?? [];
      list.push(row);
      map.set(row.tournament_id, list);
    }
    return map;
  }

  async function withCurrencies(q: Q, rows: TournamentRow[]): Promise<TournamentDefinition[]> {
    const currencies = await currenciesOf(
      q,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, currencies: currencies.get(row.id) ?? [] }));
  }

  async function standings(q: Q, tournamentId: string, limit: number): Promise<Standing[]> {
    const rows = await sql<{
      player_id: string;
      nickname: string | null;
      points: bigint;
      currency: string | null;
      rounds: number;
      joined_at: Date;
      reached_at: Date;
    }>`select e.player_id, p.nickname, e.points, e.currency, e.rounds, e.joined_at, e.reached_at
        from tournament_entries e join players p on p.id = e.player_id
        where e.tournament_id = ${tournamentId}
        order by ${RANK_ORDER}
        limit ${limit}`.execute(q);
    return rows.rows.map((row, index) => ({
      playerId: row.player_id,
      nickname: row.nickname,
      points: BigInt(row.points),
      place: index + 1,
      currency: row.currency,
      rounds: Number(row.rounds),
      joinedAt: row.joined_at,
      reachedAt: row.reached_at,
    }));
  }

  async function placeOf(
    q: Q,
    tournamentId: string,
    playerId: string,
  ): Promise<{ points: bigint; place: number } | null> {
    const row = await sql<{ points: bigint; place: string }>`
      select e.points, (select count(*) + 1 from tournament_entries o
          where o.tournament_id = e.tournament_id
            and (o.points > e.points
              or (o.points = e.points and o.reached_at < e.reached_at)
              or (o.points = e.points and o.reached_at = e.reached_at and o.player_id < e.player_id)))::text as place
        from tournament_entries e
        where e.tournament_id = ${tournamentId} and e.player_id = ${playerId}`.execute(q);
    const found = row.rows[0];
    return found ? { points: BigInt(found.points), place: Number(found.place) } : null;
  }

  return {
    db,

    async create(trx: Transaction<Database>, input: NewTournament): Promise<TournamentRow> {
      const row = await trx
        .insertInto('tournaments')
        .values({
          identity: input.identity,
          title: input.title,
          description: input.description,
          scoring: input.scoring,
          start_at: input.startAt,
          end_at: input.endAt,
          confirmation_required: input.confirmationRequired,
          base_currency: input.baseCurrency,
          game_collections: input.gameCollections,
          game_collections_excluded: input.gameCollectionsExcluded,
          completed_at: null,
        })
        .onConflict((oc) => oc.column('identity').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new Error(`tournament ${input.identity} exists`);
      await trx
        .insertInto('tournament_currencies')
        .values(
          input.currencies.map((c) => ({
            tournament_id: row.id,
            currency: c.currency,
            rate: c.rate,
            min_bet_minor: c.minBetMinor,
            min_bet_inclusive: c.minBetInclusive,
            max_bet_minor: c.maxBetMinor,
            max_bet_inclusive: c.maxBetInclusive,
          })),
        )
        .execute();
      if (input.prizes.length > 0) {
        await trx
          .insertInto('tournament_prizes')
          .values(
            input.prizes.map((p) => ({ tournament_id: row.id, place: p.place, title: p.title, bonus_id: p.bonusId })),
          )
          .execute();
      }
      return row;
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('tournaments')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async identityExists(identity: string): Promise<boolean> {
      const row = await db.selectFrom('tournaments').select('id').where('identity', '=', identity).executeTakeFirst();
      return row !== undefined;
    },

    /** By id (a UUID) or identity. */
    async find(q: Q, idOrIdentity: string): Promise<TournamentDefinition | undefined> {
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrIdentity);
      const row = await q
        .selectFrom('tournaments')
        .selectAll()
        .where(isUuid ? 'id' : 'identity', '=', idOrIdentity)
        .executeTakeFirst();
      if (!row) return undefined;
      return (await withCurrencies(q, [row]))[0];
    },

    /** The tournament row locked for its finish (null when it does not exist). */
    async lockForFinish(trx: Transaction<Database>, id: string): Promise<TournamentRow | undefined> {
      return trx.selectFrom('tournaments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async markCompleted(trx: Transaction<Database>, id: string, at: Date): Promise<void> {
      await trx.updateTable('tournaments').set({ completed_at: at }).where('id', '=', id).execute();
    },

    /** Tournaments not completed: their finish jobs are made sure of at start. */
    async listOpen(): Promise<TournamentRow[]> {
      return db.selectFrom('tournaments').selectAll().where('completed_at', 'is', null).execute();
    },

    /**
     * Tournaments whose window overlaps [from, to] and that are not completed, held with a
     * share lock: the finish (which locks the row for update) waits for the batch, and a
     * batch after the finish sees it completed.
     */
    async scoringIn(trx: Transaction<Database>, from: Date, to: Date): Promise<TournamentDefinition[]> {
      const rows = await trx
        .selectFrom('tournaments')
        .selectAll()
        .where('completed_at', 'is', null)
        .where('start_at', '<=', to)
        .where('end_at', '>', from)
        .orderBy('id')
        .forShare()
        .execute();
      return withCurrencies(trx, rows);
    },

    /** The collection identities of each game (for the games condition). */
    async collectionsOfGames(q: Q, gameIds: readonly string[]): Promise<Map<string, Set<string>>> {
      const map = new Map<string, Set<string>>();
      if (gameIds.length === 0) return map;
      const rows = await q
        .selectFrom('game_collection_games as gcg')
        .innerJoin('game_collections as gc', 'gc.id', 'gcg.collection_id')
        .select(['gcg.game_id', 'gc.identity'])
        .where('gcg.game_id', 'in', gameIds)
        .execute();
      for (const row of rows) {
        const set = map.get(row.game_id) ?? new Set<string>();
        set.add(row.identity);
        map.set(row.game_id, set);
      }
      return map;
    },

    /** Entries of the given players in the given tournaments: when each joined. */
    async joinedAt(
      trx: Transaction<Database>,
      tournamentIds: readonly string[],
      playerIds: readonly string[],
    ): Promise<Map<string, Date>> {
      const map = new Map<string, Date>();
      if (tournamentIds.length === 0 || playerIds.length === 0) return map;
      const rows = await trx
        .selectFrom('tournament_entries')
        .select(['tournament_id', 'player_id', 'joined_at'])
        .where('tournament_id', 'in', tournamentIds)
        .where('player_id', 'in', playerIds)
        .execute();
      for (const row of rows) map.set(`${row.tournament_id}:${row.player_id}`, row.joined_at);
      return map;
    },

    /**
     * Applies a batch's changes. Additive scorings add; the biggest multiplier keeps the
     * greater. Points that do not move keep their `reached_at` (the earlier time wins ties).
     */
    async applyChanges(trx: Transaction<Database>, changes: readonly EntryChange[], joinedAt: Date): Promise<void> {
      for (const change of changes) {
        const best = change.bestPoints;
        const initial = best ?? change.deltaPoints;
        await sql`insert into tournament_entries as e
            (tournament_id, player_id, points, reached_at, joined_at, currency, rounds, updated_at)
          values (${change.tournamentId}, ${change.playerId}, ${initial}, ${change.reachedAt}, ${joinedAt},
            ${change.currency}, ${change.rounds}, ${joinedAt})
          on conflict (tournament_id, player_id) do update set
            points = ${best === null ? sql`e.points + excluded.points` : sql`greatest(e.points, excluded.points)`},
            reached_at = case when ${
              best === null ? sql`excluded.points <> 0` : sql`excluded.points > e.points`
            } then excluded.reached_at else e.reached_at end,
            currency = excluded.currency,
            rounds = e.rounds + excluded.rounds,
            updated_at = excluded.updated_at`.execute(trx);
      }
    },

    /**
     * Joins a player (nothing when already joined). The times are the database's, as the
     * game calls' are, so that a round played right after joining is never "before" it.
     */
    async join(q: Q, tournamentId: string, playerId: string): Promise<void> {
      await q
        .insertInto('tournament_entries')
        .values({ tournament_id: tournamentId, player_id: playerId, points: 0n })
        .onConflict((oc) => oc.columns(['tournament_id', 'player_id']).doNothing())
        .execute();
    },

    standings,
    placeOf,

    async prizes(q: Q, tournamentId: string): Promise<TournamentPrizeRow[]> {
      return q
        .selectFrom('tournament_prizes')
        .selectAll()
        .where('tournament_id', '=', tournamentId)
        .orderBy('place')
        .execute();
    },

    async awards(q: Q, tournamentId: string) {
      return q
        .selectFrom('tournament_awards as a')
        .innerJoin('players as p', 'p.id', 'a.player_id')
        .select(['a.place', 'a.player_id', 'p.nickname', 'a.points', 'a.created_at'])
        .where('a.tournament_id', '=', tournamentId)
        .orderBy('a.place')
        .execute();
    },

    /** Notes why the bonus engine refused an award's bonus. */
    async awardRefused(trx: Transaction<Database>, tournamentId: string, place: number, error: string): Promise<void> {
      await trx
        .updateTable('tournament_awards')
        .set({ issue_error: error.slice(0, 2_000) })
        .where('tournament_id', '=', tournamentId)
        .where('place', '=', place)
        .execute();
    },

    /** Records an award; false when the place was awarded before. */
    async award(
      trx: Transaction<Database>,
      input: {
        tournamentId: string;
        place: number;
        playerId: string;
        points: bigint;
        currency: string;
        bonusId: string;
      },
    ): Promise<boolean> {
      const row = await trx
        .insertInto('tournament_awards')
        .values({
          tournament_id: input.tournamentId,
          place: input.place,
          player_id: input.playerId,
          points: input.points,
          currency: input.currency,
          bonus_id: input.bonusId,
          issue_error: null,
        })
        .onConflict((oc) => oc.columns(['tournament_id', 'place']).doNothing())
        .returning('place')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A page of tournaments (newest start first) with each one's number of entries. */
    async page(
      filter: { states?: number[] | undefined; identities?: string[] | undefined; now: Date },
      page: { page: number; perPage: number },
    ): Promise<{ rows: (TournamentDefinition & { participants: number })[]; totalRows: number }> {
      const conditions = [];
      if (filter.states && filter.states.length > 0) {
        conditions.push(
          sql`(${sql.join(
            filter.states.map((state) => stateCondition(state, filter.now)),
            sql` or `,
          )})`,
        );
      }
      if (filter.identities && filter.identities.length > 0) {
        conditions.push(sql`t.identity in (${sql.join(filter.identities)})`);
      }
      const whereSql = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
      const [rows, total] = await Promise.all([
        sql<TournamentRow & { participants: string }>`select t.*,
            (select count(*) from tournament_entries e where e.tournament_id = t.id)::text as participants
          from tournaments t ${whereSql}
          order by t.start_at desc, t.id
          limit ${page.perPage} offset ${(page.page - 1) * page.perPage}`.execute(db),
        sql<{ count: string }>`select count(*)::text as count from tournaments t ${whereSql}`.execute(db),
      ]);
      const defs = await withCurrencies(db, rows.rows);
      return {
        rows: defs.map((def, index) => ({ ...def, participants: Number(rows.rows[index]?.participants ?? 0) })),
        totalRows: Number(total.rows[0]?.count ?? 0),
      };
    },

    async participants(q: Q, tournamentId: string): Promise<number> {
      const row = await q
        .selectFrom('tournament_entries')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('tournament_id', '=', tournamentId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type TournamentsRepository = ReturnType<typeof createTournamentsRepository>;
