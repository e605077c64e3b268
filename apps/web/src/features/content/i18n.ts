import { CONTENT_GROUPS, contentEndpoints, type ContentGroup, type ContentTree } from '@croupier/contract';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { call } from '../../lib/api';

/**
 * Every user-facing text comes from the content service. Each content group is an
 * i18next namespace; placeholders use single braces (`{min}`), as the content does.
 */
export async function loadContent(
  locale: string,
): Promise<{ locale: string; groups: Partial<Record<ContentGroup, ContentTree>> }> {
  return call(contentEndpoints.getGroups, { query: { locale, groups: [...CONTENT_GROUPS] } });
}

export async function createI18n(locale: string): Promise<i18n> {
  const instance = i18next.createInstance();
  const content = await loadContent(locale);
  await instance.use(initReactI18next).init({
    lng: content.locale,
    fallbackLng: false,
    ns: [...CONTENT_GROUPS],
    defaultNS: 'layout',
    resources: { [content.locale]: content.groups },
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** Switches language: fetches that locale's content (the server fills gaps) and applies it. */
export async function changeContentLocale(instance: i18n, locale: string): Promise<void> {
  const content = await loadContent(locale);
  for (const [group, tree] of Object.entries(content.groups)) {
    instance.addResourceBundle(content.locale, group, tree, true, true);
  }
  await instance.changeLanguage(content.locale);
}
