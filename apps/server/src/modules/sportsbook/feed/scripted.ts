import type { OddsMilli } from '@croupier/contract';
import { applyFeedMessage } from './state';
import type {
  FeedAdapter,
  FeedEvent,
  FeedListener,
  FeedMarket,
  FeedMessageBody,
  FeedResult,
  FeedSnapshot,
  MarketSpec,
} from './types';

/** The sandbox feed's one competition (football). */
const SPORT = { id: 'sandbox:football', key: 'football', name: 'Football' } as const;
const COMPETITION = { id: 'sandbox:league', sportId: SPORT.id, name: 'Sandbox League', region: 'International' };

/** The markets a sandbox event opens with, and their prices. */
const DEFAULT_MARKETS: { spec: MarketSpec; prices: Record<string, number> }[] = [
  { spec: { type: 'match_result' }, prices: { home: 2100, draw: 3300, away: 3500 } },
  { spec: { type: 'total', line: 2.5 }, prices: { over: 1900, under: 1900 } },
  { spec: { type: 'both_teams_to_score' }, prices: { yes: 1800, no: 1950 } },
];

/**
 * The sandbox feed (SPORTSBOOK_FEED=sandbox, never in production): nothing happens until
 * someone says so through its dev endpoints (docs/sportsbook-feed.md, "Sandbox feed").
 * Browser journeys and manual testing create an event, move a price, suspend a market, start
 * the event and publish or correct its result, and the sportsbook ingests, settles and fans
 * out exactly as it would from a commercial feed.
 */
export class ScriptedFeed implements FeedAdapter {
  readonly name = 'sandbox';
  private state: FeedSnapshot;
  private readonly listeners = new Set<FeedListener>();
  private nextEvent = 1;

  constructor(private readonly now: () => number = Date.now) {
    this.state = {
      sequence: 0,
      atMs: now(),
      sports: [SPORT],
      competitions: [COMPETITION],
      events: [],
      markets: [],
      results: [],
    };
  }

  snapshot(): FeedSnapshot {
    return this.state;
  }

  subscribe(listener: FeedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {}
  stop(): void {}

  private emit(body: FeedMessageBody): void {
    const message = { ...body, sequence: this.state.sequence + 1, atMs: this.now() };
    this.state = applyFeedMessage(this.state, message);
    for (const listener of this.listeners) listener(message);
  }

  private eventOf(eventId: string): FeedEvent {
    const event = this.state.events.find((e) => e.id === eventId);
    if (!event) throw new RangeError(`no sandbox event ${eventId}`);
    return event;
  }

  private marketOf(marketId: string): FeedMarket {
    const market = this.state.markets.find((m) => m.id === marketId);
    if (!market) throw new RangeError(`no sandbox market ${marketId}`);
    return market;
  }

  /** A football event with the default markets open; starting in `startsInMs`. */
  createEvent(input: { home: string; away: string; startsInMs: number }): { event: FeedEvent; markets: FeedMarket[] } {
    const id = `sandbox:e${this.nextEvent++}`;
    const event: FeedEvent = {
      id,
      sportId: SPORT.id,
      competitionId: COMPETITION.id,
      home: { id: `${id}:home`, name: input.home },
      away: { id: `${id}:away`, name: input.away },
      startsAtMs: this.now() + input.startsInMs,
      status: 'scheduled',
      score: null,
      clock: null,
      bestOf: null,
    };
    this.emit({ kind: 'event_created', event, competition: COMPETITION });
    const markets = DEFAULT_MARKETS.map(({ spec, prices }, index) => {
      const marketId = `${id}:m${index + 1}`;
      const market: FeedMarket = {
        id: marketId,
        eventId: id,
        spec,
        status: 'open',
        outcomes: Object.entries(prices).map(([key, oddsMilli]) => ({
          id: `${marketId}:${key}`,
          key,
          oddsMilli: BigInt(oddsMilli),
          active: true,
        })),
      };
      this.emit({ kind: 'market_opened', market });
      return market;
    });
    return { event, markets };
  }

  /** Kicks off: the event goes live at 0–0. */
  startEvent(eventId: string): void {
    const event = this.eventOf(eventId);
    this.emit({
      kind: 'event_updated',
      event: {
        ...event,
        status: 'live',
        score: { kind: 'goals', home: 0, away: 0, periods: [] },
        clock: { period: 1, seconds: 0, running: true },
      },
    });
  }

  setOdds(outcomeId: string, oddsMilli: OddsMilli): void {
    const market = this.state.markets.find((m) => m.outcomes.some((o) => o.id === outcomeId));
    if (!market) throw new RangeError(`no sandbox outcome ${outcomeId}`);
    this.emit({
      kind: 'odds_changed',
      eventId: market.eventId,
      marketId: market.id,
      prices: [{ outcomeId, oddsMilli, active: true }],
    });
  }

  suspend(marketId: string): void {
    const market = this.marketOf(marketId);
    this.emit({ kind: 'market_suspended', eventId: market.eventId, marketId, reason: 'danger' });
  }

  reopen(marketId: string): void {
    const market = this.marketOf(marketId);
    const prices = market.outcomes.map((o) => ({ outcomeId: o.id, oddsMilli: o.oddsMilli, active: o.active }));
    this.emit({ kind: 'market_reopened', eventId: market.eventId, marketId, prices });
  }

  /** Ends the event at `home`–`away` (regular time) and publishes the result, or corrects it. */
  finish(eventId: string, score: { home: number; away: number }): FeedResult {
    const event = this.eventOf(eventId);
    const earlier = this.state.results.find((r) => r.eventId === eventId);
    const result: FeedResult = {
      eventId,
      version: (earlier?.version ?? 0) + 1,
      outcome: { status: 'finished', score: { kind: 'goals', home: score.home, away: score.away, periods: [] } },
    };
    if (earlier) {
      this.emit({ kind: 'result_corrected', result });
      return result;
    }
    this.emit({
      kind: 'event_updated',
      event: {
        ...event,
        status: 'ended',
        score: { kind: 'goals', home: score.home, away: score.away, periods: [] },
        clock: { period: 2, seconds: 90 * 60, running: false },
      },
    });
    this.emit({ kind: 'result_published', result });
    return result;
  }

  /** Calls the event off: every market on it settles void. */
  cancel(eventId: string): void {
    const earlier = this.state.results.find((r) => r.eventId === eventId);
    this.emit({
      kind: 'event_cancelled',
      eventId,
      result: { eventId, version: (earlier?.version ?? 0) + 1, outcome: { status: 'cancelled' } },
    });
  }
}
