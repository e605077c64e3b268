import type { Sport, SportsbookEventDetail, SportsbookEventSummary, SportsbookMarket } from '@croupier/contract';
import { SPORTSBOOK_MARKET_TYPES } from '@croupier/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createManualClock,
  SimulatedFeed,
  type FeedEvent,
  type FeedMarket,
  type FeedSnapshot,
} from '../src/modules/sportsbook/feed';
import { FeedIngestor } from '../src/modules/sportsbook/ingest';
import { useTestServer } from './fixtures';

/**
 * The catalogue read API (docs/sportsbook.md, "API") over what the ingestor stored from
 * the simulated feed: the sports' counts, the event lists (filters, paging, main market)
 * and an event's markets answer as the feed's snapshot says; removed events are gone.
 */

const START_MS = Date.UTC(2026, 10, 20, 12, 0);
const MINUTE_MS = 60_000;

const LISTED = new Set(['live', 'scheduled']);
const SHOWN = new Set(['open', 'suspended']);

function apiMarket(m: FeedMarket): SportsbookMarket {
  return {
    id: m.id,
    type: m.spec.type,
    line: 'line' in m.spec ? m.spec.line : null,
    number: m.spec.type === 'set_winner' ? m.spec.set : m.spec.type === 'map_winner' ? m.spec.map : null,
    status: m.status === 'suspended' ? 'suspended' : 'open',
    outcomes: m.outcomes.map((o) => ({ id: o.id, key: o.key, oddsMilli: Number(o.oddsMilli), active: o.active })),
  };
}

function mainMarketOf(snapshot: FeedSnapshot, eventId: string): SportsbookMarket | null {
  const shown = snapshot.markets.filter((m) => m.eventId === eventId && SHOWN.has(m.status));
  const main = shown.find((m) => m.spec.type === 'match_winner') ?? shown.find((m) => m.spec.type === 'match_result');
  return main ? apiMarket(main) : null;
}

function expectEvent(actual: SportsbookEventSummary | SportsbookEventDetail, e: FeedEvent, snapshot: FeedSnapshot) {
  const sport = snapshot.sports.find((s) => s.id === e.sportId)!;
  const competition = snapshot.competitions.find((c) => c.id === e.competitionId)!;
  expect(actual).toMatchObject({
    id: e.id,
    sport: { id: sport.id, key: sport.key, name: sport.name },
    competition: { id: competition.id, name: competition.name, region: competition.region },
    home: e.home,
    away: e.away,
    startsAt: new Date(e.startsAtMs).toISOString(),
    status: e.status,
    score: e.score,
    clock: e.clock,
    bestOf: e.bestOf,
  });
}

describe('sportsbook catalogue API', () => {
  const t = useTestServer();
  let feed: SimulatedFeed;
  let snapshot: FeedSnapshot;
  let removedId: string;

  async function get<T>(url: string): Promise<{ status: number; body: T }> {
    const response = await t.app.server.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json<T>() };
  }

  /** Every page of a list, `perPage` at a time. */
  async function allPages(query: string, perPage = 7) {
    const items: SportsbookEventSummary[] = [];
    let totalRows = -1;
    for (let page = 1; ; page++) {
      const { status, body } = await get<{
        data: SportsbookEventSummary[];
        meta: { page: number; perPage: number; totalPages: number; totalRows: number };
      }>(`/api/sportsbook/events?${query}&page=${page}&perPage=${perPage}`);
      expect(status).toBe(200);
      totalRows = body.meta.totalRows;
      expect(body.meta).toEqual({ page, perPage, totalPages: Math.ceil(totalRows / perPage), totalRows });
      items.push(...body.data);
      if (page >= body.meta.totalPages) break;
      expect(body.data).toHaveLength(perPage);
    }
    expect(items).toHaveLength(totalRows);
    return items;
  }

  function expectedEvents(filter: (e: FeedEvent) => boolean) {
    return snapshot.events.filter((e) => LISTED.has(e.status) && filter(e));
  }

  /** The same events as the snapshot's, each once, earliest start first. */
  function expectListing(items: SportsbookEventSummary[], expected: FeedEvent[]) {
    expect(items.map((i) => i.id).sort()).toEqual(expected.map((e) => e.id).sort());
    const starts = items.map((i) => Date.parse(i.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const item of items) {
      const e = expected.find((x) => x.id === item.id)!;
      expectEvent(item, e, snapshot);
      expect(item.mainMarket).toEqual(mainMarketOf(snapshot, e.id));
    }
  }

  beforeAll(async () => {
    await t.db.deleteFrom('sb_events').execute();
    await t.db.deleteFrom('sb_feed_state').execute();
    const clock = createManualClock(START_MS);
    feed = new SimulatedFeed({
      seed: 29,
      clock,
      matchDurationMs: 2 * MINUTE_MS,
      upcomingEvents: 16,
      minLive: 5,
      maxLive: 8,
      retainEndedMs: MINUTE_MS,
      scheduleHorizonMs: 10 * MINUTE_MS,
    });
    const ingestor = new FeedIngestor({ db: t.db, feed, flushMs: 0 });
    feed.start();
    await ingestor.start();
    // A few minutes of live play: scores, moving odds, suspensions, results, removals.
    for (let elapsed = 0; elapsed < 5 * MINUTE_MS; elapsed += 10_000) {
      clock.advance(10_000);
      await ingestor.flush();
    }
    await ingestor.stop();
    snapshot = feed.snapshot();
    const removed = await t.db.selectFrom('sb_events').select('id').where('removed_at', 'is not', null).execute();
    expect(removed.length).toBeGreaterThan(0);
    removedId = removed[0]!.id;
    expect(snapshot.events.some((e) => e.id === removedId)).toBe(false);
  }, 60_000);

  it('lists the sports with their live and upcoming events', async () => {
    const { status, body } = await get<{ data: Sport[] }>('/api/sportsbook/sports');
    expect(status).toBe(200);
    expect(body.data.map((s) => s.key)).toEqual(['football', 'tennis', 'basketball', 'esports']);
    for (const sport of body.data) {
      const events = snapshot.events.filter((e) => e.sportId === sport.id);
      expect(sport).toEqual({
        id: sport.id,
        key: snapshot.sports.find((s) => s.id === sport.id)!.key,
        name: snapshot.sports.find((s) => s.id === sport.id)!.name,
        liveEvents: events.filter((e) => e.status === 'live').length,
        upcomingEvents: events.filter((e) => e.status === 'scheduled').length,
      });
    }
    expect(body.data.reduce((n, s) => n + s.liveEvents, 0)).toBeGreaterThan(0);
  });

  it('lists live and upcoming events page by page with their main market, never a removed one', async () => {
    const items = await allPages('');
    expectListing(
      items,
      expectedEvents(() => true),
    );
    expect(items.some((i) => i.id === removedId)).toBe(false);
    expect(items.some((i) => i.status === 'live' && i.score !== null && i.mainMarket !== null)).toBe(true);
    // Past the last page: an empty page with the same totals.
    const { body } = await get<{ data: unknown[]; meta: { totalRows: number } }>(
      '/api/sportsbook/events?page=1000&perPage=100',
    );
    expect(body.data).toEqual([]);
    expect(body.meta.totalRows).toBe(items.length);
  });

  it('filters by status, sport (id or key) and competition', async () => {
    expectListing(
      await allPages('status=live'),
      expectedEvents((e) => e.status === 'live'),
    );
    expectListing(
      await allPages('status=upcoming', 5),
      expectedEvents((e) => e.status === 'scheduled'),
    );
    const tennis = snapshot.sports.find((s) => s.key === 'tennis')!;
    const byKey = await allPages('sport=tennis');
    expectListing(
      byKey,
      expectedEvents((e) => e.sportId === tennis.id),
    );
    expect((await allPages(`sport=${encodeURIComponent(tennis.id)}`)).map((i) => i.id)).toEqual(byKey.map((i) => i.id));
    const competitionId = expectedEvents(() => true)[0]!.competitionId;
    expectListing(
      await allPages(`competition=${encodeURIComponent(competitionId)}&status=upcoming`),
      expectedEvents((e) => e.competitionId === competitionId && e.status === 'scheduled'),
    );
    expect(await allPages('sport=no-such-sport')).toEqual([]);
  });

  it('answers an event with its open and suspended markets in type order', async () => {
    const live = snapshot.events.filter((e) => e.status === 'live');
    expect(live.length).toBeGreaterThan(0);
    for (const e of [...live, ...snapshot.events.filter((x) => x.status === 'scheduled').slice(0, 3)]) {
      const { status, body } = await get<{ data: SportsbookEventDetail }>(
        `/api/sportsbook/events/${encodeURIComponent(e.id)}`,
      );
      expect(status).toBe(200);
      expectEvent(body.data, e, snapshot);
      const expected = snapshot.markets.filter((m) => m.eventId === e.id && SHOWN.has(m.status)).map(apiMarket);
      expect([...body.data.markets].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
        expected.sort((a, b) => a.id.localeCompare(b.id)),
      );
      const ranks = body.data.markets.map((m) => SPORTSBOOK_MARKET_TYPES.indexOf(m.type));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
  });

  it('answers 404 for an unknown or removed event and 422 for a bad query', async () => {
    for (const id of ['no-such-event', removedId]) {
      const { status, body } = await get<{ error: { code: number } }>(
        `/api/sportsbook/events/${encodeURIComponent(id)}`,
      );
      expect(status).toBe(404);
      expect(body.error.code).toBe(1004);
    }
    for (const query of ['status=finished', 'perPage=1000', 'page=0', 'perPage=abc', `sport=${'x'.repeat(101)}`]) {
      const { status, body } = await get<{ error: { code: number; fields?: Record<string, string[]> } }>(
        `/api/sportsbook/events?${query}`,
      );
      expect(status, query).toBe(422);
      expect(body.error.code).toBe(1001);
    }
  });
});
