import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppSettings } from '../lib/app-settings';
import { localizePath, splitLocalePath } from '../lib/locale';

/**
 * Alternate-language links, canonical and og:url for the current page (React 19 hoists
 * these elements into <head>).
 */
export function PageHead({ title }: { title?: string }) {
  const settings = useAppSettings();
  const location = useLocation();
  const { t } = useTranslation('layout');
  const origin = window.location.origin;
  const { path } = splitLocalePath(location.pathname, settings);
  const current = `${origin}${location.pathname}`;
  const siteTitle = t('meta.siteTitle', { defaultValue: 'Croupier' });
  return (
    <>
      <title>{title ? `${title} · ${siteTitle}` : siteTitle}</title>
      <meta property="og:url" content={current} />
      <meta property="og:title" content={title ?? siteTitle} />
      <link rel="canonical" href={current} />
      {settings.locales.map((locale) => (
        <link
          key={locale.code}
          rel="alternate"
          hrefLang={locale.code}
          href={`${origin}${localizePath(path, locale.code, settings)}`}
        />
      ))}
      <link
        rel="alternate"
        hrefLang="x-default"
        href={`${origin}${localizePath(path, settings.defaultLocale, settings)}`}
      />
    </>
  );
}
