import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '../features/auth/api';
import { gamesKeys } from '../features/games/api';
import { chooseLocale, prefetchStartData, resolveLocation } from './boot';
import type { AppSettings } from '../lib/app-settings';

const locales = ['en', 'es', 'pt-BR', 'de', 'fr'].map((code) => ({
  code,
  name: code,
  nativeName: code,
  languageCode: code.slice(0, 2),
  isDefault: code === 'en',
}));
const init = (country: string | null, locale: string) => ({
  country,
  restrictType: null,
  locale,
  serverTime: '2026-01-01T00:00:00.000Z',
  features: {
    loyalty: true,
    sportsbook: false,
    chat: false,
    guestChat: false,
    chatWidget: null,
    affiliateCookieDays: 30,
    walletShowFilledFields: false,
  },
});
const settings = (initLocale = 'en'): AppSettings => ({ locales, defaultLocale: 'en', init: init('DE', initLocale) });
const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('chooseLocale', () => {
  it('prefers the saved cookie, then the country locale, then the default', () => {
    expect(chooseLocale({ saved: 'fr', init: init('DE', 'de'), locales })).toBe('fr');
    expect(chooseLocale({ saved: 'pt-br', init: undefined, locales })).toBe('pt-BR');
    expect(chooseLocale({ saved: 'xx', init: init('DE', 'de'), locales })).toBe('de');
    expect(chooseLocale({ saved: undefined, init: undefined, locales })).toBe('en');
  });
});

describe('resolveLocation', () => {
  it('keeps a URL prefix, whatever was saved', () => {
    expect(resolveLocation(at('/de/casino'), settings(), 'fr')).toEqual({ locale: 'de' });
  });

  it('redirects an unprefixed URL to the detected non-default locale, keeping query and hash', () => {
    expect(resolveLocation(at('/casino', '?stag=1', '#x'), settings('de'), undefined)).toEqual({
      locale: 'de',
      redirectTo: '/de/casino?stag=1#x',
    });
    expect(resolveLocation(at('/'), settings(), 'pt-br')).toEqual({ locale: 'pt-BR', redirectTo: '/pt-br' });
  });

  it('stays on an unprefixed URL for the default locale, and drops a default prefix', () => {
    expect(resolveLocation(at('/casino'), settings(), undefined)).toEqual({ locale: 'en' });
    expect(resolveLocation(at('/en/casino', '?a=1'), settings(), undefined)).toEqual({
      locale: 'en',
      redirectTo: '/casino?a=1',
    });
  });
});

describe('app start', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads the collections, providers and registration fields into the entries their pages read', async () => {
    // Each address answers its own list, so that a swapped key would show.
    const answers: Record<string, unknown[]> = {
      '/api/game/collections': [{ id: 'collection' }],
      '/api/game/providers': [{ id: 'provider' }],
      '/api/player/fields/validations?scenario=registration': [{ id: 1, position: 1 }],
    };
    const requested: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      requested.push(url);
      const data = answers[url];
      return Promise.resolve(
        data ? new Response(JSON.stringify({ data }), { status: 200 }) : new Response('', { status: 404 }),
      );
    });
    const queryClient = new QueryClient();

    await prefetchStartData(queryClient);

    expect(requested.sort()).toEqual(Object.keys(answers).sort());
    expect(queryClient.getQueryData(gamesKeys.collections)).toEqual([{ id: 'collection' }]);
    expect(queryClient.getQueryData(gamesKeys.providers)).toEqual([{ id: 'provider' }]);
    expect(queryClient.getQueryData(authKeys.fields('registration'))).toEqual([{ id: 1, position: 1 }]);
  });
});
