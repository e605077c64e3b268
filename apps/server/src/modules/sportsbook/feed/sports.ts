import {
  basketballFair,
  esportsDistribution,
  fairProbabilities,
  footballDistribution,
  isSetOver,
  setsWon,
  tennisDistribution,
  TENNIS_SETS_TO_WIN,
  ROUNDS_TO_WIN_MAP,
  type ResolutionMemo,
  type ScoreState,
  type TennisModel,
} from './pricing';
import type {
  FinalScore,
  LiveClock,
  LiveScore,
  MarketSpec,
  Side,
  SportKey,
  SuspensionReason,
  TeamScore,
} from './types';

/**
 * One simulated match per sport: its model parameters, its live state, how it plays on
 * (by the model's own rates, so the prices and the play agree) and its fair prices.
 */
export interface MatchSim {
  readonly sport: SportKey;
  /** Match time a typical match takes, breaks included, in seconds: the speed knob compresses it. */
  readonly nominalSeconds: number;
  readonly bestOf: number | null;
  /** The markets offered, lines chosen near even money before the start. */
  specs(): MarketSpec[];
  /** Plays `seconds` of match time; returns why to suspend the markets, if something big happened. */
  advance(seconds: number, random: () => number): SuspensionReason | null;
  /** A small random move of the model before the start (team news, money). */
  drift(random: () => number): void;
  score(): LiveScore;
  clock(): LiveClock;
  finished(): boolean;
  finalScore(): FinalScore;
  /** Fair probability per outcome key (null: cannot win). */
  fair(spec: MarketSpec): Map<string, number | null>;
  /** Markets that close before they are decided (correct score late in a football match). */
  closesEarly(spec: MarketSpec): boolean;
}

export function outcomeKeys(spec: MarketSpec, sport: SportKey, bestOf: number | null): string[] {
  switch (spec.type) {
    case 'match_result':
      return ['home', 'draw', 'away'];
    case 'double_chance':
      return ['home_or_draw', 'home_or_away', 'draw_or_away'];
    case 'total':
    case 'total_games':
    case 'total_maps':
      return ['over', 'under'];
    case 'both_teams_to_score':
      return ['yes', 'no'];
    case 'correct_score': {
      if (sport === 'football') {
        const keys: string[] = [];
        for (let h = 0; h <= 4; h++) for (let a = 0; a <= 4; a++) keys.push(`${h}-${a}`);
        return keys;
      }
      const toWin = sport === 'tennis' ? TENNIS_SETS_TO_WIN : Math.ceil((bestOf ?? 3) / 2);
      const keys: string[] = [];
      for (let lost = 0; lost < toWin; lost++) keys.push(`${toWin}-${lost}`);
      for (let lost = toWin - 1; lost >= 0; lost--) keys.push(`${lost}-${toWin}`);
      return keys;
    }
    default:
      return ['home', 'away'];
  }
}

/** A Poisson draw by inversion (small means only). */
function poissonDraw(mean: number, random: () => number): number {
  let k = 0;
  let p = Math.exp(-mean);
  let cumulative = p;
  const u = random();
  while (u > cumulative && k < 20) {
    k += 1;
    p = (p * mean) / k;
    cumulative += p;
  }
  return k;
}

const between = (random: () => number, low: number, high: number) => low + (high - low) * random();
const copy = (score: TeamScore): TeamScore => ({ home: score.home, away: score.away });

/** The half line with the fair "home"/"over" probability nearest to one half. */
function balancedLine(candidates: number[], homeProbability: (line: number) => number): number {
  let best = candidates[0]!;
  let bestGap = Infinity;
  for (const line of candidates) {
    const gap = Math.abs(homeProbability(line) - 0.5);
    if (gap < bestGap - 1e-12) {
      best = line;
      bestGap = gap;
    }
  }
  return best;
}

function range(from: number, to: number, step: number): number[] {
  const values: number[] = [];
  for (let value = from; value <= to + 1e-9; value += step) values.push(Math.round(value * 4) / 4);
  return values;
}

abstract class EnumeratedSim {
  private cached: ScoreState[] | null = null;
  private readonly memo: ResolutionMemo = new Map();
  protected changed(): void {
    this.cached = null;
  }
  protected abstract distribution(): ScoreState[];
  protected states(): ScoreState[] {
    this.cached ??= this.distribution();
    return this.cached;
  }
  abstract readonly sport: SportKey;
  abstract readonly bestOf: number | null;
  fair(spec: MarketSpec): Map<string, number | null> {
    return fairProbabilities(spec, outcomeKeys(spec, this.sport, this.bestOf), this.states(), this.memo);
  }
}

// ---------------------------------------------------------------------------------------

const HALF_SECONDS = 45 * 60;
const FOOTBALL_BREAK_SECONDS = 15 * 60;

export class FootballSim extends EnumeratedSim implements MatchSim {
  readonly sport = 'football';
  readonly bestOf = null;
  readonly nominalSeconds = 2 * HALF_SECONDS + FOOTBALL_BREAK_SECONDS + 4 * 60;
  private homeMean: number;
  private awayMean: number;
  private readonly stoppage: [number, number];
  private readonly halves: TeamScore[] = [];
  private half = 0; // 0 before kick-off, 1, 2; 3 when over
  private inHalf = 0; // seconds into the current half, or into the break
  private inBreak = false;

  constructor(random: () => number) {
    super();
    const totalGoals = between(random, 2.2, 3.1);
    const edge = between(random, -1, 1) + 0.2; // home advantage
    const homeShare = 0.5 + 0.22 * Math.tanh(edge);
    this.homeMean = totalGoals * homeShare;
    this.awayMean = totalGoals * (1 - homeShare);
    this.stoppage = [Math.round(between(random, 1, 4)) * 60, Math.round(between(random, 2, 6)) * 60];
  }

  private goals(): TeamScore {
    return this.halves.reduce((sum, half) => ({ home: sum.home + half.home, away: sum.away + half.away }), {
      home: 0,
      away: 0,
    });
  }

  /** The share of regular time still to play. */
  private remaining(): number {
    if (this.half === 0) return 1;
    if (this.half === 3) return 0;
    const halfLength = HALF_SECONDS + this.stoppage[this.half - 1]!;
    const leftInHalf = this.inBreak ? 0 : Math.max(0, halfLength - this.inHalf);
    return (leftInHalf + (this.half === 1 ? HALF_SECONDS + this.stoppage[1] : 0)) / (2 * HALF_SECONDS);
  }

  protected distribution(): ScoreState[] {
    const left = this.remaining();
    return footballDistribution(this.goals(), this.homeMean * left, this.awayMean * left);
  }

  specs(): MarketSpec[] {
    // The main handicap: the quarter line nearest even money for the home side.
    const mainLine = balancedLine(
      range(-2.5, 2.5, 0.25),
      (line) => this.fair({ type: 'asian_handicap', line }).get('home') ?? 0,
    );
    return [
      { type: 'match_result' },
      { type: 'double_chance' },
      { type: 'draw_no_bet' },
      { type: 'total', line: 1.5 },
      { type: 'total', line: 2.5 },
      { type: 'total', line: 3.5 },
      { type: 'asian_handicap', line: mainLine },
      { type: 'both_teams_to_score' },
      { type: 'correct_score' },
    ];
  }

  advance(seconds: number, random: () => number): SuspensionReason | null {
    let reason: SuspensionReason | null = null;
    if (this.half === 0) {
      this.half = 1;
      this.halves.push({ home: 0, away: 0 });
    }
    let left = seconds;
    while (left > 0 && this.half < 3) {
      if (this.inBreak) {
        const step = Math.min(left, FOOTBALL_BREAK_SECONDS - this.inHalf);
        this.inHalf += step;
        left -= step;
        if (this.inHalf >= FOOTBALL_BREAK_SECONDS) {
          this.inBreak = false;
          this.inHalf = 0;
          this.half = 2;
          this.halves.push({ home: 0, away: 0 });
        }
        continue;
      }
      const halfLength = HALF_SECONDS + this.stoppage[this.half - 1]!;
      const step = Math.min(left, halfLength - this.inHalf);
      const current = this.halves[this.half - 1]!;
      const homeGoals = poissonDraw((this.homeMean * step) / (2 * HALF_SECONDS), random);
      const awayGoals = poissonDraw((this.awayMean * step) / (2 * HALF_SECONDS), random);
      if (homeGoals + awayGoals > 0) reason = 'goal';
      else if (random() < step / 1800) reason ??= 'danger';
      current.home += homeGoals;
      current.away += awayGoals;
      this.inHalf += step;
      left -= step;
      if (this.inHalf >= halfLength) {
        if (this.half === 1) {
          this.inBreak = true;
          this.inHalf = 0;
        } else this.half = 3;
      }
    }
    this.changed();
    return reason;
  }

  drift(random: () => number): void {
    const factor = Math.exp(between(random, -0.04, 0.04));
    this.homeMean *= factor;
    this.awayMean /= factor;
    this.changed();
  }

  score(): LiveScore {
    return { kind: 'goals', ...this.goals(), periods: this.halves.map(copy) };
  }

  clock(): LiveClock {
    if (this.half === 0) return { period: 1, seconds: 0, running: false };
    if (this.half === 3) return { period: 2, seconds: HALF_SECONDS * 2 + this.stoppage[1], running: false };
    if (this.inBreak) return { period: 1, seconds: HALF_SECONDS + this.stoppage[0], running: false };
    return { period: this.half, seconds: (this.half - 1) * HALF_SECONDS + this.inHalf, running: true };
  }

  finished(): boolean {
    return this.half === 3;
  }

  finalScore(): FinalScore {
    return { kind: 'goals', ...this.goals(), periods: this.halves.map(copy) };
  }

  closesEarly(spec: MarketSpec): boolean {
    // Correct score comes off from the 80th minute.
    return spec.type === 'correct_score' && this.half === 2 && !this.inBreak && this.inHalf >= 35 * 60;
  }
}

// ---------------------------------------------------------------------------------------

const SECONDS_PER_POINT = 45;

export class TennisSim extends EnumeratedSim implements MatchSim {
  readonly sport = 'tennis';
  readonly bestOf = 3;
  readonly nominalSeconds = 160 * SECONDS_PER_POINT;
  private model: TennisModel;
  private sets: TeamScore[] = [{ home: 0, away: 0 }];
  private game: TeamScore = { home: 0, away: 0 };
  private server: Side;
  private carry = 0;

  constructor(random: () => number) {
    super();
    const edge = between(random, -0.045, 0.045);
    const base = between(random, 0.6, 0.67);
    this.model = { homeServe: base + edge, awayServe: base - edge };
    this.server = random() < 0.5 ? 'home' : 'away';
  }

  protected distribution(): ScoreState[] {
    return tennisDistribution(this.model, { sets: this.sets, game: this.game, server: this.server });
  }

  specs(): MarketSpec[] {
    const states = this.states();
    const games = (state: ScoreState) =>
      state.score.kind === 'sets' ? state.score.sets.reduce((sum, set) => sum + set.home + set.away, 0) : 0;
    const difference = (state: ScoreState) =>
      state.score.kind === 'sets' ? state.score.sets.reduce((sum, set) => sum + set.home - set.away, 0) : 0;
    const above = (value: (state: ScoreState) => number, line: number) =>
      states.reduce((sum, state) => sum + (value(state) > line ? state.probability : 0), 0);
    const totalLine = balancedLine(range(16.5, 30.5, 1), (line) => above(games, line));
    const handicapLine = balancedLine(range(-7.5, 7.5, 1), (line) => above(difference, -line));
    return [
      { type: 'match_winner' },
      { type: 'set_winner', set: 1 },
      { type: 'set_winner', set: 2 },
      { type: 'total_games', line: totalLine },
      { type: 'asian_handicap', line: handicapLine },
      { type: 'correct_score' },
    ];
  }

  private matchOver(): boolean {
    const won = setsWon(this.sets);
    return won.home === TENNIS_SETS_TO_WIN || won.away === TENNIS_SETS_TO_WIN;
  }

  advance(seconds: number, random: () => number): SuspensionReason | null {
    let reason: SuspensionReason | null = null;
    this.carry += seconds;
    while (this.carry >= SECONDS_PER_POINT && !this.matchOver()) {
      this.carry -= SECONDS_PER_POINT;
      const set = this.sets[this.sets.length - 1]!;
      const tiebreak = set.home === 6 && set.away === 6;
      const homePoint = tiebreak
        ? (this.model.homeServe + 1 - this.model.awayServe) / 2
        : this.server === 'home'
          ? this.model.homeServe
          : 1 - this.model.awayServe;
      if (random() < homePoint) this.game.home += 1;
      else this.game.away += 1;
      const target = tiebreak ? 7 : 4;
      const high = Math.max(this.game.home, this.game.away);
      if (high < target || Math.abs(this.game.home - this.game.away) < 2) continue;
      const winner: Side = this.game.home > this.game.away ? 'home' : 'away';
      if (!tiebreak && winner !== this.server) reason = 'break_of_serve';
      set[winner] += 1;
      this.game = { home: 0, away: 0 };
      this.server = this.server === 'home' ? 'away' : 'home';
      if (isSetOver(set)) {
        reason = 'period_end';
        if (!this.matchOver()) this.sets.push({ home: 0, away: 0 });
      }
    }
    this.changed();
    return reason;
  }

  drift(random: () => number): void {
    const shift = between(random, -0.004, 0.004);
    const edge = (this.model.homeServe - this.model.awayServe) / 2 + shift;
    const base = (this.model.homeServe + this.model.awayServe) / 2;
    const bounded = Math.max(-0.045, Math.min(0.045, edge));
    this.model = { homeServe: base + bounded, awayServe: base - bounded };
    this.changed();
  }

  score(): LiveScore {
    return { kind: 'sets', sets: this.sets.map(copy), game: copy(this.game), server: this.server };
  }

  clock(): LiveClock {
    return { period: this.sets.length, seconds: null, running: !this.matchOver() };
  }

  finished(): boolean {
    return this.matchOver();
  }

  finalScore(): FinalScore {
    return { kind: 'sets', sets: this.sets.filter(isSetOver).map(copy) };
  }

  closesEarly(): boolean {
    return false;
  }
}

// ---------------------------------------------------------------------------------------

const SECONDS_PER_ROUND = 110;

export class EsportsSim extends EnumeratedSim implements MatchSim {
  readonly sport = 'esports';
  readonly nominalSeconds: number;
  private roundWin: number;
  private readonly maps: { rounds: TeamScore; winner: Side | null }[] = [];
  private carry = 0;

  constructor(
    random: () => number,
    readonly bestOf: number,
  ) {
    super();
    this.roundWin = 0.5 + between(random, -0.05, 0.05);
    this.nominalSeconds = Math.round(((bestOf + 2) / 2) * 22 * SECONDS_PER_ROUND);
  }

  private winners(): Side[] {
    return this.maps.flatMap((map) => (map.winner ? [map.winner] : []));
  }

  private matchOver(): boolean {
    const toWin = Math.ceil(this.bestOf / 2);
    const winners = this.winners();
    const home = winners.filter((side) => side === 'home').length;
    return home === toWin || winners.length - home === toWin;
  }

  protected distribution(): ScoreState[] {
    const current = this.maps.find((map) => map.winner === null)?.rounds ?? { home: 0, away: 0 };
    return esportsDistribution(this.roundWin, this.bestOf, this.winners(), current);
  }

  specs(): MarketSpec[] {
    const favouriteHome = this.roundWin >= 0.5;
    const states = this.states();
    const mapsPlayed = (state: ScoreState) => (state.score.kind === 'maps' ? state.score.maps.length : 0);
    const toWin = Math.ceil(this.bestOf / 2);
    const totalLine = balancedLine(range(toWin + 0.5, this.bestOf - 0.5, 1), (line) =>
      states.reduce((sum, state) => sum + (mapsPlayed(state) > line ? state.probability : 0), 0),
    );
    return [
      { type: 'match_winner' },
      { type: 'map_winner', map: 1 },
      { type: 'map_winner', map: 2 },
      { type: 'total_maps', line: totalLine },
      { type: 'asian_handicap', line: favouriteHome ? -1.5 : 1.5 },
      { type: 'correct_score' },
    ];
  }

  advance(seconds: number, random: () => number): SuspensionReason | null {
    let reason: SuspensionReason | null = null;
    if (this.maps.length === 0) this.maps.push({ rounds: { home: 0, away: 0 }, winner: null });
    this.carry += seconds;
    while (this.carry >= SECONDS_PER_ROUND && !this.matchOver()) {
      this.carry -= SECONDS_PER_ROUND;
      const map = this.maps[this.maps.length - 1]!;
      if (random() < this.roundWin) map.rounds.home += 1;
      else map.rounds.away += 1;
      if (map.rounds.home < ROUNDS_TO_WIN_MAP && map.rounds.away < ROUNDS_TO_WIN_MAP) continue;
      map.winner = map.rounds.home > map.rounds.away ? 'home' : 'away';
      reason = 'map_end';
      if (!this.matchOver()) this.maps.push({ rounds: { home: 0, away: 0 }, winner: null });
    }
    this.changed();
    return reason;
  }

  drift(random: () => number): void {
    this.roundWin = Math.max(0.45, Math.min(0.55, this.roundWin + between(random, -0.003, 0.003)));
    this.changed();
  }

  score(): LiveScore {
    return { kind: 'maps', maps: this.maps.map((map) => ({ rounds: copy(map.rounds), winner: map.winner })) };
  }

  clock(): LiveClock {
    return { period: Math.max(1, this.maps.length), seconds: null, running: !this.matchOver() };
  }

  finished(): boolean {
    return this.matchOver();
  }

  finalScore(): FinalScore {
    const played = this.maps.filter((map) => map.winner !== null);
    return { kind: 'maps', maps: played.map((map) => map.winner!), rounds: played.map((map) => copy(map.rounds)) };
  }

  closesEarly(): boolean {
    return false;
  }
}

// ---------------------------------------------------------------------------------------

const QUARTER_SECONDS = 12 * 60;
const OVERTIME_SECONDS = 5 * 60;
const REGULATION_SECONDS = 4 * QUARTER_SECONDS;
const BASKETBALL_BREAK_SECONDS = 2 * 60;
const DIFFERENCE_SD = 12;
const TOTAL_SD = 17;
const POINTS_PER_SCORE = 2 * 0.62 + 3 * 0.28 + 1 * 0.1;

export class BasketballSim implements MatchSim {
  readonly sport = 'basketball';
  readonly bestOf = null;
  readonly nominalSeconds = REGULATION_SECONDS + 3 * BASKETBALL_BREAK_SECONDS + 60;
  private homeMean: number;
  private awayMean: number;
  private readonly periods: TeamScore[] = [];
  private inPeriod = 0;
  private inBreak = false;
  private over = false;
  private run: { side: Side; points: number } = { side: 'home', points: 0 };

  constructor(random: () => number) {
    const total = between(random, 195, 235);
    const edge = between(random, -9, 9) + 2.5;
    this.homeMean = (total + edge) / 2;
    this.awayMean = (total - edge) / 2;
  }

  private points(): TeamScore {
    return this.periods.reduce((sum, p) => ({ home: sum.home + p.home, away: sum.away + p.away }), {
      home: 0,
      away: 0,
    });
  }

  private periodLength(period: number): number {
    return period <= 4 ? QUARTER_SECONDS : OVERTIME_SECONDS;
  }

  private outlook() {
    const points = this.points();
    const period = this.periods.length;
    const inOvertime = period > 4;
    let left: number;
    if (this.over) left = 0;
    else if (period === 0) left = REGULATION_SECONDS;
    else {
      const leftInPeriod = this.inBreak ? 0 : this.periodLength(period) - this.inPeriod;
      left = inOvertime ? leftInPeriod : leftInPeriod + (4 - period) * QUARTER_SECONDS;
    }
    const share = left / REGULATION_SECONDS;
    return {
      difference: {
        mean: points.home - points.away + (this.homeMean - this.awayMean) * share,
        sd: DIFFERENCE_SD * Math.sqrt(share),
      },
      total: {
        mean: points.home + points.away + (this.homeMean + this.awayMean) * share,
        sd: TOTAL_SD * Math.sqrt(share),
      },
      inOvertime,
    };
  }

  fair(spec: MarketSpec): Map<string, number | null> {
    return basketballFair(spec, this.outlook());
  }

  specs(): MarketSpec[] {
    const outlook = this.outlook();
    const totalLine = Math.floor(outlook.total.mean) + 0.5;
    const handicapLine = -Math.floor(outlook.difference.mean) - 0.5;
    return [
      { type: 'match_winner' },
      { type: 'match_result' },
      { type: 'total', line: totalLine },
      { type: 'asian_handicap', line: handicapLine },
    ];
  }

  advance(seconds: number, random: () => number): SuspensionReason | null {
    let reason: SuspensionReason | null = null;
    if (this.periods.length === 0) this.periods.push({ home: 0, away: 0 });
    let left = seconds;
    while (left > 0 && !this.over) {
      const period = this.periods.length;
      if (this.inBreak) {
        const step = Math.min(left, BASKETBALL_BREAK_SECONDS - this.inPeriod);
        this.inPeriod += step;
        left -= step;
        if (this.inPeriod >= BASKETBALL_BREAK_SECONDS) {
          this.inBreak = false;
          this.inPeriod = 0;
          this.periods.push({ home: 0, away: 0 });
        }
        continue;
      }
      const step = Math.min(left, this.periodLength(period) - this.inPeriod);
      const current = this.periods[period - 1]!;
      for (const side of ['home', 'away'] as const) {
        const mean = side === 'home' ? this.homeMean : this.awayMean;
        const scores = poissonDraw((mean / POINTS_PER_SCORE) * (step / REGULATION_SECONDS), random);
        for (let i = 0; i < scores; i++) {
          const u = random();
          const points = u < 0.62 ? 2 : u < 0.9 ? 3 : 1;
          current[side] += points;
          this.run = this.run.side === side ? { side, points: this.run.points + points } : { side, points };
          if (this.run.points >= 8) {
            reason = 'point_burst';
            this.run = { side, points: 0 };
          }
        }
      }
      this.inPeriod += step;
      left -= step;
      if (this.inPeriod < this.periodLength(period)) continue;
      const points = this.points();
      if (period >= 4 && points.home !== points.away) {
        this.over = true;
      } else if (period >= 7) {
        // Three overtimes level: the simulation ends it with a last free throw.
        current[random() < 0.5 ? 'home' : 'away'] += 1;
        this.over = true;
      } else {
        this.inBreak = true;
        this.inPeriod = 0;
        reason ??= 'period_end';
      }
    }
    return reason;
  }

  drift(random: () => number): void {
    const shift = between(random, -0.6, 0.6);
    this.homeMean += shift;
    this.awayMean -= shift;
  }

  score(): LiveScore {
    return { kind: 'points', ...this.points(), periods: this.periods.map(copy) };
  }

  clock(): LiveClock {
    const period = Math.max(1, this.periods.length);
    if (this.over) return { period, seconds: this.periodLength(period), running: false };
    if (this.inBreak) return { period, seconds: this.periodLength(period), running: false };
    return { period, seconds: this.inPeriod, running: this.periods.length > 0 };
  }

  finished(): boolean {
    return this.over;
  }

  finalScore(): FinalScore {
    return { kind: 'points', ...this.points(), overtime: this.periods.length > 4, periods: this.periods.map(copy) };
  }

  closesEarly(): boolean {
    return false;
  }
}

export function createMatchSim(sport: SportKey, random: () => number, bestOf: number | null): MatchSim {
  switch (sport) {
    case 'football':
      return new FootballSim(random);
    case 'tennis':
      return new TennisSim(random);
    case 'basketball':
      return new BasketballSim(random);
    case 'esports':
      return new EsportsSim(random, bestOf ?? 3);
  }
}
