import i18next, { type i18n } from 'i18next';
import { readFileSync } from 'node:fs';
import { initReactI18next } from 'react-i18next';
import type { AppSettings } from './app-settings';

/**
 * The real English content groups (the server's `content/en/*.json`) in an i18next instance
 * set up as the app sets it up (single-brace placeholders), for components rendered to
 * markup in unit tests. The first group is the default namespace.
 */
export async function englishContent(namespaces: readonly [string, ...string[]]): Promise<i18n> {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const namespace of namespaces) {
    const url = new URL(`../../../server/content/en/${namespace}.json`, import.meta.url);
    resources[namespace] = JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
  }
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: [...namespaces],
    defaultNS: namespaces[0],
    resources: { en: resources },
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** The app settings of an English-only site (`AppSettingsContext`), for the same renders. */
export const ENGLISH_SETTINGS: AppSettings = {
  locales: [{ code: 'en', name: 'English', nativeName: 'English', languageCode: 'en', isDefault: true }],
  defaultLocale: 'en',
  init: undefined,
};
