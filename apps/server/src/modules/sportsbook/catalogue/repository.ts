import { SPORTSBOOK_MARKET_TYPES, SPORTSBOOK_SPORT_KEYS } from '@croupier/contract';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, SbMarketTable, SbOutcomeTable } from '../../../db/schema';

/**
 * The catalogue's reads over the ingestor's sb_* tables (migration 0045). Removed events
 * are never read; the lists use sb_events_listing_idx, markets sb_markets_event_idx.
 */

type Q = Kysely<Database> | Transaction<Database>;

export type MarketRow = Selectable<SbMarketTable>;
export type OutcomeRow = Selectable<SbOutcomeTable>;

/** The statuses listed: live, and scheduled (the API's "upcoming"). */
export type ListedStatus = 'live' | 'scheduled';

export interface SportCountRow {
  id: string;
  key: string;
  name: string;
  live: number;
  upcoming: number;
}

export interface EventRow {
  id: string;
  sport_id: string;
  sport_key: string;
  sport_name: string;
  competition_id: string;
  competition_name: string;
  competition_region: string;
  home_id: string;
  home_name: string;
  away_id: string;
  away_name: string;
  starts_at: Date;
  status: 'scheduled' | 'live' | 'ended' | 'cancelled';
  score: unknown;
  clock_period: number | null;
  clock_seconds: number | null;
  clock_running: boolean | null;
  best_of: number | null;
}

export interface EventFilter {
  /** A sport's id or key. */
  sport?: string | undefined;
  competitionId?: string | undefined;
  statuses: readonly ListedStatus[];
}

/** Markets the API shows. */
const SHOWN_MARKET_STATUSES = ['open', 'suspended'] as const;
/** The main market of a listed event, the first of these it has. */
export const MAIN_MARKET_TYPES = ['match_winner', 'match_result'] as const;

const sportOrder = sql`array_position(${sql.val([...SPORTSBOOK_SPORT_KEYS])}::text[], s.key)`;

export function createCatalogueRepository(db: Q) {
  function eventsQuery() {
    return db
      .selectFrom('sb_events as e')
      .innerJoin('sb_sports as s', 's.id', 'e.sport_id')
      .innerJoin('sb_competitions as c', 'c.id', 'e.competition_id')
      .where('e.removed_at', 'is', null);
  }

  const eventColumns = [
    'e.id',
    'e.sport_id',
    's.key as sport_key',
    's.name as sport_name',
    'e.competition_id',
    'c.name as competition_name',
    'c.region as competition_region',
    'e.home_id',
    'e.home_name',
    'e.away_id',
    'e.away_name',
    'e.starts_at',
    'e.status',
    'e.score',
    'e.clock_period',
    'e.clock_seconds',
    'e.clock_running',
    'e.best_of',
  ] as const;

  async function outcomesOf(marketIds: readonly string[]): Promise<OutcomeRow[]> {
    if (marketIds.length === 0) return [];
    return db
      .selectFrom('sb_outcomes')
      .selectAll()
      .where('market_id', 'in', [...marketIds])
      .orderBy('market_id')
      .orderBy('position')
      .execute();
  }

  return {
    /** Every sport with its live and upcoming events (not removed), in the feed's sport order. */
    async sportCounts(): Promise<SportCountRow[]> {
      const rows = await sql<SportCountRow>`
        select s.id, s.key, s.name,
          count(e.id) filter (where e.status = 'live')::int as live,
          count(e.id) filter (where e.status = 'scheduled')::int as upcoming
        from sb_sports s
        left join sb_events e
          on e.sport_id = s.id and e.removed_at is null and e.status in ('live', 'scheduled')
        group by s.id, s.key, s.name
        order by ${sportOrder}, s.id`.execute(db);
      return rows.rows;
    },

    /** A page of events (start time, then id) and how many match the filter. */
    async pageEvents(
      filter: EventFilter,
      page: { page: number; perPage: number },
    ): Promise<{ rows: EventRow[]; totalRows: number }> {
      let query = eventsQuery().where('e.status', 'in', [...filter.statuses]);
      if (filter.sport !== undefined) {
        const sport = filter.sport;
        query = query.where('e.sport_id', 'in', (eb) =>
          eb
            .selectFrom('sb_sports')
            .select('id')
            .where(sql<boolean>`id = ${sport} or key = ${sport}`),
        );
      }
      if (filter.competitionId !== undefined) query = query.where('e.competition_id', '=', filter.competitionId);
      const counted = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
      const totalRows = counted.total;
      if (totalRows === 0) return { rows: [], totalRows };
      const rows = await query
        .select(eventColumns)
        .orderBy('e.starts_at')
        .orderBy('e.id')
        .limit(page.perPage)
        .offset((page.page - 1) * page.perPage)
        .execute();
      return { rows, totalRows };
    },

    /** One event not removed, or undefined. */
    async findEvent(eventId: string): Promise<EventRow | undefined> {
      const row = await eventsQuery().select(eventColumns).where('e.id', '=', eventId).executeTakeFirst();
      return row;
    },

    /** The shown main-market candidates of these events, with their outcomes. */
    async mainMarkets(eventIds: readonly string[]): Promise<{ markets: MarketRow[]; outcomes: OutcomeRow[] }> {
      if (eventIds.length === 0) return { markets: [], outcomes: [] };
      const markets = await db
        .selectFrom('sb_markets')
        .selectAll()
        .where('event_id', 'in', [...eventIds])
        .where('type', 'in', [...MAIN_MARKET_TYPES])
        .where('status', 'in', [...SHOWN_MARKET_STATUSES])
        .execute();
      return { markets, outcomes: await outcomesOf(markets.map((m) => m.id)) };
    },

    /** An event's shown markets in type order (then set or map, then line), with their outcomes. */
    async eventMarkets(eventId: string): Promise<{ markets: MarketRow[]; outcomes: OutcomeRow[] }> {
      const markets = await db
        .selectFrom('sb_markets')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('status', 'in', [...SHOWN_MARKET_STATUSES])
        .orderBy(sql`array_position(${sql.val([...SPORTSBOOK_MARKET_TYPES])}::text[], type)`)
        .orderBy('number', (ob) => ob.nullsFirst())
        .orderBy('line_quarters', (ob) => ob.nullsFirst())
        .orderBy('id')
        .execute();
      return { markets, outcomes: await outcomesOf(markets.map((m) => m.id)) };
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
