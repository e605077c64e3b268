import { GAME_SESSION_HEADER, playSessionEndpoints } from '@croupier/contract';
import { call, isApiError } from '../../../lib/api';

/**
 * Reality checks and session time in the frame (docs/player-protection.md, "Reality checks
 * and session time"): a round refused because a reality check is due (GAME_REALITY_CHECK)
 * or because the session-time limit is reached (GAME_SESSION_TIME_LIMIT).
 */
export type FrameInterruption = 'realityCheck' | 'sessionTime';

export function frameInterruption(error: unknown): FrameInterruption | null {
  if (isApiError(error, 'GAME_REALITY_CHECK')) return 'realityCheck';
  if (isApiError(error, 'GAME_SESSION_TIME_LIMIT')) return 'sessionTime';
  return null;
}

/** The game session's reality-check calls, for the launch token. */
export function createRealityCheckApi(token: string) {
  const headers = { [GAME_SESSION_HEADER]: token };
  return {
    summary: () => call(playSessionEndpoints.realityCheck, { headers }),
    /** Continue: the next check is one interval from now. */
    acknowledge: () => call(playSessionEndpoints.acknowledgeRealityCheck, { headers }),
  };
}

/** Whole hours and minutes of a number of seconds (the dialog words them). */
export function playedParts(seconds: number): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** The casino's history page and its lobby; unprefixed paths go to the player's saved language. */
export const HISTORY_PAGE_PATH = '/profile/history';
export const LOBBY_PATH = '/casino';
