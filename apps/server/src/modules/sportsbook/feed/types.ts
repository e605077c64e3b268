import type { OddsMilli } from '@croupier/contract';
import type { Market, MarketType } from '../settlement';

/**
 * The sportsbook's feed adapter: what any source of fixtures, odds and results (the local
 * simulated feed, or a commercial odds feed behind an adapter) hands the sportsbook.
 * Ids are stable strings chosen by the feed; odds are exact integers (decimal × 1000).
 * Contract and ordering rules: docs/sportsbook-feed.md.
 */

export const SPORT_KEYS = ['football', 'tennis', 'basketball', 'esports'] as const;
export type SportKey = (typeof SPORT_KEYS)[number];

export interface FeedSport {
  id: string;
  key: SportKey;
  name: string;
}

export interface FeedCompetition {
  id: string;
  sportId: string;
  name: string;
  /** Country or region, e.g. "Northland" or "International". */
  region: string;
}

export interface Competitor {
  id: string;
  name: string;
}

export type Side = 'home' | 'away';

export interface TeamScore {
  home: number;
  away: number;
}

export const EVENT_STATUSES = ['scheduled', 'live', 'ended', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** The live score, by how the sport counts. Every number only ever grows while live. */
export type LiveScore =
  /** Goals; `periods` holds each half played so far (the current one last). */
  | ({ kind: 'goals'; periods: TeamScore[] } & TeamScore)
  /** Points; `periods` holds the quarters, then any overtime periods. */
  | ({ kind: 'points'; periods: TeamScore[] } & TeamScore)
  /** Games per set (the current set last), points in the current game, who serves. */
  | { kind: 'sets'; sets: TeamScore[]; game: TeamScore; server: Side }
  /** Rounds per map (the current map last) and the winner of each finished map. */
  | { kind: 'maps'; maps: { rounds: TeamScore; winner: Side | null }[] };

export interface LiveClock {
  /** Half (football), quarter then overtime (basketball: 5 is the first overtime), set (tennis) or map (esports), from 1. */
  period: number;
  /** Match time in seconds: football from kick-off (45:00 = 2700), basketball within the period; null where the sport has no clock. */
  seconds: number | null;
  /** False in a break (half time, between quarters). */
  running: boolean;
}

export interface FeedEvent {
  id: string;
  sportId: string;
  competitionId: string;
  home: Competitor;
  away: Competitor;
  /** Epoch milliseconds. */
  startsAtMs: number;
  status: EventStatus;
  /** Null before the start. */
  score: LiveScore | null;
  clock: LiveClock | null;
  /** Esports: maps in the match (best of 3 or 5). Tennis: sets (best of 3). */
  bestOf: number | null;
}

/**
 * A market as the feed describes it: the settlement rules' own market type (docs/sportsbook.md,
 * "Market types"), so a feed market resolves with the settlement helper as it stands.
 */
export type MarketSpec = Market;
export type { MarketType };

export const MARKET_STATUSES = ['open', 'suspended', 'closed', 'settled'] as const;
/** open: bets taken; suspended: no bets for now; closed: no more bets; settled: the event's result is out. */
export type MarketStatus = (typeof MARKET_STATUSES)[number];

export interface FeedOutcome {
  id: string;
  /** The settlement outcome key: home, draw, over, yes, "2-1", … */
  key: string;
  oddsMilli: OddsMilli;
  /** False when the outcome is no longer possible or not priced (e.g. a correct score already passed). */
  active: boolean;
}

export interface FeedMarket {
  id: string;
  eventId: string;
  spec: MarketSpec;
  status: MarketStatus;
  outcomes: FeedOutcome[];
}

/**
 * The final score, enough to resolve every market type. It is a superset of the
 * settlement helper's `FinalScore` (same `kind`s and fields), with the periods kept.
 */
export type FinalScore =
  /** Football: the score after regular time, and each half. */
  | ({ kind: 'goals'; periods: TeamScore[] } & TeamScore)
  /** Basketball: the final score including overtime, whether it went to overtime, each period. */
  | ({ kind: 'points'; overtime: boolean; periods: TeamScore[] } & TeamScore)
  /** Tennis: the games of each set, in order (a tie-break set reads 7–6). */
  | { kind: 'sets'; sets: TeamScore[] }
  /** Esports: the winner of each map in order, and the rounds of each. */
  | { kind: 'maps'; maps: Side[]; rounds: TeamScore[] };

export interface FeedResult {
  eventId: string;
  /** 1 when first published; each correction adds one. */
  version: number;
  outcome: { status: 'finished'; score: FinalScore } | { status: 'cancelled' | 'abandoned' };
}

/** A full picture of the feed, as of `sequence` (the last message it includes). */
export interface FeedSnapshot {
  sequence: number;
  atMs: number;
  sports: FeedSport[];
  competitions: FeedCompetition[];
  events: FeedEvent[];
  markets: FeedMarket[];
  results: FeedResult[];
}

export interface OutcomePrice {
  outcomeId: string;
  oddsMilli: OddsMilli;
  active: boolean;
}

/** The change stream. Each message replaces, never patches partially, what it names. */
export type FeedMessageBody =
  /** A new event (with its competition, upserted), before its markets. */
  | { kind: 'event_created'; event: FeedEvent; competition: FeedCompetition }
  /** Status, start time, score or clock changed: the whole event as it is now. */
  | { kind: 'event_updated'; event: FeedEvent }
  | { kind: 'market_opened'; market: FeedMarket }
  | { kind: 'market_suspended'; eventId: string; marketId: string; reason: SuspensionReason }
  /** Carries every outcome's price: odds move only while a market is open or as it reopens. */
  | { kind: 'market_reopened'; eventId: string; marketId: string; prices: OutcomePrice[] }
  | { kind: 'market_closed'; eventId: string; marketId: string }
  /** Only for an open market; lists only the outcomes whose price or activity changed. */
  | { kind: 'odds_changed'; eventId: string; marketId: string; prices: OutcomePrice[] }
  /** The event ended: every market of it is settled from this result. */
  | { kind: 'result_published'; result: FeedResult }
  /** A new version of an already published result: the event's tickets are settled again. */
  | { kind: 'result_corrected'; result: FeedResult }
  /** Called off: the event's markets are settled void (the result says cancelled or abandoned). */
  | { kind: 'event_cancelled'; eventId: string; result: FeedResult }
  /** Dropped from the feed (some time after it ended); no further messages name it. */
  | { kind: 'event_removed'; eventId: string };

export type SuspensionReason = 'goal' | 'point_burst' | 'break_of_serve' | 'map_end' | 'danger' | 'period_end';

export type FeedMessage = FeedMessageBody & {
  /** Strictly increasing by one per message; a jump means messages were missed. */
  sequence: number;
  atMs: number;
};

export type FeedListener = (message: FeedMessage) => void;

/**
 * What the sportsbook reads. `snapshot()` is consistent with the stream: applying every
 * message with a greater sequence to it gives any later snapshot. A consumer that sees a
 * sequence gap takes a new snapshot and carries on from there.
 */
export interface FeedAdapter {
  readonly name: string;
  snapshot(): FeedSnapshot;
  /** Messages after subscribing, in sequence order (the simulated feed calls listeners synchronously: they must not throw or block). Returns the unsubscribe. */
  subscribe(listener: FeedListener): () => void;
  start(): void;
  stop(): void;
}
