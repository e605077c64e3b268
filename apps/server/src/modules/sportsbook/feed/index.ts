// The sportsbook's feed: the adapter interface and the local simulated feed (docs/sportsbook-feed.md).
export * from './types';
export { createManualClock, systemClock, type FeedClock, type ManualClock } from './clock';
export { SimulatedFeed, type SimulatedFeedOptions } from './simulated';
export { applyFeedMessage, FeedGapError } from './state';
export { toSettlementMarket, toSettlementResult } from './settlement-bridge';
export { MIN_FEED_ODDS_MILLI, MAX_FEED_ODDS_MILLI } from './pricing';
export { ScriptedFeed } from './scripted';
