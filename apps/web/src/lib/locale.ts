import type { Locale } from '@croupier/contract';

/**
 * URL locale prefixes: the lowercase locale code (`de`, `pt-br`), omitted for
 * the default locale. A prefix is two letters, optionally a hyphen and two more.
 */
export const LOCALE_PREFIX = /^[a-z]{2}(-[a-z]{2})?$/;

export interface LocaleSettings {
  locales: Locale[];
  defaultLocale: string;
}

export function prefixOf(code: string): string {
  return code.toLowerCase();
}

/** The locale named by a URL segment, if it is a non-default site locale. */
export function localeFromPrefix(segment: string | undefined, settings: LocaleSettings): string | undefined {
  if (!segment || !LOCALE_PREFIX.test(segment)) return undefined;
  const match = settings.locales.find((l) => prefixOf(l.code) === segment);
  return match && match.code !== settings.defaultLocale ? match.code : undefined;
}

/** Splits `/de/casino?x=1` into the locale it names and the rest of the path. */
export function splitLocalePath(
  pathname: string,
  settings: LocaleSettings,
): { locale: string | undefined; path: string } {
  const [, first, ...rest] = pathname.split('/');
  const locale = localeFromPrefix(first, settings);
  if (!locale) return { locale: undefined, path: pathname || '/' };
  const path = `/${rest.join('/')}`;
  return { locale, path };
}

/** Adds the locale prefix to a site path (none for the default locale). */
export function localizePath(path: string, locale: string, settings: LocaleSettings): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === settings.defaultLocale) return clean;
  return clean === '/' ? `/${prefixOf(locale)}` : `/${prefixOf(locale)}${clean}`;
}

/** The same page in another locale: swaps or removes the prefix, keeps query and hash. */
export function switchLocalePath(
  location: { pathname: string; search: string; hash: string },
  to: string,
  settings: LocaleSettings,
): string {
  const { path } = splitLocalePath(location.pathname, settings);
  return `${localizePath(path, to, settings)}${location.search}${location.hash}`;
}
