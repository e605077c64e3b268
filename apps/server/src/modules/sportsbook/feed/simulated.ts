import { createRandom, type FeedClock } from './clock';
import { COMPETITIONS, competitorName, slug, SPORT_NAMES, type CompetitionTemplate } from './names';
import { MAX_FEED_ODDS_MILLI, oddsWithMargin } from './pricing';
import { createMatchSim, outcomeKeys, type MatchSim } from './sports';
import {
  SPORT_KEYS,
  type FeedAdapter,
  type FeedCompetition,
  type FeedEvent,
  type FeedListener,
  type FeedMarket,
  type FeedMessage,
  type FeedMessageBody,
  type FeedResult,
  type FeedSnapshot,
  type FeedSport,
  type FinalScore,
  type MarketSpec,
  type OutcomePrice,
  type SportKey,
} from './types';

/** The simulated feed's knobs (docs/sportsbook-feed.md, "Simulated feed"). */
export interface SimulatedFeedOptions {
  seed: number;
  clock: FeedClock;
  /** How often the feed plays on and re-prices. */
  tickMs?: number;
  /** Real time a whole match takes (the speed knob): a football match's 90 minutes and half time in this. */
  matchDurationMs?: number;
  /** Bookmaker margin in basis points (500 = 5%). */
  marginBp?: number;
  /** Scheduled events kept in the rolling schedule. */
  upcomingEvents?: number;
  /** Below this many live events the next scheduled one starts at once. */
  minLive?: number;
  /** At this many live events a due event is put back a little. */
  maxLive?: number;
  /** New events are scheduled up to this far ahead. */
  scheduleHorizonMs?: number;
  /** How long markets stay suspended after a goal, a break or a burst. */
  suspendMs?: number;
  /** Chance a published result is corrected shortly after. */
  correctionProbability?: number;
  correctionDelayMs?: number;
  /** Chance an event is cancelled instead of starting. */
  cancellationProbability?: number;
  /** How long an ended event stays in the feed before it is removed. */
  retainEndedMs?: number;
  /** A market whose favourite is more likely than this is taken down (closed): it could not be priced above 1.01 with the margin. */
  maxFavouriteProbability?: number;
  /** Chance per tick that a scheduled event's prices move a little. */
  preMatchDriftProbability?: number;
}

const DEFAULTS = {
  tickMs: 1000,
  matchDurationMs: 15 * 60_000,
  marginBp: 500,
  upcomingEvents: 40,
  minLive: 6,
  maxLive: 10,
  scheduleHorizonMs: 3 * 24 * 3_600_000,
  suspendMs: 5000,
  correctionProbability: 0.03,
  correctionDelayMs: 30_000,
  cancellationProbability: 0.02,
  retainEndedMs: 10 * 60_000,
  maxFavouriteProbability: 0.94,
  preMatchDriftProbability: 0.02,
} satisfies Omit<Required<SimulatedFeedOptions>, 'seed' | 'clock'>;

const SPORT_WEIGHTS: Record<SportKey, number> = { football: 0.4, tennis: 0.2, basketball: 0.2, esports: 0.2 };

interface SimEvent {
  event: FeedEvent;
  sim: MatchSim;
  markets: FeedMarket[];
  specs: Map<string, MarketSpec>;
  cancels: boolean;
  suspendedUntilMs: number | null;
  /** Markets suspended by the feed, to reopen when the suspension ends. */
  suspended: Set<string>;
  endedAtMs: number | null;
  result: FeedResult | null;
  correctionAtMs: number | null;
  lastView: string;
}

function specKey(spec: MarketSpec): string {
  if ('line' in spec) return `${spec.type}:${spec.line}`;
  if (spec.type === 'set_winner') return `${spec.type}:${spec.set}`;
  if (spec.type === 'map_winner') return `${spec.type}:${spec.map}`;
  return spec.type;
}

export class SimulatedFeed implements FeedAdapter {
  readonly name = 'simulated';
  private readonly options: Required<SimulatedFeedOptions>;
  private readonly random: () => number;
  private readonly listeners = new Set<FeedListener>();
  private readonly sports: FeedSport[];
  private readonly competitions = new Map<string, FeedCompetition>();
  private readonly events = new Map<string, SimEvent>();
  private sequence = 0;
  private nextEventNumber = 1;
  private lastTickMs: number;
  private cancelTimer: (() => void) | null = null;

  constructor(options: SimulatedFeedOptions) {
    this.options = { ...DEFAULTS, ...options };
    this.random = createRandom(options.seed);
    this.lastTickMs = options.clock.now();
    this.sports = SPORT_KEYS.map((key) => ({ id: `sim:${key}`, key, name: SPORT_NAMES[key] }));
    const now = this.lastTickMs;
    for (let i = 0; i < this.options.upcomingEvents + this.options.minLive; i++) this.createEvent(now);
    this.tick();
  }

  start(): void {
    this.cancelTimer ??= this.options.clock.every(this.options.tickMs, () => this.tick());
  }

  stop(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  subscribe(listener: FeedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): FeedSnapshot {
    const events = [...this.events.values()];
    const competitionIds = new Set(events.map((sim) => sim.event.competitionId));
    return structuredClone({
      sequence: this.sequence,
      atMs: this.options.clock.now(),
      sports: this.sports,
      competitions: [...this.competitions.values()].filter((c) => competitionIds.has(c.id)),
      events: events.map((sim) => sim.event),
      markets: events.flatMap((sim) => sim.markets),
      results: events.flatMap((sim) => (sim.result ? [sim.result] : [])),
    });
  }

  private emit(body: FeedMessageBody): void {
    this.sequence += 1;
    const message: FeedMessage = structuredClone<FeedMessage>({
      ...body,
      sequence: this.sequence,
      atMs: this.options.clock.now(),
    });
    for (const listener of this.listeners) listener(message);
  }

  private pick(n: number): number {
    return Math.min(n - 1, Math.floor(this.random() * n));
  }

  private competitionFor(template: CompetitionTemplate): FeedCompetition {
    const id = `sim:c:${template.key}`;
    let competition = this.competitions.get(id);
    if (!competition) {
      competition = { id, sportId: `sim:${template.sport}`, name: template.name, region: template.region };
      this.competitions.set(id, competition);
    }
    return competition;
  }

  private createEvent(nowMs: number): void {
    let u = this.random();
    let sport: SportKey = 'football';
    for (const key of SPORT_KEYS) {
      sport = key;
      u -= SPORT_WEIGHTS[key];
      if (u < 0) break;
    }
    const templates = COMPETITIONS.filter((template) => template.sport === sport);
    const template = templates[this.pick(templates.length)]!;
    const competition = this.competitionFor(template);
    const homeName = competitorName(sport, (n) => this.pick(n));
    let awayName = competitorName(sport, (n) => this.pick(n));
    while (awayName === homeName) awayName = competitorName(sport, (n) => this.pick(n));
    // Kick-offs on the quarter hour, from an hour ahead to the horizon.
    const quarterHourMs = 15 * 60_000;
    const offsetMs = 3_600_000 + this.random() * (this.options.scheduleHorizonMs - 3_600_000);
    const startsAtMs = Math.ceil((nowMs + offsetMs) / quarterHourMs) * quarterHourMs;
    const sim = createMatchSim(sport, this.random, template.bestOf ?? null);
    const id = `sim:e${this.nextEventNumber++}`;
    const event: FeedEvent = {
      id,
      sportId: `sim:${sport}`,
      competitionId: competition.id,
      home: { id: `sim:p:${slug(homeName)}`, name: homeName },
      away: { id: `sim:p:${slug(awayName)}`, name: awayName },
      startsAtMs,
      status: 'scheduled',
      score: null,
      clock: null,
      bestOf: sport === 'esports' || sport === 'tennis' ? sim.bestOf : null,
    };
    const simEvent: SimEvent = {
      event,
      sim,
      markets: [],
      specs: new Map(),
      cancels: this.random() < this.options.cancellationProbability,
      suspendedUntilMs: null,
      suspended: new Set(),
      endedAtMs: null,
      result: null,
      correctionAtMs: null,
      lastView: '',
    };
    this.events.set(id, simEvent);
    this.emit({ kind: 'event_created', event, competition });
    for (const spec of sim.specs()) {
      const marketId = `${id}:${specKey(spec)}`;
      const keys = outcomeKeys(spec, sport, sim.bestOf);
      const market: FeedMarket = {
        id: marketId,
        eventId: id,
        spec,
        status: 'open',
        // An outcome never priced shows the top price, inactive.
        outcomes: keys.map((key) => ({ id: `${marketId}:${key}`, key, oddsMilli: MAX_FEED_ODDS_MILLI, active: false })),
      };
      const prices = this.price(simEvent, market, spec);
      if (!prices) continue;
      this.applyPrices(market, prices);
      simEvent.markets.push(market);
      simEvent.specs.set(market.id, spec);
      this.emit({ kind: 'market_opened', market });
    }
  }

  /**
   * Current prices of a market's outcomes, or null when it can no longer be offered: fewer
   * than two outcomes can win, or the favourite is too likely to price.
   */
  private price(sim: SimEvent, market: FeedMarket, spec: MarketSpec): OutcomePrice[] | null {
    if (sim.sim.closesEarly(spec)) return null;
    const fair = sim.sim.fair(spec);
    const isCorrectScore = spec.type === 'correct_score';
    // Correct score lists only the likelier scores: they are priced as a share of those.
    const floor = isCorrectScore ? 0.001 : 0;
    let listed = 0;
    for (const p of fair.values()) if (p !== null && p >= floor) listed += p;
    const prices: OutcomePrice[] = [];
    let active = 0;
    let favourite = 0;
    for (const outcome of market.outcomes) {
      const raw = fair.get(outcome.key) ?? null;
      const p = raw !== null && raw >= floor ? (isCorrectScore ? raw / listed : raw) : null;
      if (p === null) {
        prices.push({ outcomeId: outcome.id, oddsMilli: outcome.oddsMilli, active: false });
        continue;
      }
      active += 1;
      favourite = Math.max(favourite, p);
      prices.push({ outcomeId: outcome.id, oddsMilli: oddsWithMargin(p, this.options.marginBp), active: true });
    }
    if (active < 2 || favourite > this.options.maxFavouriteProbability) return null;
    return prices;
  }

  private applyPrices(market: FeedMarket, prices: readonly OutcomePrice[]): void {
    for (const price of prices) {
      const outcome = market.outcomes.find((o) => o.id === price.outcomeId)!;
      outcome.oddsMilli = price.oddsMilli;
      outcome.active = price.active;
    }
  }

  private closeMarket(sim: SimEvent, market: FeedMarket): void {
    market.status = 'closed';
    sim.suspended.delete(market.id);
    this.emit({ kind: 'market_closed', eventId: sim.event.id, marketId: market.id });
  }

  private updateEvent(sim: SimEvent, force = false): void {
    if (sim.event.status === 'live') {
      sim.event.score = sim.sim.score();
      sim.event.clock = sim.sim.clock();
    }
    const view = JSON.stringify([sim.event.status, sim.event.startsAtMs, sim.event.score, sim.event.clock]);
    if (!force && view === sim.lastView) return;
    sim.lastView = view;
    this.emit({ kind: 'event_updated', event: sim.event });
  }

  /** One step: starts, plays and re-prices, ends, corrects, removes and tops up the schedule. */
  tick(): void {
    const nowMs = this.options.clock.now();
    const elapsedMs = Math.max(0, nowMs - this.lastTickMs);
    this.lastTickMs = nowMs;
    const all = [...this.events.values()];

    for (const sim of all) {
      if (sim.event.status === 'live') this.play(sim, nowMs, elapsedMs);
      else if (sim.event.status === 'scheduled' && this.random() < this.options.preMatchDriftProbability) {
        sim.sim.drift(this.random);
        this.reprice(sim, nowMs);
      }
    }

    for (const sim of all) {
      if (sim.event.status !== 'scheduled' || sim.event.startsAtMs > nowMs) continue;
      if (sim.cancels) this.cancel(sim, nowMs);
      else if (this.liveCount() >= this.options.maxLive) {
        sim.event.startsAtMs = nowMs + 10 * 60_000;
        this.updateEvent(sim);
      } else this.startEvent(sim, nowMs);
    }
    // Keep enough events live: the next ones on the schedule start early.
    while (this.liveCount() < this.options.minLive) {
      const next = all
        .filter((sim) => sim.event.status === 'scheduled')
        .sort((a, b) => a.event.startsAtMs - b.event.startsAtMs || a.event.id.localeCompare(b.event.id))[0];
      if (!next) break;
      if (next.cancels) this.cancel(next, nowMs);
      else this.startEvent(next, nowMs);
    }

    for (const sim of all) {
      if (sim.correctionAtMs !== null && sim.correctionAtMs <= nowMs && sim.result) {
        sim.correctionAtMs = null;
        sim.result = this.corrected(sim.result);
        this.emit({ kind: 'result_corrected', result: sim.result });
      }
      if (
        sim.endedAtMs !== null &&
        sim.endedAtMs + this.options.retainEndedMs <= nowMs &&
        sim.correctionAtMs === null
      ) {
        this.events.delete(sim.event.id);
        this.emit({ kind: 'event_removed', eventId: sim.event.id });
      }
    }

    let scheduled = [...this.events.values()].filter((sim) => sim.event.status === 'scheduled').length;
    for (; scheduled < this.options.upcomingEvents; scheduled++) this.createEvent(nowMs);
  }

  private liveCount(): number {
    let live = 0;
    for (const sim of this.events.values()) if (sim.event.status === 'live') live += 1;
    return live;
  }

  private startEvent(sim: SimEvent, nowMs: number): void {
    sim.event.status = 'live';
    sim.event.startsAtMs = Math.min(sim.event.startsAtMs, nowMs);
    sim.sim.advance(0, this.random);
    this.updateEvent(sim);
  }

  private cancel(sim: SimEvent, nowMs: number): void {
    sim.event.status = 'cancelled';
    sim.endedAtMs = nowMs;
    for (const market of sim.markets) market.status = 'settled';
    sim.result = { eventId: sim.event.id, version: 1, outcome: { status: 'cancelled' } };
    this.emit({ kind: 'event_cancelled', eventId: sim.event.id, result: sim.result });
  }

  private play(sim: SimEvent, nowMs: number, elapsedMs: number): void {
    const seconds = (elapsedMs * sim.sim.nominalSeconds) / this.options.matchDurationMs;
    const reason = sim.sim.advance(seconds, this.random);
    this.updateEvent(sim);

    if (sim.sim.finished()) {
      for (const market of sim.markets)
        if (market.status === 'open' || market.status === 'suspended') this.closeMarket(sim, market);
      sim.event.status = 'ended';
      sim.event.clock = sim.sim.clock();
      this.updateEvent(sim, true);
      sim.endedAtMs = nowMs;
      for (const market of sim.markets) market.status = 'settled';
      sim.result = {
        eventId: sim.event.id,
        version: 1,
        outcome: { status: 'finished', score: sim.sim.finalScore() },
      };
      this.emit({ kind: 'result_published', result: sim.result });
      if (this.random() < this.options.correctionProbability)
        sim.correctionAtMs = nowMs + this.options.correctionDelayMs;
      return;
    }

    if (reason) {
      sim.suspendedUntilMs = nowMs + this.options.suspendMs;
      for (const market of sim.markets) {
        if (market.status !== 'open') continue;
        market.status = 'suspended';
        sim.suspended.add(market.id);
        this.emit({ kind: 'market_suspended', eventId: sim.event.id, marketId: market.id, reason });
      }
    }
    this.reprice(sim, nowMs);
  }

  private reprice(sim: SimEvent, nowMs: number): void {
    const reopen = sim.suspendedUntilMs !== null && sim.suspendedUntilMs <= nowMs;
    if (reopen) sim.suspendedUntilMs = null;
    for (const market of sim.markets) {
      if (market.status === 'closed' || market.status === 'settled') continue;
      if (market.status === 'suspended' && !reopen) {
        // Still suspended: priced on reopening only, but taken down if it can no longer be offered.
        if (!this.price(sim, market, sim.specs.get(market.id)!)) this.closeMarket(sim, market);
        continue;
      }
      const prices = this.price(sim, market, sim.specs.get(market.id)!);
      if (!prices) {
        this.closeMarket(sim, market);
        continue;
      }
      if (market.status === 'suspended') {
        market.status = 'open';
        sim.suspended.delete(market.id);
        this.applyPrices(market, prices);
        this.emit({ kind: 'market_reopened', eventId: sim.event.id, marketId: market.id, prices });
        continue;
      }
      const changed = prices.filter((price) => {
        const outcome = market.outcomes.find((o) => o.id === price.outcomeId)!;
        return outcome.oddsMilli !== price.oddsMilli || outcome.active !== price.active;
      });
      if (changed.length === 0) continue;
      this.applyPrices(market, changed);
      this.emit({ kind: 'odds_changed', eventId: sim.event.id, marketId: market.id, prices: changed });
    }
  }

  /** A plausible correction: a goal, a point, a game or a map's order recorded wrongly. */
  private corrected(result: FeedResult): FeedResult {
    const next: FeedResult = { ...structuredClone(result), version: result.version + 1 };
    if (next.outcome.status !== 'finished') return next;
    next.outcome.score = correctScore(next.outcome.score, this.random);
    return next;
  }
}

function correctScore(score: FinalScore, random: () => number): FinalScore {
  const side = random() < 0.5 ? 'home' : 'away';
  switch (score.kind) {
    case 'goals': {
      // A goal awarded late or taken away on review, in the second half.
      const second = score.periods[1] ?? { home: 0, away: 0 };
      const delta = second[side] > 0 && random() < 0.5 ? -1 : 1;
      const periods = score.periods.map((p, i) => (i === 1 ? { ...p, [side]: p[side] + delta } : p));
      return { ...score, [side]: score[side] + delta, periods };
    }
    case 'points': {
      const last = score.periods.length - 1;
      const periods = score.periods.map((p, i) => (i === last ? { ...p, [side]: p[side] + 1 } : p));
      const home = score.home + (side === 'home' ? 1 : 0);
      const away = score.away + (side === 'away' ? 1 : 0);
      // A point added must not turn the regulation result: only then is it applied.
      if (!score.overtime && home === away) return score;
      return { ...score, home, away, periods };
    }
    case 'sets': {
      // A lopsided set (6–0 … 6–3) recorded one game short for the loser.
      const sets = score.sets.map((set) => ({ ...set }));
      const target = sets.find((set) => Math.max(set.home, set.away) === 6 && Math.min(set.home, set.away) <= 3);
      if (target) {
        if (target.home < target.away) target.home += 1;
        else target.away += 1;
      }
      return { kind: 'sets', sets };
    }
    case 'maps': {
      // The first two maps recorded in the wrong order.
      const maps = [...score.maps];
      const rounds = score.rounds.map((r) => ({ ...r }));
      if (maps.length >= 2) {
        [maps[0], maps[1]] = [maps[1]!, maps[0]!];
        [rounds[0], rounds[1]] = [rounds[1]!, rounds[0]!];
      }
      return { kind: 'maps', maps, rounds };
    }
  }
}
