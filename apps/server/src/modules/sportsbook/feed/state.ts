import type { FeedMarket, FeedMessage, FeedResult, FeedSnapshot } from './types';

/**
 * Applies one stream message to a snapshot, returning the next snapshot (the input is not
 * changed; unchanged parts are shared, so treat snapshots as read-only). A consumer keeps its picture of the feed with this; a message whose sequence
 * is not the snapshot's + 1 is a gap, reported by `FeedGapError`, after which the consumer
 * takes a fresh `snapshot()`. Older messages (already included) are ignored.
 */
export class FeedGapError extends Error {
  override readonly name = 'FeedGapError';
  constructor(
    readonly expected: number,
    readonly received: number,
  ) {
    super(`feed gap: expected sequence ${expected}, received ${received}`);
  }
}

export function applyFeedMessage(snapshot: FeedSnapshot, message: FeedMessage): FeedSnapshot {
  if (message.sequence <= snapshot.sequence) return snapshot;
  if (message.sequence !== snapshot.sequence + 1) throw new FeedGapError(snapshot.sequence + 1, message.sequence);
  // Copy on write: only what the message changes is new, the rest is shared with the input.
  const next: FeedSnapshot = { ...snapshot, sequence: message.sequence, atMs: message.atMs };
  const updateMarket = (marketId: string, update: (market: FeedMarket) => FeedMarket) => {
    next.markets = next.markets.map((market) => (market.id === marketId ? update(market) : market));
  };
  const setResult = (result: FeedResult) => {
    next.results = [...next.results.filter((r) => r.eventId !== result.eventId), structuredClone(result)];
    next.markets = next.markets.map((market) =>
      market.eventId === result.eventId ? { ...market, status: 'settled' } : market,
    );
  };
  switch (message.kind) {
    case 'event_created':
      if (!next.competitions.some((c) => c.id === message.competition.id)) {
        next.competitions = [...next.competitions, structuredClone(message.competition)];
      }
      next.events = [...next.events, structuredClone(message.event)];
      break;
    case 'event_updated':
      next.events = next.events.map((e) => (e.id === message.event.id ? structuredClone(message.event) : e));
      break;
    case 'market_opened':
      next.markets = [...next.markets, structuredClone(message.market)];
      break;
    case 'market_suspended':
      updateMarket(message.marketId, (market) => ({ ...market, status: 'suspended' }));
      break;
    case 'market_reopened':
    case 'odds_changed': {
      const prices = new Map(message.prices.map((price) => [price.outcomeId, price]));
      updateMarket(message.marketId, (market) => ({
        ...market,
        status: message.kind === 'market_reopened' ? 'open' : market.status,
        outcomes: market.outcomes.map((outcome) => {
          const price = prices.get(outcome.id);
          return price ? { ...outcome, oddsMilli: price.oddsMilli, active: price.active } : outcome;
        }),
      }));
      break;
    }
    case 'market_closed':
      updateMarket(message.marketId, (market) => ({ ...market, status: 'closed' }));
      break;
    case 'result_published':
    case 'result_corrected':
      setResult(message.result);
      break;
    case 'event_cancelled':
      next.events = next.events.map((e) => (e.id === message.eventId ? { ...e, status: 'cancelled' } : e));
      setResult(message.result);
      break;
    case 'event_removed': {
      next.events = next.events.filter((e) => e.id !== message.eventId);
      next.markets = next.markets.filter((m) => m.eventId !== message.eventId);
      next.results = next.results.filter((r) => r.eventId !== message.eventId);
      const used = new Set(next.events.map((e) => e.competitionId));
      next.competitions = next.competitions.filter((c) => used.has(c.id));
      break;
    }
  }
  return next;
}
