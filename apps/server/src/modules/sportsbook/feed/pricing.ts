import { resolveOutcome, type FinalScore as SettlementScore, type Resolution } from '../settlement';
import type { MarketSpec, Side, TeamScore } from './types';

/**
 * Pricing: each sport's model gives a probability distribution over final scores; every
 * market is priced from that one distribution with the settlement rules themselves, so
 * all markets of an event agree with each other and with how they settle.
 */

export interface ScoreState {
  probability: number;
  score: SettlementScore;
  /** Identifies the score, so its resolutions can be remembered across re-pricings. */
  key: string;
}

/** Resolutions already worked out: score key → "market|outcome" → resolution. */
export type ResolutionMemo = Map<string, Map<string, Resolution>>;

function memoSpecKey(spec: MarketSpec): string {
  return JSON.stringify(spec);
}

/**
 * The fair implied probability of an outcome: 1 / the odds at which a bet breaks even,
 * counting pushes and half results (a push returns the stake, so it is taken out). Null
 * when the outcome cannot win.
 */
export function fairProbabilities(
  spec: MarketSpec,
  keys: readonly string[],
  distribution: readonly ScoreState[],
  memo: ResolutionMemo = new Map(),
): Map<string, number | null> {
  const fair = new Map<string, number | null>();
  const specKey = memoSpecKey(spec);
  for (const key of keys) {
    let won = 0;
    let voided = 0;
    let halfWon = 0;
    let halfLost = 0;
    const outcomeKey = `${specKey}|${key}`;
    for (const state of distribution) {
      let known = memo.get(state.key);
      if (!known) {
        known = new Map();
        memo.set(state.key, known);
      }
      let resolution = known.get(outcomeKey);
      if (resolution === undefined) {
        resolution = resolveOutcome(spec, key, { status: 'finished', score: state.score });
        known.set(outcomeKey, resolution);
      }
      switch (resolution) {
        case 'won':
          won += state.probability;
          break;
        case 'void':
          voided += state.probability;
          break;
        case 'half_won':
          halfWon += state.probability;
          break;
        case 'half_lost':
          halfLost += state.probability;
          break;
        case 'lost':
          break;
      }
    }
    const returned = won + halfWon / 2;
    const atRisk = 1 - voided - (halfWon + halfLost) / 2;
    fair.set(key, returned > 1e-12 && atRisk > 1e-12 ? returned / atRisk : null);
  }
  return fair;
}

export const MIN_FEED_ODDS_MILLI = 1010n;
export const MAX_FEED_ODDS_MILLI = 1_000_000n;

/**
 * Odds with the bookmaker's margin: each fair probability is scaled by (1 + margin), so a
 * market's implied probabilities sum to 1 + margin (2 × that for double chance, where
 * every result is covered twice). Rounded to the thousandth, kept within 1.01…1000.
 */
export function oddsWithMargin(fairProbability: number, marginBp: number): bigint {
  const implied = fairProbability * (1 + marginBp / 10_000);
  const oddsMilli = BigInt(Math.round(1000 / implied));
  if (oddsMilli < MIN_FEED_ODDS_MILLI) return MIN_FEED_ODDS_MILLI;
  return oddsMilli > MAX_FEED_ODDS_MILLI ? MAX_FEED_ODDS_MILLI : oddsMilli;
}

// ---------------------------------------------------------------------------------------
// Football: independent Poisson goals for the rest of regular time.

function poisson(mean: number, max: number): number[] {
  const probabilities: number[] = [];
  let p = Math.exp(-mean);
  for (let k = 0; k <= max; k++) {
    probabilities.push(p);
    p = (p * mean) / (k + 1);
  }
  return probabilities;
}

const MAX_EXTRA_GOALS = 10;

export function footballDistribution(current: TeamScore, homeMean: number, awayMean: number): ScoreState[] {
  const home = poisson(homeMean, MAX_EXTRA_GOALS);
  const away = poisson(awayMean, MAX_EXTRA_GOALS);
  const states: ScoreState[] = [];
  let total = 0;
  for (let h = 0; h <= MAX_EXTRA_GOALS; h++) {
    for (let a = 0; a <= MAX_EXTRA_GOALS; a++) {
      const probability = home[h]! * away[a]!;
      total += probability;
      const score = { kind: 'goals', home: current.home + h, away: current.away + a } as const;
      states.push({ probability, score, key: `${score.home}-${score.away}` });
    }
  }
  for (const state of states) state.probability /= total;
  return states;
}

// ---------------------------------------------------------------------------------------
// Tennis: each player wins a point on serve with a fixed probability.

/** The server wins the game from `points` (server's, receiver's). */
export function gameWinProbability(serverPoint: number, server: number, receiver: number): number {
  const p = serverPoint;
  const deuce = (p * p) / (p * p + (1 - p) * (1 - p));
  const from = (s: number, r: number): number => {
    if (s >= 4 && s - r >= 2) return 1;
    if (r >= 4 && r - s >= 2) return 0;
    if (s >= 3 && r >= 3) {
      if (s === r) return deuce;
      return s > r ? p + (1 - p) * deuce : p * deuce;
    }
    return p * from(s + 1, r) + (1 - p) * from(s, r + 1);
  };
  return from(server, receiver);
}

/** Home wins a first-to-7, win-by-2 tie-break from `points`, winning each point with `p`. */
export function tiebreakWinProbability(p: number, home: number, away: number): number {
  const deuce = (p * p) / (p * p + (1 - p) * (1 - p));
  const from = (h: number, a: number): number => {
    if (h >= 7 && h - a >= 2) return 1;
    if (a >= 7 && a - h >= 2) return 0;
    if (h >= 6 && a >= 6) {
      if (h === a) return deuce;
      return h > a ? p + (1 - p) * deuce : p * deuce;
    }
    return p * from(h + 1, a) + (1 - p) * from(h, a + 1);
  };
  return from(home, away);
}

export interface TennisModel {
  /** Probability each player wins a point on their own serve. */
  homeServe: number;
  awayServe: number;
}

export interface TennisState {
  sets: TeamScore[];
  /** Points in the current game (tie-break points at 6–6). */
  game: TeamScore;
  server: Side;
}

export const TENNIS_SETS_TO_WIN = 2;

export function isSetOver(set: TeamScore): boolean {
  const high = Math.max(set.home, set.away);
  const low = Math.min(set.home, set.away);
  return (high === 6 && low <= 4) || (high === 7 && (low === 5 || low === 6));
}

export function setsWon(sets: readonly TeamScore[]): TeamScore {
  const won = { home: 0, away: 0 };
  for (const set of sets) {
    if (!isSetOver(set)) continue;
    if (set.home > set.away) won.home += 1;
    else won.away += 1;
  }
  return won;
}

const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

/** Final games of the current set: probability by "home-away", from games, points and server. */
function setDistribution(model: TennisModel, games: TeamScore, point: TeamScore, server: Side): Map<string, number> {
  const out = new Map<string, number>();
  const add = (key: string, p: number) => out.set(key, (out.get(key) ?? 0) + p);
  const tiebreakPoint = (model.homeServe + 1 - model.awayServe) / 2;
  const holdFresh = {
    home: gameWinProbability(model.homeServe, 0, 0),
    away: gameWinProbability(model.awayServe, 0, 0),
  };
  // Forward over the games still to play: the mass on each games score, one game at a time.
  let level = new Map<string, { h: number; a: number; p: number }>([
    [`${games.home}-${games.away}`, { h: games.home, a: games.away, p: 1 }],
  ]);
  let serving = server;
  let first = true;
  while (level.size > 0) {
    const next = new Map<string, { h: number; a: number; p: number }>();
    const push = (h: number, a: number, p: number) => {
      const key = `${h}-${a}`;
      const known = next.get(key);
      if (known) known.p += p;
      else next.set(key, { h, a, p });
    };
    for (const { h, a, p } of level.values()) {
      if (isSetOver({ home: h, away: a })) {
        add(`${h}-${a}`, p);
        continue;
      }
      if (h === 6 && a === 6) {
        const homeWins = tiebreakWinProbability(tiebreakPoint, first ? point.home : 0, first ? point.away : 0);
        add('7-6', p * homeWins);
        add('6-7', p * (1 - homeWins));
        continue;
      }
      let hold = holdFresh[serving];
      if (first) {
        const serverPoint = serving === 'home' ? model.homeServe : model.awayServe;
        hold = gameWinProbability(serverPoint, point[serving], point[other(serving)]);
      }
      const homeWins = serving === 'home' ? hold : 1 - hold;
      push(h + 1, a, p * homeWins);
      push(h, a + 1, p * (1 - homeWins));
    }
    level = next;
    serving = other(serving);
    first = false;
  }
  return out;
}

/** Distribution over the sequences of set scores of a best-of-three match, from the state now. */
export function tennisDistribution(model: TennisModel, state: TennisState): ScoreState[] {
  const states: ScoreState[] = [];
  const freshSets = new Map<Side, Map<string, number>>();
  const fresh = (server: Side) => {
    let distribution = freshSets.get(server);
    if (!distribution) {
      distribution = setDistribution(model, { home: 0, away: 0 }, { home: 0, away: 0 }, server);
      freshSets.set(server, distribution);
    }
    return distribution;
  };
  const extend = (done: TeamScore[], firstServer: Side, sets: Map<string, number>, p: number) => {
    for (const [key, q] of sets) {
      const [home, away] = key.split('-').map(Number) as [number, number];
      const played = [...done, { home, away }];
      const probability = p * q;
      const won = setsWon(played);
      if (won.home === TENNIS_SETS_TO_WIN || won.away === TENNIS_SETS_TO_WIN) {
        states.push({
          probability,
          score: { kind: 'sets', sets: played },
          key: played.map((set) => `${set.home}-${set.away}`).join(' '),
        });
        continue;
      }
      // Games alternate serve, so an odd number of games hands the next set's first serve over.
      const nextServer = (home + away) % 2 === 1 ? other(firstServer) : firstServer;
      extend(played, nextServer, fresh(nextServer), probability);
    }
  };
  const done = state.sets.filter(isSetOver);
  const current = state.sets.find((set) => !isSetOver(set)) ?? { home: 0, away: 0 };
  const currentDistribution = setDistribution(model, current, state.game, state.server);
  // Who served first in the current set only matters for the sets after it.
  const gamesSoFar = current.home + current.away;
  const firstServer = gamesSoFar % 2 === 0 ? state.server : other(state.server);
  extend(done, firstServer, currentDistribution, 1);
  return states;
}

// ---------------------------------------------------------------------------------------
// Esports: maps are first to 13 rounds (12–12 goes to one deciding round), each round won
// by home with a fixed probability.

export const ROUNDS_TO_WIN_MAP = 13;

export function mapWinProbability(roundWin: number, home: number, away: number): number {
  const memo = new Map<string, number>();
  const from = (h: number, a: number): number => {
    if (h >= ROUNDS_TO_WIN_MAP) return 1;
    if (a >= ROUNDS_TO_WIN_MAP) return 0;
    const key = `${h}-${a}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const p = roundWin * from(h + 1, a) + (1 - roundWin) * from(h, a + 1);
    memo.set(key, p);
    return p;
  };
  return from(home, away);
}

export function esportsDistribution(
  roundWin: number,
  bestOf: number,
  mapsWon: readonly Side[],
  currentRounds: TeamScore,
): ScoreState[] {
  const toWin = Math.ceil(bestOf / 2);
  const fresh = mapWinProbability(roundWin, 0, 0);
  const states: ScoreState[] = [];
  const walk = (maps: Side[], p: number, homeMapWin: number) => {
    const home = maps.filter((side) => side === 'home').length;
    if (home === toWin || maps.length - home === toWin) {
      states.push({ probability: p, score: { kind: 'maps', maps }, key: maps.join(' ') });
      return;
    }
    walk([...maps, 'home'], p * homeMapWin, fresh);
    walk([...maps, 'away'], p * (1 - homeMapWin), fresh);
  };
  walk([...mapsWon], 1, mapWinProbability(roundWin, currentRounds.home, currentRounds.away));
  return states;
}

// ---------------------------------------------------------------------------------------
// Basketball: the rest of the game as normal approximations of the point difference and
// the total; priced directly (the score space is too wide to enumerate).

/** Standard normal CDF (Abramowitz–Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

export interface NormalOutlook {
  mean: number;
  sd: number;
}

/** P(X > threshold) for a normal outlook; a zero spread is a certainty either way. */
export function probabilityAbove(outlook: NormalOutlook, threshold: number): number {
  if (outlook.sd <= 1e-9) return outlook.mean > threshold ? 1 : 0;
  return 1 - normalCdf((threshold - outlook.mean) / outlook.sd);
}

export interface BasketballOutlook {
  /** Home minus away at the end of regulation. */
  difference: NormalOutlook;
  total: NormalOutlook;
  /** Already in overtime: the regulation result was a tie. */
  inOvertime: boolean;
}

/** Fair probabilities for a basketball market (lines are half points, so no pushes). */
export function basketballFair(spec: MarketSpec, outlook: BasketballOutlook): Map<string, number | null> {
  const { difference } = outlook;
  const tie = outlook.inOvertime
    ? 1
    : Math.max(0, 1 - probabilityAbove(difference, 0.5) - (1 - probabilityAbove(difference, -0.5)));
  const homeRegulation = outlook.inOvertime ? 0 : probabilityAbove(difference, 0.5);
  const awayRegulation = Math.max(0, 1 - tie - homeRegulation);
  const nonNull = (p: number) => (p > 1e-12 ? p : null);
  switch (spec.type) {
    case 'match_result':
      return new Map([
        ['home', nonNull(homeRegulation)],
        ['draw', nonNull(tie)],
        ['away', nonNull(awayRegulation)],
      ]);
    case 'match_winner': {
      // Overtime is near a coin toss: the regulation favourite keeps a slight edge.
      const overtimeHome = outlook.inOvertime ? probabilityAbove(difference, 0) : 0.5;
      const home = homeRegulation + tie * overtimeHome;
      return new Map([
        ['home', nonNull(home)],
        ['away', nonNull(1 - home)],
      ]);
    }
    case 'total': {
      const over = probabilityAbove(outlook.total, spec.line);
      return new Map([
        ['over', nonNull(over)],
        ['under', nonNull(1 - over)],
      ]);
    }
    case 'asian_handicap': {
      const home = probabilityAbove(difference, -spec.line);
      return new Map([
        ['home', nonNull(home)],
        ['away', nonNull(1 - home)],
      ]);
    }
    default:
      throw new RangeError(`basketball does not price ${spec.type}`);
  }
}
