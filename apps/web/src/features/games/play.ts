import type { GameStartBody } from '@croupier/contract';
import { hasApiStatus, isApiError } from '../../lib/api';
import { isMobileBrowser } from '../../lib/environment';

/**
 * Starting a game from its page (`/games/{id}`, `POST /api/game/games/{id}/play`): the
 * request body, what a refused start means for the page, and the `returnGame` entry
 * (session storage) that brings a guest back to the game after signing in. Pure
 * functions, no React.
 */

export type PlayMode = 'real' | 'demo';

/** The narrowest desktop viewport: anything under 768 px is mobile. */
export const DESKTOP_MIN_WIDTH_PX = 768;

/** GameStart `platform`: 1 mobile, 2 desktop. */
export type GamePlatform = 1 | 2;

/**
 * This browser's platform, by the site-wide detection (a viewport under 768 px or a
 * phone's user agent), so that the mobile-game modal, the launch and the played and
 * winners lists agree with the rest of the site. Read when needed: the viewport may change.
 */
export function currentPlatform(): GamePlatform {
  return isMobileBrowser() ? 1 : 2;
}

/** The platform of a viewport width alone, for callers that know nothing else of the browser. */
export function platformForWidth(viewportWidthPx: number): GamePlatform {
  return viewportWidthPx < DESKTOP_MIN_WIDTH_PX ? 1 : 2;
}

/** The winners channel's platform segment. */
export function platformName(platform: GamePlatform): 'mobile' | 'desktop' {
  return platform === 1 ? 'mobile' : 'desktop';
}

export function launchBody(options: {
  mode: PlayMode;
  accountId: string | undefined;
  lobbyUrl: string;
  locale: string;
  countryCode: string | null;
  platform: GamePlatform;
}): GameStartBody {
  const demo = options.mode === 'demo';
  return {
    ...(demo || !options.accountId ? {} : { accountId: options.accountId }),
    lobbyUrl: options.lobbyUrl,
    locale: options.locale,
    ...(options.countryCode ? { countryCode: options.countryCode } : {}),
    platform: options.platform,
    demoMode: demo,
  };
}

/**
 * What the page does when a start is refused:
 * - `limit`: a responsible-gaming limit (GAME_LIMIT_BET, GAME_LIMIT_LOSS,
 *   GAME_LIMIT_SELF_EXCLUSION for self-exclusion or cooling-off) → the
 *   game-limit-reached modal, which leads to the limits page;
 * - `playerLimited` (GAME_PLAYER_LIMITED) → home page with an alert;
 * - `restrictedBets` (GAME_BETS_RESTRICTED) → the restricted-bets modal;
 * - `geoRestricted` (GAME_GEO_RESTRICTED) → the geo-restricted-game modal;
 * - `signIn` (401 without a session) → the sign-in modal;
 * - `retry`: anything else → an inline error with a retry button.
 */
export type LaunchRefusal =
  | { kind: 'limit'; limit: 'bet' | 'loss' | 'selfExclusion' }
  | { kind: 'playerLimited' }
  | { kind: 'restrictedBets' }
  | { kind: 'geoRestricted' }
  | { kind: 'signIn' }
  | { kind: 'retry' };

export function launchRefusal(error: unknown): LaunchRefusal {
  if (isApiError(error, 'GAME_LIMIT_BET')) return { kind: 'limit', limit: 'bet' };
  if (isApiError(error, 'GAME_LIMIT_LOSS')) return { kind: 'limit', limit: 'loss' };
  if (isApiError(error, 'GAME_LIMIT_SELF_EXCLUSION')) return { kind: 'limit', limit: 'selfExclusion' };
  if (isApiError(error, 'GAME_PLAYER_LIMITED')) return { kind: 'playerLimited' };
  if (isApiError(error, 'GAME_BETS_RESTRICTED')) return { kind: 'restrictedBets' };
  if (isApiError(error, 'GAME_GEO_RESTRICTED')) return { kind: 'geoRestricted' };
  return hasApiStatus(error, 'UNAUTHENTICATED') ? { kind: 'signIn' } : { kind: 'retry' };
}

/** The session-storage key of the game a guest left to sign in. */
export const RETURN_GAME_KEY = 'returnGame';
/** A value that turns the return off for this browser session. */
export const RETURN_GAME_DISABLED = 'disabled';

type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Remembers the game unless the return is turned off. */
export function rememberReturnGame(store: KeyStore, identity: string): void {
  if (store.getItem(RETURN_GAME_KEY) === RETURN_GAME_DISABLED) return;
  store.setItem(RETURN_GAME_KEY, identity);
}

/** Forgets the game when it is this one (the guest moved on without signing in). */
export function forgetReturnGame(store: KeyStore, identity: string): void {
  if (store.getItem(RETURN_GAME_KEY) === identity) store.removeItem(RETURN_GAME_KEY);
}

/**
 * After a sign-in: the game to go back to (and the entry is used up), or undefined when
 * there is none or the return is turned off ('disabled' stays for the session).
 */
export function takeReturnGame(store: KeyStore): string | undefined {
  const value = store.getItem(RETURN_GAME_KEY);
  if (!value || value === RETURN_GAME_DISABLED) return undefined;
  store.removeItem(RETURN_GAME_KEY);
  return value;
}

/** Winners feed: newest first, one entry per game, at most `max`. */
export function mergeWinners<T extends { gameId: string }>(current: readonly T[], incoming: T, max: number): T[] {
  return [incoming, ...current.filter((item) => item.gameId !== incoming.gameId)].slice(0, max);
}

/** The winners feed shows this many and refreshes at most every 3 s. */
export const WINNERS_LIMIT = 12;
export const WINNERS_THROTTLE_MS = 3000;
/** Recently played: 18 games. */
export const PLAYED_LIMIT = 18;
/** Games history: ten rounds a page. */
export const SPINS_PER_PAGE = 10;

/** The country the winners channel is named after: the profile's, else the visitor's, else UA. */
export function winnersCountry(profileCountry: string | null | undefined, visitorCountry: string | null): string {
  const code = (profileCountry || visitorCountry || 'UA').toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : 'UA';
}

/** Toggles a game in a favourites list (optimistic update before the server answers). */
export function toggledFavorites<T extends { id: string }>(list: readonly T[], game: T, favorite: boolean): T[] {
  const without = list.filter((item) => item.id !== game.id);
  return favorite ? [game, ...without] : without;
}
