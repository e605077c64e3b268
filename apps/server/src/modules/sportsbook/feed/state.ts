import type { FeedMessage, FeedSnapshot } from './types';

/**
 * Applies one stream message to a snapshot, returning the next snapshot (the input is not
 * changed). A consumer keeps its picture of the feed with this; a message whose sequence
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
  const next: FeedSnapshot = structuredClone(snapshot);
  next.sequence = message.sequence;
  next.atMs = message.atMs;
  const market = (marketId: string) => next.markets.find((m) => m.id === marketId);
  const setResult = (eventId: string, result: FeedSnapshot['results'][number]) => {
    next.results = [...next.results.filter((r) => r.eventId !== eventId), result];
    for (const m of next.markets) if (m.eventId === eventId) m.status = 'settled';
  };
  switch (message.kind) {
    case 'event_created':
      if (!next.competitions.some((c) => c.id === message.competition.id)) next.competitions.push(message.competition);
      next.events.push(message.event);
      break;
    case 'event_updated':
      next.events = next.events.map((e) => (e.id === message.event.id ? message.event : e));
      break;
    case 'market_opened':
      next.markets.push(message.market);
      break;
    case 'market_suspended':
      market(message.marketId)!.status = 'suspended';
      break;
    case 'market_reopened':
    case 'odds_changed': {
      const target = market(message.marketId)!;
      if (message.kind === 'market_reopened') target.status = 'open';
      for (const price of message.prices) {
        const outcome = target.outcomes.find((o) => o.id === price.outcomeId)!;
        outcome.oddsMilli = price.oddsMilli;
        outcome.active = price.active;
      }
      break;
    }
    case 'market_closed':
      market(message.marketId)!.status = 'closed';
      break;
    case 'result_published':
    case 'result_corrected':
      setResult(message.result.eventId, message.result);
      break;
    case 'event_cancelled': {
      const event = next.events.find((e) => e.id === message.eventId)!;
      event.status = 'cancelled';
      setResult(message.eventId, message.result);
      break;
    }
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
