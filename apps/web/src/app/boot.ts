import type { Locale, PlayerInit } from '@croupier/contract';
import type { QueryClient } from '@tanstack/react-query';
import { registrationFieldsQuery } from '../features/auth/api';
import { createI18n } from '../features/content/i18n';
import { collectionsQuery, providersQuery } from '../features/games/api';
import { localesQuery, playerInitQuery } from '../features/settings/api';
import { captureAffiliateTag, DEFAULT_AFFILIATE_DAYS } from '../features/tracking';
import { LANGUAGE_COOKIE, readCookie } from '../lib/cookies';
import type { AppSettings } from '../lib/app-settings';
import { localizePath, splitLocalePath } from '../lib/locale';

/**
 * Locale for an unprefixed URL: the saved-language cookie, else the visitor's
 * country locale (from /api/player/init), else the default locale.
 */
export function chooseLocale(options: {
  saved: string | undefined;
  init: PlayerInit | undefined;
  locales: Locale[];
}): string {
  const known = (code: string | undefined) =>
    code ? options.locales.find((locale) => locale.code.toLowerCase() === code.toLowerCase())?.code : undefined;
  return (
    known(options.saved) ??
    known(options.init?.locale) ??
    options.locales.find((locale) => locale.isDefault)?.code ??
    'en'
  );
}

/**
 * Resolves the locale of this visit. A prefix in the URL wins; an unprefixed URL whose
 * detected locale is not the default is redirected (history replace) to its prefixed
 * form, so that every page has one URL per language.
 */
export function resolveLocation(
  location: { pathname: string; search: string; hash: string },
  settings: AppSettings,
  saved: string | undefined,
): { locale: string; redirectTo?: string } {
  const { locale: prefixed, path } = splitLocalePath(location.pathname, settings);
  if (prefixed) return { locale: prefixed };
  // `/en/...` for the default locale has no prefix: drop it.
  const [, first, ...rest] = location.pathname.split('/');
  if (first && first === settings.defaultLocale.toLowerCase()) {
    return { locale: settings.defaultLocale, redirectTo: `/${rest.join('/')}${location.search}${location.hash}` };
  }
  const detected = chooseLocale({ saved, init: settings.init, locales: settings.locales });
  if (detected === settings.defaultLocale) return { locale: detected };
  return {
    locale: detected,
    redirectTo: `${localizePath(path, detected, settings)}${location.search}${location.hash}`,
  };
}

/**
 * App start (docs/web-client.md): the collections, providers and registration fields are loaded, into
 * the cache entries their pages read. Never rejects (a failed prefetch is retried by the page).
 */
export async function prefetchStartData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(collectionsQuery),
    queryClient.prefetchQuery(providersQuery),
    queryClient.prefetchQuery(registrationFieldsQuery),
  ]);
}

export async function boot(queryClient: QueryClient) {
  // Asked for now, in parallel with start-up: the lobby needs the collections first.
  void prefetchStartData(queryClient);
  const [locales, init] = await Promise.all([
    queryClient.fetchQuery(localesQuery),
    queryClient.fetchQuery(playerInitQuery).catch(() => undefined),
  ]);
  const settings: AppSettings = {
    locales,
    init,
    defaultLocale: locales.find((locale) => locale.isDefault)?.code ?? 'en',
  };
  // Before the locale redirect, which copies the query: `stag` is saved and removed.
  captureAffiliateTag({ days: init?.features.affiliateCookieDays ?? DEFAULT_AFFILIATE_DAYS });
  const { locale, redirectTo } = resolveLocation(window.location, settings, readCookie(LANGUAGE_COOKIE));
  if (redirectTo) window.history.replaceState(window.history.state, '', redirectTo);
  const i18n = await createI18n(locale);
  document.documentElement.lang = i18n.language;
  return { i18n, settings };
}
