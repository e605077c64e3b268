/**
 * Site texts: translations (i18n) and CMS pages. The article and contact form are used by
 * lazy pages, which load them directly so that the first load stays small.
 */
export { changeContentLocale, createI18n } from './i18n';
export { isNotFound, useContentPage, usePageList } from './pages';
