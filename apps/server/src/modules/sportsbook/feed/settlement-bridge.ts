import type { EventResult, Market } from '../settlement';
import type { FeedMarket, FeedResult } from './types';

/** A feed market as the settlement rules read it (the spec is already in their shape). */
export function toSettlementMarket(market: FeedMarket): Market {
  return market.spec;
}

/** A feed result as the settlement rules read it: the extra period detail is dropped. */
export function toSettlementResult(result: FeedResult): EventResult {
  const { outcome } = result;
  if (outcome.status !== 'finished') return { status: outcome.status };
  const score = outcome.score;
  switch (score.kind) {
    case 'goals':
      return { status: 'finished', score: { kind: 'goals', home: score.home, away: score.away } };
    case 'points':
      return {
        status: 'finished',
        score: { kind: 'points', home: score.home, away: score.away, overtime: score.overtime },
      };
    case 'sets':
      return { status: 'finished', score: { kind: 'sets', sets: score.sets } };
    case 'maps':
      return { status: 'finished', score: { kind: 'maps', maps: score.maps } };
  }
}
