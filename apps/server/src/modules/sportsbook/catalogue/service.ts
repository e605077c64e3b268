import type {
  LiveScore,
  Sport,
  SportsbookEventDetail,
  SportsbookEventsQuery,
  SportsbookEventSummary,
  SportsbookMarket,
} from '@croupier/contract';
import { AppError } from '../../../lib/errors';
import {
  MAIN_MARKET_TYPES,
  type CatalogueRepository,
  type EventRow,
  type ListedStatus,
  type MarketRow,
  type OutcomeRow,
} from './repository';

type PagedEvents = {
  data: SportsbookEventSummary[];
  meta: { page: number; perPage: number; totalPages: number; totalRows: number };
};

function toEvent(row: EventRow): Omit<SportsbookEventSummary, 'mainMarket'> {
  return {
    id: row.id,
    sport: { id: row.sport_id, key: row.sport_key as Sport['key'], name: row.sport_name },
    competition: { id: row.competition_id, name: row.competition_name, region: row.competition_region },
    home: { id: row.home_id, name: row.home_name },
    away: { id: row.away_id, name: row.away_name },
    startsAt: row.starts_at.toISOString(),
    status: row.status,
    // Written by the ingestor from the feed's LiveScore (sb_events.score).
    score: (row.score ?? null) as LiveScore | null,
    clock:
      row.clock_period === null
        ? null
        : { period: row.clock_period, seconds: row.clock_seconds, running: row.clock_running ?? false },
    bestOf: row.best_of,
  };
}

function toMarkets(markets: readonly MarketRow[], outcomes: readonly OutcomeRow[]): SportsbookMarket[] {
  const byMarket = new Map<string, OutcomeRow[]>();
  for (const o of outcomes) {
    const list = byMarket.get(o.market_id) ?? [];
    list.push(o);
    byMarket.set(o.market_id, list);
  }
  return markets.map((m) => ({
    id: m.id,
    // The migration's check allows only these types.
    type: m.type as SportsbookMarket['type'],
    // Quarters to the line: a multiple of 0.25 is exact in binary.
    line: m.line_quarters === null ? null : m.line_quarters / 4,
    number: m.number,
    status: m.status === 'suspended' ? 'suspended' : 'open',
    outcomes: (byMarket.get(m.id) ?? []).map((o) => ({
      id: o.id,
      key: o.key,
      oddsMilli: o.odds_milli,
      active: o.active,
    })),
  }));
}

/** The catalogue's read side (docs/sportsbook.md, "API"). */
export function createCatalogue(deps: { repository: CatalogueRepository }) {
  const { repository } = deps;
  return {
    async listSports(): Promise<Sport[]> {
      const rows = await repository.sportCounts();
      return rows.map((r) => ({
        id: r.id,
        key: r.key as Sport['key'],
        name: r.name,
        liveEvents: r.live,
        upcomingEvents: r.upcoming,
      }));
    },

    async listEvents(query: SportsbookEventsQuery): Promise<PagedEvents> {
      const statuses: ListedStatus[] =
        query.status === 'live' ? ['live'] : query.status === 'upcoming' ? ['scheduled'] : ['live', 'scheduled'];
      const { rows, totalRows } = await repository.pageEvents(
        { sport: query.sport, competitionId: query.competition, statuses },
        { page: query.page, perPage: query.perPage },
      );
      const { markets, outcomes } = await repository.mainMarkets(rows.map((r) => r.id));
      const eventOf = new Map(markets.map((m) => [m.id, m.event_id]));
      const rank = (type: string) => MAIN_MARKET_TYPES.findIndex((t) => t === type);
      const mainByEvent = new Map<string, SportsbookMarket>();
      // match_winner before match_result: the first type an event has is its main market.
      for (const market of toMarkets(markets, outcomes).sort((a, b) => rank(a.type) - rank(b.type))) {
        const eventId = eventOf.get(market.id);
        if (eventId !== undefined && !mainByEvent.has(eventId)) mainByEvent.set(eventId, market);
      }
      return {
        data: rows.map((row) => ({ ...toEvent(row), mainMarket: mainByEvent.get(row.id) ?? null })),
        meta: {
          page: query.page,
          perPage: query.perPage,
          totalPages: Math.ceil(totalRows / query.perPage),
          totalRows,
        },
      };
    },

    /** 404 for an unknown or removed event. */
    async getEvent(eventId: string): Promise<SportsbookEventDetail> {
      const row = await repository.findEvent(eventId);
      if (!row) throw AppError.notFound('No such event.');
      const { markets, outcomes } = await repository.eventMarkets(eventId);
      return { ...toEvent(row), markets: toMarkets(markets, outcomes) };
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
