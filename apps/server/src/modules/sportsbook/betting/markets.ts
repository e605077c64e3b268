import type { EventResult, Market } from '../settlement';
import { toSettlementResult, type FeedResult } from '../feed';

/** A stored market (sb_markets) as the settlement rules read it. */
export function marketOf(row: { market_type: string; line_quarters: number | null; number: number | null }): Market {
  const line = (row.line_quarters ?? 0) / 4;
  const number = row.number ?? 1;
  switch (row.market_type) {
    case 'match_result':
    case 'match_winner':
    case 'double_chance':
    case 'draw_no_bet':
    case 'both_teams_to_score':
    case 'correct_score':
      return { type: row.market_type };
    case 'total':
    case 'asian_handicap':
    case 'total_games':
    case 'total_maps':
      return { type: row.market_type, line };
    case 'set_winner':
      return { type: 'set_winner', set: number };
    case 'map_winner':
      return { type: 'map_winner', map: number };
    default:
      throw new Error(`unknown market type ${row.market_type}`);
  }
}

/** A stored result (sb_events.result is the feed result's `outcome`, written by the ingestor). */
export function resultOf(eventId: string, version: number, stored: unknown): EventResult {
  return toSettlementResult({ eventId, version, outcome: stored as FeedResult['outcome'] });
}

const MARKET_NAMES: Record<string, string> = {
  match_result: 'Match result',
  match_winner: 'Winner',
  double_chance: 'Double chance',
  draw_no_bet: 'Draw no bet',
  total: 'Total',
  asian_handicap: 'Asian handicap',
  both_teams_to_score: 'Both teams to score',
  correct_score: 'Correct score',
  set_winner: 'Set winner',
  total_games: 'Total games',
  map_winner: 'Map winner',
  total_maps: 'Total maps',
};

const signed = (line: number) => (line > 0 ? `+${line}` : `${line}`);

/**
 * The English names the bet history stores for a selection (`market`, `outcome` of a
 * BetItem): a sportsbook reports its tickets in its own words, like a vendor's would.
 */
export function describeSelection(row: {
  market_type: string;
  line_quarters: number | null;
  number: number | null;
  outcome_key: string;
  home_name: string;
  away_name: string;
}): { market: string; outcome: string } {
  const line = row.line_quarters === null ? null : row.line_quarters / 4;
  let market = MARKET_NAMES[row.market_type] ?? row.market_type;
  if (row.number !== null) market += ` ${row.number}`;
  if (line !== null && row.market_type !== 'asian_handicap') market += ` ${line}`;
  const key = row.outcome_key;
  const sideName = (side: string) => (side === 'home' ? row.home_name : side === 'away' ? row.away_name : side);
  let outcome: string;
  if (key === 'home' || key === 'away') {
    outcome = sideName(key);
    if (row.market_type === 'asian_handicap' && line !== null) outcome += ` ${signed(key === 'home' ? line : -line)}`;
  } else if (key === 'draw') outcome = 'Draw';
  else if (key === 'over') outcome = 'Over';
  else if (key === 'under') outcome = 'Under';
  else if (key === 'yes') outcome = 'Yes';
  else if (key === 'no') outcome = 'No';
  else if (key.includes('_or_'))
    outcome = key
      .split('_or_')
      .map(sideName)
      .map((n) => (n === 'draw' ? 'Draw' : n))
      .join(' or ');
  else outcome = key;
  return { market, outcome };
}
