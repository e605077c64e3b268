import type { Locale, PlayerInit } from '@croupier/contract';
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localizePath, type LocaleSettings } from './locale';

/** What the app learned at boot and does not change while the page lives. */
export interface AppSettings extends LocaleSettings {
  locales: Locale[];
  init: PlayerInit | undefined;
}

export const AppSettingsContext = createContext<AppSettings | null>(null);

export function useAppSettings(): AppSettings {
  const value = useContext(AppSettingsContext);
  if (!value) throw new Error('useAppSettings outside AppSettingsContext');
  return value;
}

/** The current locale and a builder of locale-prefixed site paths. */
export function useLocale(): { locale: string; localePath: (path: string) => string } {
  const settings = useAppSettings();
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(
    () => ({ locale, localePath: (path: string) => localizePath(path, locale, settings) }),
    [locale, settings],
  );
}
