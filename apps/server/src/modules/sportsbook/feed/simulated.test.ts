import { beforeAll, describe, expect, it } from 'vitest';
import { resolveOutcome, RESOLUTIONS } from '../settlement';
import { createManualClock } from './clock';
import { SimulatedFeed, type SimulatedFeedOptions } from './simulated';
import { toSettlementMarket, toSettlementResult } from './settlement-bridge';
import { applyFeedMessage, FeedGapError } from './state';
import type { FeedMarket, FeedMessage, FeedSnapshot, LiveScore, MarketType } from './types';

const START_MS = Date.UTC(2026, 10, 20, 12, 0);
const MINUTE_MS = 60_000;

function run(options: Partial<SimulatedFeedOptions>, durationMs: number) {
  const clock = createManualClock(START_MS);
  const feed = new SimulatedFeed({ seed: 7, clock, matchDurationMs: 2 * MINUTE_MS, ...options });
  const initial = feed.snapshot();
  const messages: FeedMessage[] = [];
  feed.subscribe((message) => messages.push(message));
  feed.start();
  clock.advance(durationMs);
  return { feed, clock, initial, messages };
}

/** Implied probability of a price: 1 / decimal odds. */
const implied = (oddsMilli: bigint) => 1000 / Number(oddsMilli);

/** Sorted copies, so snapshots built in different orders compare equal. */
function normalised(snapshot: FeedSnapshot) {
  const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));
  return {
    ...snapshot,
    atMs: 0,
    competitions: byId(snapshot.competitions),
    events: byId(snapshot.events),
    markets: byId(snapshot.markets),
    results: [...snapshot.results].sort((a, b) => a.eventId.localeCompare(b.eventId)),
  };
}

function checkMargins(markets: readonly FeedMarket[], marginBp: number) {
  for (const market of markets) {
    expect(market.outcomes.every((outcome) => outcome.oddsMilli >= 1010n)).toBe(true);
    if (market.status !== 'open') continue;
    const active = market.outcomes.filter((outcome) => outcome.active);
    expect(active.length).toBeGreaterThanOrEqual(2);
    const sum = active.reduce((total, outcome) => total + implied(outcome.oddsMilli), 0);
    // Double chance covers every result twice.
    const coverage = market.spec.type === 'double_chance' ? 2 : 1;
    expect(sum).toBeCloseTo(coverage * (1 + marginBp / 10_000), 2);
  }
}

// Whole matches are played on a manual clock: seconds of CPU, more on a loaded machine.
describe('simulated feed', { timeout: 60_000 }, () => {
  let long: ReturnType<typeof run>;
  beforeAll(() => {
    long = run({ correctionProbability: 0.3, cancellationProbability: 0.1, correctionDelayMs: 10_000 }, 12 * MINUTE_MS);
  }, 120_000);

  it('is deterministic: the same seed gives the same messages, another seed others', () => {
    const first = run({}, 3 * MINUTE_MS);
    const second = run({}, 3 * MINUTE_MS);
    expect(second.initial).toEqual(first.initial);
    expect(second.messages).toEqual(first.messages);
    const other = run({ seed: 8 }, 3 * MINUTE_MS);
    expect(other.messages).not.toEqual(first.messages);
  });

  it('numbers messages one by one, and snapshot + stream equals the later snapshot', () => {
    const { feed, initial, messages } = long;
    expect(messages.length).toBeGreaterThan(1000);
    messages.forEach((message, i) => expect(message.sequence).toBe(initial.sequence + i + 1));
    let state = initial;
    for (const message of messages) state = applyFeedMessage(state, message);
    expect(normalised(state)).toEqual(normalised(feed.snapshot()));
  });

  it('a consumer sees a gap and resyncs from a new snapshot; old messages are ignored', () => {
    const { initial, messages } = long;
    const afterFirst = applyFeedMessage(initial, messages[0]!);
    expect(applyFeedMessage(afterFirst, messages[0]!)).toBe(afterFirst);
    expect(() => applyFeedMessage(afterFirst, messages[2]!)).toThrow(FeedGapError);
  });

  it('schedules at least 40 upcoming events over the next days and keeps 6–10 live', () => {
    const { clock, feed } = long;
    const upcoming = run({}, 0).initial;
    const scheduled = upcoming.events.filter((event) => event.status === 'scheduled');
    expect(scheduled.length).toBeGreaterThanOrEqual(40);
    expect(new Set(upcoming.events.map((event) => event.sportId)).size).toBe(4);
    expect(upcoming.competitions.length).toBeGreaterThanOrEqual(8);
    expect(Math.max(...scheduled.map((event) => event.startsAtMs)) - START_MS).toBeGreaterThan(24 * 3_600_000);
    for (let i = 0; i < 10; i++) {
      clock.advance(20_000);
      const snapshot = feed.snapshot();
      const live = snapshot.events.filter((event) => event.status === 'live').length;
      expect(live).toBeGreaterThanOrEqual(6);
      expect(live).toBeLessThanOrEqual(10);
      expect(snapshot.events.filter((event) => event.status === 'scheduled').length).toBeGreaterThanOrEqual(40);
    }
  });

  it('prices every open market at 1 + margin with odds of at least 1.01, before and during play', () => {
    checkMargins(long.initial.markets, 500);
    const { messages, initial } = long;
    let state = initial;
    messages.forEach((message, i) => {
      state = applyFeedMessage(state, message);
      if (i % 500 === 0) checkMargins(state.markets, 500);
    });
    checkMargins(run({ marginBp: 800 }, MINUTE_MS).feed.snapshot().markets, 800);
  });

  it('moves odds often and suspends and reopens markets during play', () => {
    const kinds = new Map<string, number>();
    for (const message of long.messages) kinds.set(message.kind, (kinds.get(message.kind) ?? 0) + 1);
    expect(kinds.get('odds_changed')).toBeGreaterThan(1000);
    expect(kinds.get('market_suspended')).toBeGreaterThan(20);
    expect(kinds.get('market_reopened')).toBeGreaterThan(20);
    expect(kinds.get('market_closed')).toBeGreaterThan(20);
    expect(kinds.get('result_published')).toBeGreaterThan(10);
    expect(kinds.get('result_corrected')).toBeGreaterThan(0);
    expect(kinds.get('event_cancelled')).toBeGreaterThan(0);
  });

  it('live scores only move forward', () => {
    const totals = (score: LiveScore): number[] => {
      switch (score.kind) {
        case 'goals':
        case 'points':
          return [score.home, score.away];
        case 'sets':
          return [score.sets.length, ...score.sets.flatMap((set) => [set.home, set.away])];
        case 'maps':
          return [score.maps.length, ...score.maps.flatMap((map) => [map.rounds.home, map.rounds.away])];
      }
    };
    const last = new Map<string, number[]>();
    for (const message of long.messages) {
      if (message.kind !== 'event_updated' || !message.event.score) continue;
      const now = totals(message.event.score);
      const before = last.get(message.event.id) ?? [];
      before.forEach((value, i) => expect(now[i]!).toBeGreaterThanOrEqual(value));
      last.set(message.event.id, now);
    }
    expect(last.size).toBeGreaterThan(10);
  });

  it('changes no odds of a suspended market; reopening carries every outcome price', () => {
    const suspended = new Set<string>();
    const outcomes = new Map<string, number>();
    for (const message of long.initial.markets) outcomes.set(message.id, message.outcomes.length);
    let reopened = 0;
    for (const message of long.messages) {
      if (message.kind === 'market_opened') outcomes.set(message.market.id, message.market.outcomes.length);
      if (message.kind === 'market_suspended') suspended.add(message.marketId);
      if (message.kind === 'odds_changed') expect(suspended.has(message.marketId)).toBe(false);
      if (message.kind === 'market_reopened') {
        expect(suspended.delete(message.marketId)).toBe(true);
        expect(message.prices).toHaveLength(outcomes.get(message.marketId)!);
        reopened += 1;
      }
      if (message.kind === 'market_closed') suspended.delete(message.marketId);
    }
    expect(reopened).toBeGreaterThan(0);
  });

  it('reopens a suspended market a few seconds later', () => {
    const suspendedAt = new Map<string, number>();
    for (const message of long.messages) {
      if (message.kind === 'market_suspended') suspendedAt.set(message.marketId, message.atMs);
      if (message.kind === 'market_reopened') {
        const pausedMs = message.atMs - suspendedAt.get(message.marketId)!;
        expect(pausedMs).toBeGreaterThanOrEqual(5000);
        // A new goal or burst while suspended extends the pause.
        expect(pausedMs).toBeLessThan(MINUTE_MS);
      }
    }
  });

  it('every market of every result resolves with the settlement rules, each market type included', () => {
    const markets = new Map<string, FeedMarket[]>();
    const add = (market: FeedMarket) => markets.set(market.eventId, [...(markets.get(market.eventId) ?? []), market]);
    long.initial.markets.forEach(add);
    const types = new Set<MarketType>();
    let resolved = 0;
    for (const message of long.messages) {
      if (message.kind === 'market_opened') add(message.market);
      if (
        message.kind !== 'result_published' &&
        message.kind !== 'result_corrected' &&
        message.kind !== 'event_cancelled'
      )
        continue;
      const result = toSettlementResult(message.result);
      for (const market of markets.get(message.result.eventId) ?? []) {
        types.add(market.spec.type);
        const resolutions = market.outcomes.map((outcome) =>
          resolveOutcome(toSettlementMarket(market), outcome.key, result),
        );
        resolutions.forEach((resolution) => expect(RESOLUTIONS).toContain(resolution));
        if (result.status !== 'finished') expect(new Set(resolutions)).toEqual(new Set(['void']));
        // Only correct score lists some results, so only it may lose on every outcome.
        else if (market.spec.type !== 'correct_score') expect(resolutions.some((r) => r !== 'lost')).toBe(true);
        resolved += 1;
      }
    }
    expect(resolved).toBeGreaterThan(50);
    expect([...types].sort()).toEqual(
      [
        'asian_handicap',
        'both_teams_to_score',
        'correct_score',
        'double_chance',
        'draw_no_bet',
        'map_winner',
        'match_result',
        'match_winner',
        'set_winner',
        'total',
        'total_games',
        'total_maps',
      ].sort(),
    );
  });

  it('publishes a result once, after the markets closed, and a correction as the next version', () => {
    const versions = new Map<string, number>();
    for (const message of long.messages) {
      if (message.kind === 'result_published') {
        expect(versions.has(message.result.eventId)).toBe(false);
        expect(message.result.version).toBe(1);
        versions.set(message.result.eventId, 1);
      }
      if (message.kind === 'result_corrected') {
        expect(message.result.version).toBe(versions.get(message.result.eventId)! + 1);
        versions.set(message.result.eventId, message.result.version);
      }
    }
    let state = long.initial;
    for (const message of long.messages) {
      if (message.kind === 'result_published') {
        const markets = state.markets.filter((market) => market.eventId === message.result.eventId);
        expect(markets.every((market) => market.status === 'closed')).toBe(true);
        expect(state.events.find((event) => event.id === message.result.eventId)?.status).toBe('ended');
      }
      state = applyFeedMessage(state, message);
    }
  });

  it('football: the 1X2 favourite is the handicap and draw-no-bet favourite', () => {
    const football = long.initial.events.filter((event) => event.sportId === 'sim:football');
    expect(football.length).toBeGreaterThan(5);
    for (const event of football) {
      const market = (type: MarketType) =>
        long.initial.markets.find((m) => m.eventId === event.id && m.spec.type === type)!;
      const price = (m: FeedMarket, key: string) => m.outcomes.find((o) => o.key === key)!.oddsMilli;
      const matchResult = market('match_result');
      const handicap = market('asian_handicap');
      const drawNoBet = market('draw_no_bet');
      const line = handicap.spec.type === 'asian_handicap' ? handicap.spec.line : 0;
      const homeFavourite = price(matchResult, 'home') < price(matchResult, 'away');
      expect(price(drawNoBet, 'home') < price(drawNoBet, 'away')).toBe(homeFavourite);
      if (homeFavourite) expect(line).toBeLessThanOrEqual(0);
      else expect(line).toBeGreaterThanOrEqual(0);
      // The main line is the one nearest even money.
      expect(Math.abs(implied(price(handicap, 'home')) - implied(price(handicap, 'away')))).toBeLessThan(0.3);
    }
  });

  it('removes ended events after the retention time', () => {
    const removed = run({ retainEndedMs: MINUTE_MS }, 8 * MINUTE_MS).messages.filter((m) => m.kind === 'event_removed');
    expect(removed.length).toBeGreaterThan(0);
  });

  it('stop() stops the ticks', () => {
    const { feed, clock, messages } = run({}, MINUTE_MS);
    feed.stop();
    const count = messages.length;
    clock.advance(MINUTE_MS);
    expect(messages).toHaveLength(count);
  });
});
