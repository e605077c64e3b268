import { contentTextOf, selectionTexts, sportsbookMarketTypeSchema, type SelectionRef } from '@croupier/contract';
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

/**
 * The sportsbook's own words for its selections, stored with each history item as a
 * vendor's names would be: the history shows them only where it cannot name a selection
 * from its keys in the reader's language (docs/sportsbook.md, "Bet history").
 */
const VENDOR_NAMES = selectionTexts(
  contentTextOf({
    pages: {
      betting: {
        marketTypes: {
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
        },
        outcomes: {
          draw: 'Draw',
          over: 'Over',
          under: 'Under',
          yes: 'Yes',
          no: 'No',
          home_or_draw: 'Home or draw',
          home_or_away: 'Home or away',
          draw_or_away: 'Draw or away',
        },
        periods: { set: 'Set {number}', map: 'Map {number}' },
      },
    },
  }),
);

/**
 * A selection as the bet history stores it: its keys (named in the reader's language when
 * read) and the sportsbook's own names of the market and outcome.
 */
export function describeSelection(row: {
  market_type: string;
  line_quarters: number | null;
  number: number | null;
  outcome_key: string;
  home_name: string;
  away_name: string;
}): { market: string; outcome: string; selection: string } {
  const ref: SelectionRef = {
    marketType: sportsbookMarketTypeSchema.parse(row.market_type),
    line: row.line_quarters === null ? null : row.line_quarters / 4,
    number: row.number,
    outcomeKey: row.outcome_key,
    home: row.home_name,
    away: row.away_name,
  };
  return { market: VENDOR_NAMES.market(ref), outcome: VENDOR_NAMES.outcome(ref), selection: JSON.stringify(ref) };
}
