import { describe, expect, it } from 'vitest';
import { chooseLocale, resolveLocation } from './boot';
import type { AppSettings } from './context';

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
