import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  currentPlatform,
  forgetReturnGame,
  launchBody,
  launchRefusal,
  mergeWinners,
  platformForWidth,
  rememberReturnGame,
  RETURN_GAME_KEY,
  takeReturnGame,
  toggledFavorites,
  winnersCountry,
} from './play';

function memoryStore(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/**
 * A browser of this width and user agent with a fine pointer (the unit tests run without a
 * DOM); its media queries answer width queries too, however the detection asks.
 */
function stubBrowser(viewportWidthPx: number, userAgent: string) {
  const matchMedia = (query: string) => {
    const maxWidthPx = /max-width:\s*(\d+)px/.exec(query)?.[1];
    return { matches: maxWidthPx !== undefined && viewportWidthPx <= Number(maxWidthPx) };
  };
  vi.stubGlobal('window', { innerWidth: viewportWidthPx, matchMedia });
  vi.stubGlobal('navigator', { userAgent });
}

describe('the platform of this browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is mobile under 768 px and desktop from 768 px', () => {
    stubBrowser(767, DESKTOP_UA);
    expect(currentPlatform()).toBe(1);
    stubBrowser(768, DESKTOP_UA);
    expect(currentPlatform()).toBe(2);
  });

  it("is mobile for a phone's user agent at a desktop width", () => {
    stubBrowser(1440, PHONE_UA);
    expect(currentPlatform()).toBe(1);
  });
});

describe('starting a game', () => {
  it('takes the platform from the viewport alone: under 768 px is mobile', () => {
    expect(platformForWidth(375)).toBe(1);
    expect(platformForWidth(767)).toBe(1);
    expect(platformForWidth(768)).toBe(2);
  });

  it('sends the account for real money only', () => {
    const common = { lobbyUrl: 'https://x/games/dice', locale: 'en', countryCode: 'DE', platform: 2 as const };
    expect(launchBody({ ...common, mode: 'real', accountId: 'a1' })).toEqual({
      accountId: 'a1',
      lobbyUrl: 'https://x/games/dice',
      locale: 'en',
      countryCode: 'DE',
      platform: 2,
      demoMode: false,
    });
    const demo = launchBody({ ...common, mode: 'demo', accountId: 'a1', countryCode: null });
    expect(demo).not.toHaveProperty('accountId');
    expect(demo).not.toHaveProperty('countryCode');
    expect(demo.demoMode).toBe(true);
  });

  it('maps refusals to what the page does', () => {
    const refusal = (status: number, code: number) => launchRefusal(new ApiError(status, code, ''));
    expect(refusal(400, 14100)).toEqual({ kind: 'limit', limit: 'bet' });
    expect(refusal(400, 14101)).toEqual({ kind: 'limit', limit: 'loss' });
    expect(refusal(400, 14105)).toEqual({ kind: 'limit', limit: 'selfExclusion' });
    expect(refusal(400, 14103)).toEqual({ kind: 'playerLimited' });
    expect(refusal(400, 14306)).toEqual({ kind: 'restrictedBets' });
    expect(refusal(400, 14308)).toEqual({ kind: 'geoRestricted' });
    expect(refusal(401, 10401)).toEqual({ kind: 'signIn' });
    expect(refusal(500, 0)).toEqual({ kind: 'retry' });
    expect(launchRefusal(new TypeError('offline'))).toEqual({ kind: 'retry' });
  });
});

describe('returnGame', () => {
  it('remembers the game, then is used up after sign-in', () => {
    const store = memoryStore();
    rememberReturnGame(store, 'dice');
    expect(store.getItem(RETURN_GAME_KEY)).toBe('dice');
    expect(takeReturnGame(store)).toBe('dice');
    expect(takeReturnGame(store)).toBeUndefined();
  });

  it("stays off when 'disabled'", () => {
    const store = memoryStore({ [RETURN_GAME_KEY]: 'disabled' });
    rememberReturnGame(store, 'dice');
    expect(takeReturnGame(store)).toBeUndefined();
    expect(store.getItem(RETURN_GAME_KEY)).toBe('disabled');
  });

  it('is forgotten when the guest leaves that game', () => {
    const store = memoryStore({ [RETURN_GAME_KEY]: 'dice' });
    forgetReturnGame(store, 'limbo');
    expect(store.getItem(RETURN_GAME_KEY)).toBe('dice');
    forgetReturnGame(store, 'dice');
    expect(store.getItem(RETURN_GAME_KEY)).toBeNull();
  });
});

describe('lists', () => {
  it('keeps one winner per game, newest first, at most the limit', () => {
    const list = [
      { gameId: 'a', n: 1 },
      { gameId: 'b', n: 2 },
      { gameId: 'c', n: 3 },
    ];
    expect(mergeWinners(list, { gameId: 'b', n: 9 }, 3)).toEqual([
      { gameId: 'b', n: 9 },
      { gameId: 'a', n: 1 },
      { gameId: 'c', n: 3 },
    ]);
    expect(mergeWinners(list, { gameId: 'd', n: 4 }, 3).map((item) => item.gameId)).toEqual(['d', 'a', 'b']);
  });

  it('names the winners channel after the profile country, else the visitor, else UA', () => {
    expect(winnersCountry('de', 'FR')).toBe('DE');
    expect(winnersCountry(null, 'fr')).toBe('FR');
    expect(winnersCountry(undefined, null)).toBe('UA');
    expect(winnersCountry('', 'XYZ')).toBe('UA');
  });

  it('toggles a favourite optimistically', () => {
    const a = { id: 'a' };
    const b = { id: 'b' };
    expect(toggledFavorites([a], b, true)).toEqual([b, a]);
    expect(toggledFavorites([a, b], b, false)).toEqual([a]);
    expect(toggledFavorites([a], a, true)).toEqual([a]);
  });
});
