import { describe, expect, it } from 'vitest';
import { localeFromPrefix, localizePath, splitLocalePath, switchLocalePath, type LocaleSettings } from './locale';

const settings: LocaleSettings = {
  defaultLocale: 'en',
  locales: ['en', 'es', 'pt-BR', 'de', 'fr'].map((code) => ({
    code,
    name: code,
    nativeName: code,
    languageCode: code.slice(0, 2),
    isDefault: code === 'en',
  })),
};

describe('locale prefixes', () => {
  it('recognises lowercase prefixes of non-default locales only', () => {
    expect(localeFromPrefix('de', settings)).toBe('de');
    expect(localeFromPrefix('pt-br', settings)).toBe('pt-BR');
    expect(localeFromPrefix('en', settings)).toBeUndefined(); // the default has no prefix
    expect(localeFromPrefix('DE', settings)).toBeUndefined();
    expect(localeFromPrefix('it', settings)).toBeUndefined();
    expect(localeFromPrefix('casino', settings)).toBeUndefined();
  });

  it('splits and builds paths', () => {
    expect(splitLocalePath('/de/casino', settings)).toEqual({ locale: 'de', path: '/casino' });
    expect(splitLocalePath('/pt-br', settings)).toEqual({ locale: 'pt-BR', path: '/' });
    expect(splitLocalePath('/casino', settings)).toEqual({ locale: undefined, path: '/casino' });
    expect(localizePath('/casino', 'de', settings)).toBe('/de/casino');
    expect(localizePath('/', 'pt-BR', settings)).toBe('/pt-br');
    expect(localizePath('/casino', 'en', settings)).toBe('/casino');
  });

  it('switches the locale of the current page, keeping query and hash', () => {
    expect(switchLocalePath({ pathname: '/de/games/dice', search: '?x=1', hash: '#top' }, 'fr', settings)).toBe(
      '/fr/games/dice?x=1#top',
    );
    expect(switchLocalePath({ pathname: '/fr/casino', search: '', hash: '' }, 'en', settings)).toBe('/casino');
    expect(switchLocalePath({ pathname: '/', search: '', hash: '' }, 'es', settings)).toBe('/es');
  });
});
