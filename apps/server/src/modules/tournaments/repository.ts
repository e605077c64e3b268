import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  Database,
  TournamentCurrencyTable,
  TournamentEntryTable,
  TournamentPrizeTable,
  TournamentRecurrence,
  TournamentSeriesTable,
  TournamentTable,
} from '../../db/schema';

export type TournamentRow = Selectable<TournamentTable>;
export type TournamentCurrencyRow = Selectable<TournamentCurrencyTable>;
export type TournamentPrizeRow = Selectable<TournamentPrizeTable>;
export type TournamentEntryRow = Selectable<TournamentEntryTable>;
export type TournamentSeriesRow = Selectable<TournamentSeriesTable>;

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
  prizes: NewPrize[];
  /** An occurrence of a recurring series (its `recurrence` shown while the series goes on). */
  seriesId?: string | null;
  recurrence?: TournamentRecurrence | null;
}

/** A prize: a bonus (1) or free spins (3) name their bonus; cash (2) its amount per currency. */
export interface NewPrize {
  place: number;
  title: string;
  /** TournamentPrizeType; 1 when absent. */
  type?: number;
  bonusId: string | null;
  amounts?: { currency: string; amountMinor: bigint }[];
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

/** An entry's absolute values, as the Redis leaderboard stores them. */
export interface EntryValue {
  playerId: string;
  /** Hundredths. */
  points: bigint;
  /** `reached_at` in microseconds since the epoch (the column's full precision). */
  reachedUs: bigint;
}

/** `reached_at` in microseconds, as text (numeric in PostgreSQL 14 and later: exact). */
const REACHED_US = sql<string>`(extract(epoch from reached_at) * 1000000)::bigint::text`;

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
          series_id: input.seriesId ?? null,
          recurrence: input.recurrence ?? null,
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
            input.prizes.map((p) => ({
              tournament_id: row.id,
              place: p.place,
              title: p.title,
              type: p.type ?? 1,
              bonus_id: p.bonusId,
            })),
          )
          .execute();
        const amounts = input.prizes.flatMap((p) =>
          (p.amounts ?? []).map((a) => ({
            tournament_id: row.id,
            place: p.place,
            currency: a.currency,
            amount_minor: a.amountMinor,
          })),
        );
        if (amounts.length > 0) await trx.insertInto('tournament_prize_amounts').values(amounts).execute();
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
    async applyChanges(
      trx: Transaction<Database>,
      changes: readonly EntryChange[],
      joinedAt: Date,
    ): Promise<(EntryValue & { tournamentId: string })[]> {
      const values: (EntryValue & { tournamentId: string })[] = [];
      for (const change of changes) {
        const best = change.bestPoints;
        const initial = best ?? change.deltaPoints;
        const written = await sql<{ points: string; reached_us: string }>`insert into tournament_entries as e
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
            updated_at = excluded.updated_at
          returning e.points::text as points, ${REACHED_US} as reached_us`.execute(trx);
        const row = written.rows[0];
        if (!row) throw new Error('entry not written');
        values.push({
          tournamentId: change.tournamentId,
          playerId: change.playerId,
          points: BigInt(row.points),
          reachedUs: BigInt(row.reached_us),
        });
      }
      return values;
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

    /**
     * Several players' places in one pass over the tournament's entries in leaderboard
     * order (the rank index, no sort): cheaper than counting for each player once a batch
     * changes two or more of them, since each count reads every entry ranked before.
     */
    async placesOf(
      q: Q,
      tournamentId: string,
      playerIds: readonly string[],
    ): Promise<Map<string, { points: bigint; place: number }>> {
      const map = new Map<string, { points: bigint; place: number }>();
      if (playerIds.length === 0) return map;
      const rows = await sql<{ player_id: string; points: bigint; place: string }>`
        select r.player_id, r.points, r.place::text as place from (
          select e.player_id, e.points, row_number() over (order by ${RANK_ORDER}) as place
            from tournament_entries e where e.tournament_id = ${tournamentId}) r
        where r.player_id in (${sql.join(playerIds)})`.execute(q);
      for (const row of rows.rows) map.set(row.player_id, { points: BigInt(row.points), place: Number(row.place) });
      return map;
    },

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
        bonusId: string | null;
        prizeType?: number;
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
          prize_type: input.prizeType ?? 1,
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

    /** The cash prizes' amounts per place and currency (minor units). */
    async prizeAmounts(q: Q, tournamentId: string): Promise<Map<number, Map<string, bigint>>> {
      const rows = await q
        .selectFrom('tournament_prize_amounts')
        .select(['place', 'currency', 'amount_minor'])
        .where('tournament_id', '=', tournamentId)
        .orderBy('place')
        .orderBy('currency')
        .execute();
      const map = new Map<number, Map<string, bigint>>();
      for (const row of rows) {
        const byCurrency = map.get(row.place) ?? new Map<string, bigint>();
        byCurrency.set(row.currency, BigInt(row.amount_minor));
        map.set(row.place, byCurrency);
      }
      return map;
    },

    /** Notes the cash an award paid and its ledger transaction. */
    async awardPaid(
      trx: Transaction<Database>,
      award: { tournamentId: string; place: number; amountMinor: bigint; ledgerTransactionId: string },
    ): Promise<void> {
      await trx
        .updateTable('tournament_awards')
        .set({ amount_minor: award.amountMinor, ledger_transaction_id: award.ledgerTransactionId })
        .where('tournament_id', '=', award.tournamentId)
        .where('place', '=', award.place)
        .execute();
    },

    /** A new series; undefined when its identity is taken. */
    async createSeries(
      trx: Transaction<Database>,
      series: { identity: string; recurrence: TournamentRecurrence },
    ): Promise<TournamentSeriesRow | undefined> {
      return trx
        .insertInto('tournament_series')
        .values({ identity: series.identity, recurrence: series.recurrence, stopped_at: null })
        .onConflict((oc) => oc.column('identity').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async seriesIdentityExists(identity: string): Promise<boolean> {
      const row = await db
        .selectFrom('tournament_series')
        .select('id')
        .where('identity', '=', identity)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The series row locked (the next occurrence and a stop take turns on it). */
    async lockSeries(trx: Transaction<Database>, seriesId: string): Promise<TournamentSeriesRow | undefined> {
      return trx.selectFrom('tournament_series').selectAll().where('id', '=', seriesId).forUpdate().executeTakeFirst();
    },

    /** Stops a series (locked by the caller) and clears the recurrence its occurrences show. */
    async stopSeries(trx: Transaction<Database>, seriesId: string, at: Date): Promise<void> {
      await trx
        .updateTable('tournament_series')
        .set({ stopped_at: at })
        .where('id', '=', seriesId)
        .where('stopped_at', 'is', null)
        .execute();
      await trx.updateTable('tournaments').set({ recurrence: null }).where('series_id', '=', seriesId).execute();
    },

    /** Whether the series has an occurrence starting after `startAt` (the next one was made). */
    async laterOccurrenceExists(trx: Transaction<Database>, seriesId: string, startAt: Date): Promise<boolean> {
      const row = await trx
        .selectFrom('tournaments')
        .select('id')
        .where('series_id', '=', seriesId)
        .where('start_at', '>', startAt)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The next occurrence of a series: a copy of `fromId` (currencies, prizes and their
     * amounts) over the new window. Undefined when the series has one at that start already.
     */
    async createOccurrence(
      trx: Transaction<Database>,
      input: { fromId: string; identity: string; startAt: Date; endAt: Date },
    ): Promise<TournamentRow | undefined> {
      const created = await sql<TournamentRow>`insert into tournaments (identity, title, description, scoring,
          start_at, end_at, confirmation_required, base_currency, game_collections, game_collections_excluded,
          series_id, recurrence)
        select ${input.identity}, title, description, scoring, ${input.startAt}, ${input.endAt},
          confirmation_required, base_currency, game_collections, game_collections_excluded, series_id, recurrence
          from tournaments where id = ${input.fromId}
        on conflict (series_id, start_at) do nothing
        returning *`.execute(trx);
      const row = created.rows[0];
      if (!row) return undefined;
      await sql`insert into tournament_currencies (tournament_id, currency, rate, min_bet_minor, min_bet_inclusive,
          max_bet_minor, max_bet_inclusive)
        select ${row.id}, currency, rate, min_bet_minor, min_bet_inclusive, max_bet_minor, max_bet_inclusive
          from tournament_currencies where tournament_id = ${input.fromId}`.execute(trx);
      await sql`insert into tournament_prizes (tournament_id, place, title, type, bonus_id)
        select ${row.id}, place, title, type, bonus_id from tournament_prizes
          where tournament_id = ${input.fromId}`.execute(trx);
      await sql`insert into tournament_prize_amounts (tournament_id, place, currency, amount_minor)
        select ${row.id}, place, currency, amount_minor from tournament_prize_amounts
          where tournament_id = ${input.fromId}`.execute(trx);
      return row;
    },

    /** Occurrences not completed of series that go on: their next-occurrence jobs are made sure of at start. */
    async listOpenRecurring(): Promise<TournamentRow[]> {
      return db
        .selectFrom('tournaments')
        .selectAll()
        .where('completed_at', 'is', null)
        .where('series_id', 'is not', null)
        .where('recurrence', 'is not', null)
        .execute();
    },

    /** The tournament's row locked for a leaderboard rebuild (scoring batches and joins wait). */
    async lockForRebuild(trx: Transaction<Database>, id: string): Promise<{ completed_at: Date | null } | undefined> {
      return trx.selectFrom('tournaments').select('completed_at').where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** The tournament's row held for share while a player joins (a rebuild waits for the join). */
    async holdForJoin(trx: Transaction<Database>, id: string): Promise<void> {
      await trx.selectFrom('tournaments').select('id').where('id', '=', id).forShare().execute();
    },

    /** A page of entries' values by player id (a leaderboard rebuild). */
    async entryValuesPage(
      q: Q,
      tournamentId: string,
      afterPlayerId: string | null,
      limit: number,
    ): Promise<EntryValue[]> {
      const rows = await sql<{ player_id: string; points: string; reached_us: string }>`
        select player_id, points::text as points, ${REACHED_US} as reached_us from tournament_entries
          where tournament_id = ${tournamentId}
            ${afterPlayerId === null ? sql`` : sql`and player_id > ${afterPlayerId}`}
          order by player_id limit ${limit}`.execute(q);
      return rows.rows.map((row) => ({
        playerId: row.player_id,
        points: BigInt(row.points),
        reachedUs: BigInt(row.reached_us),
      }));
    },

    /** The given players' entries' values. */
    async entryValues(q: Q, tournamentId: string, playerIds: readonly string[]): Promise<EntryValue[]> {
      if (playerIds.length === 0) return [];
      const rows = await sql<{ player_id: string; points: string; reached_us: string }>`
        select player_id, points::text as points, ${REACHED_US} as reached_us from tournament_entries
          where tournament_id = ${tournamentId} and player_id in (${sql.join(playerIds)})`.execute(q);
      return rows.rows.map((row) => ({
        playerId: row.player_id,
        points: BigInt(row.points),
        reachedUs: BigInt(row.reached_us),
      }));
    },

    /** Players' nicknames by id (the top of a Redis leaderboard). */
    async nicknames(q: Q, playerIds: readonly string[]): Promise<Map<string, string | null>> {
      if (playerIds.length === 0) return new Map();
      const rows = await q.selectFrom('players').select(['id', 'nickname']).where('id', 'in', playerIds).execute();
      return new Map(rows.map((row) => [row.id, row.nickname]));
    },
  };
}

export type TournamentsRepository = ReturnType<typeof createTournamentsRepository>;
