import type { Locale, PlayerInit } from '@croupier/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createI18n } from '../features/content/i18n';
import { localesQuery, playerInitQuery } from '../features/settings/api';
import { LANGUAGE_COOKIE, readCookie } from '../lib/cookies';

/**
 * Locale choice (spec §9): the saved-language cookie, else the visitor's country locale
 * (from /api/player/init), else the default locale.
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

export async function boot(queryClient: QueryClient) {
  const [locales, init] = await Promise.all([
    queryClient.fetchQuery(localesQuery),
    queryClient.fetchQuery(playerInitQuery).catch(() => undefined),
  ]);
  const locale = chooseLocale({ saved: readCookie(LANGUAGE_COOKIE), init, locales });
  const i18n = await createI18n(locale);
  document.documentElement.lang = i18n.language;
  return { i18n };
}
