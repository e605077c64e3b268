import type { ErrorName } from '@croupier/contract';
import { ApiError, hasApiStatus, isApiError } from '../../lib/api';

/**
 * The API errors betting meets and the text each shows, a key under
 * `pages.betting.errors` (the `layout` content group): starting the sportsbook (limits,
 * self-exclusion), placing a ticket and cashing out.
 */
const BETTING_ERRORS: readonly (readonly [ErrorName, string])[] = [
  ['SPORTSBOOK_MARKET_SUSPENDED', 'marketSuspended'],
  ['SPORTSBOOK_ODDS_CHANGED', 'oddsChanged'],
  ['SPORTSBOOK_STAKE_TOO_LOW', 'stakeTooLow'],
  ['SPORTSBOOK_STAKE_TOO_HIGH', 'stakeTooHigh'],
  ['SPORTSBOOK_LIABILITY_LIMIT', 'liability'],
  ['SPORTSBOOK_INVALID_SLIP', 'invalidSlip'],
  ['SPORTSBOOK_CASH_OUT_UNAVAILABLE', 'cashOutUnavailable'],
  ['SPORTSBOOK_CASH_OUT_CHANGED', 'cashOutChanged'],
  ['INSUFFICIENT_FUNDS', 'insufficient'],
  ['GAME_LIMIT_BET', 'limitBet'],
  ['GAME_LIMIT_LOSS', 'limitLoss'],
  ['GAME_PLAYER_LIMITED', 'playerLimited'],
  ['GAME_LIMIT_SELF_EXCLUSION', 'selfExclusion'],
  ['GAME_REALITY_CHECK', 'realityCheck'],
  ['GAME_SESSION_TIME_LIMIT', 'sessionTime'],
  ['GAME_BETS_RESTRICTED', 'restricted'],
  ['GAME_GEO_RESTRICTED', 'geoRestricted'],
  ['VALIDATION_FAILED', 'validation'],
];

/** The content key (under `pages.betting.errors`) of a betting call's failure. */
export function bettingErrorKey(error: unknown): string {
  const known = BETTING_ERRORS.find(([name]) => isApiError(error, name));
  if (known) return known[1];
  if (error instanceof ApiError && error.code === 0 && error.message === 'timeout') return 'timeout';
  if (hasApiStatus(error, 'UNAUTHENTICATED')) return 'sessionEnded';
  return 'generic';
}

/** The error asks the player to accept the new prices (policy "ask"). */
export const isOddsChanged = (error: unknown) => isApiError(error, 'SPORTSBOOK_ODDS_CHANGED');
/** The slip's prices or statuses are stale: read the events again. */
export const needsFreshPrices = (error: unknown) =>
  isApiError(error, 'SPORTSBOOK_ODDS_CHANGED', 'SPORTSBOOK_MARKET_SUSPENDED');
