import { lineToQuarters, resolveAgainstLine, SettlementInputError, type Resolution } from './resolution';

/** Sides of a two-team event; in tennis "home" is the player listed first. */
export type Side = 'home' | 'away';

export interface TeamScore {
  home: number;
  away: number;
}

/**
 * The final score of a finished event, by how the sport counts.
 * - goals (football): the score after regular time (90 minutes plus stoppage time).
 * - points (basketball): the final score including overtime; `overtime` says the game
 *   was level after regulation, which is a draw for the three-way match result.
 * - sets (tennis): games per set, in order; a set winner is who took more games (a
 *   tie-break set reads 7–6).
 * - maps (esports): the winner of each map played, in order.
 */
export type FinalScore =
  | ({ kind: 'goals' } & TeamScore)
  | ({ kind: 'points'; overtime: boolean } & TeamScore)
  | { kind: 'sets'; sets: readonly TeamScore[] }
  | { kind: 'maps'; maps: readonly Side[] };

/** Cancelled and abandoned events void every market on them. */
export type EventResult = { status: 'finished'; score: FinalScore } | { status: 'cancelled' | 'abandoned' };

/**
 * Market types. Lines are multiples of 0.25 (half 2.5, whole 2, quarter 2.25); an Asian
 * handicap line is the one given to the home side, the away side takes its negation.
 */
export type Market =
  | { type: 'match_result' }
  | { type: 'match_winner' }
  | { type: 'double_chance' }
  | { type: 'draw_no_bet' }
  | { type: 'total'; line: number }
  | { type: 'asian_handicap'; line: number }
  | { type: 'both_teams_to_score' }
  | { type: 'correct_score' }
  | { type: 'set_winner'; set: number }
  | { type: 'total_games'; line: number }
  | { type: 'map_winner'; map: number }
  | { type: 'total_maps'; line: number };

export type MarketType = Market['type'];

export const MARKET_OUTCOMES = {
  match_result: ['home', 'draw', 'away'],
  match_winner: ['home', 'away'],
  double_chance: ['home_or_draw', 'home_or_away', 'draw_or_away'],
  draw_no_bet: ['home', 'away'],
  total: ['over', 'under'],
  asian_handicap: ['home', 'away'],
  both_teams_to_score: ['yes', 'no'],
  // correct_score outcomes are "<home>-<away>", e.g. "2-1"
  correct_score: [],
  set_winner: ['home', 'away'],
  total_games: ['over', 'under'],
  map_winner: ['home', 'away'],
  total_maps: ['over', 'under'],
} as const satisfies Record<MarketType, readonly string[]>;

const CORRECT_SCORE = /^(\d{1,3})-(\d{1,3})$/;

/** Whether `outcome` is one of the market's outcomes (and the market's line or index is well formed). */
export function isValidOutcome(market: Market, outcome: string): boolean {
  if ('line' in market && !Number.isSafeInteger(market.line * 4)) return false;
  if (market.type === 'set_winner' && !(Number.isSafeInteger(market.set) && market.set >= 1)) return false;
  if (market.type === 'map_winner' && !(Number.isSafeInteger(market.map) && market.map >= 1)) return false;
  if (market.type === 'correct_score') return CORRECT_SCORE.test(outcome);
  return (MARKET_OUTCOMES[market.type] as readonly string[]).includes(outcome);
}

type Winner = Side | 'draw';

function winnerOf(score: TeamScore): Winner {
  if (score.home === score.away) return 'draw';
  return score.home > score.away ? 'home' : 'away';
}

function mapCounts(maps: readonly Side[]): TeamScore {
  return {
    home: maps.filter((side) => side === 'home').length,
    away: maps.filter((side) => side === 'away').length,
  };
}

function setCounts(sets: readonly TeamScore[]): TeamScore {
  let home = 0;
  let away = 0;
  for (const set of sets) {
    const winner = winnerOf(set);
    if (winner === 'draw') throw new SettlementInputError('a tennis set cannot end level');
    if (winner === 'home') home += 1;
    else away += 1;
  }
  return { home, away };
}

/**
 * The score a market on the event's main result reads: goals, points (overtime
 * included), sets won (tennis) or maps won (esports).
 */
function mainScore(score: FinalScore): TeamScore {
  switch (score.kind) {
    case 'goals':
    case 'points':
      return { home: score.home, away: score.away };
    case 'sets':
      return setCounts(score.sets);
    case 'maps':
      return mapCounts(score.maps);
  }
}

/** The three-way result: basketball games that went to overtime are a draw here. */
function threeWayWinner(score: FinalScore): Winner {
  if (score.kind === 'points' && score.overtime) return 'draw';
  return winnerOf(mainScore(score));
}

/** What totals and handicaps count: goals, points, games (tennis) or maps (esports). */
function countedScore(score: FinalScore): TeamScore {
  if (score.kind !== 'sets') return mainScore(score);
  return score.sets.reduce((sum, set) => ({ home: sum.home + set.home, away: sum.away + set.away }), {
    home: 0,
    away: 0,
  });
}

function wonIf(condition: boolean): Resolution {
  return condition ? 'won' : 'lost';
}

function resolveTotal(total: number, line: number, outcome: string): Resolution {
  const lineQuarters = lineToQuarters(line);
  if (lineQuarters <= 0) throw new SettlementInputError(`a total line must be positive: ${line}`);
  return outcome === 'over'
    ? resolveAgainstLine(total * 4, -lineQuarters)
    : resolveAgainstLine(-total * 4, lineQuarters);
}

function requireKind<K extends FinalScore['kind']>(score: FinalScore, kind: K, market: MarketType) {
  if (score.kind !== kind) throw new SettlementInputError(`${market} needs a ${kind} result, got ${score.kind}`);
  return score as Extract<FinalScore, { kind: K }>;
}

/**
 * Resolves one outcome of a market from the event's result. Pure: the same inputs give
 * the same resolution, so a corrected result simply resolves again.
 */
export function resolveOutcome(market: Market, outcome: string, result: EventResult): Resolution {
  if (!isValidOutcome(market, outcome)) {
    throw new SettlementInputError(`"${outcome}" is not an outcome of ${market.type}`);
  }
  if (result.status !== 'finished') return 'void';
  const score = result.score;

  switch (market.type) {
    case 'match_result':
      return wonIf(threeWayWinner(score) === outcome);

    case 'match_winner': {
      // Two-way: overtime counts; a level result (a football draw) voids it.
      const winner = winnerOf(mainScore(score));
      return winner === 'draw' ? 'void' : wonIf(winner === outcome);
    }

    case 'double_chance': {
      const winner = threeWayWinner(score);
      const covered = outcome.split('_or_');
      return wonIf(covered.includes(winner));
    }

    case 'draw_no_bet': {
      const winner = threeWayWinner(score);
      return winner === 'draw' ? 'void' : wonIf(winner === outcome);
    }

    case 'total': {
      const counted = countedScore(score);
      return resolveTotal(counted.home + counted.away, market.line, outcome);
    }

    case 'asian_handicap': {
      const counted = countedScore(score);
      const lineQuarters = lineToQuarters(market.line);
      return outcome === 'home'
        ? resolveAgainstLine((counted.home - counted.away) * 4, lineQuarters)
        : resolveAgainstLine((counted.away - counted.home) * 4, -lineQuarters);
    }

    case 'both_teams_to_score': {
      const goals = requireKind(score, 'goals', market.type);
      const both = goals.home > 0 && goals.away > 0;
      return wonIf(both === (outcome === 'yes'));
    }

    case 'correct_score': {
      const match = CORRECT_SCORE.exec(outcome)!;
      const counted = mainScore(score);
      return wonIf(Number(match[1]) === counted.home && Number(match[2]) === counted.away);
    }

    case 'set_winner': {
      const { sets } = requireKind(score, 'sets', market.type);
      const set = sets[market.set - 1];
      // A set that was never played (the match ended before it) voids the bet.
      if (!set) return 'void';
      const winner = winnerOf(set);
      if (winner === 'draw') throw new SettlementInputError('a tennis set cannot end level');
      return wonIf(winner === outcome);
    }

    case 'total_games': {
      const { sets } = requireKind(score, 'sets', market.type);
      const games = sets.reduce((sum, set) => sum + set.home + set.away, 0);
      return resolveTotal(games, market.line, outcome);
    }

    case 'map_winner': {
      const { maps } = requireKind(score, 'maps', market.type);
      const winner = maps[market.map - 1];
      if (!winner) return 'void';
      return wonIf(winner === outcome);
    }

    case 'total_maps': {
      const { maps } = requireKind(score, 'maps', market.type);
      return resolveTotal(maps.length, market.line, outcome);
    }
  }
}
