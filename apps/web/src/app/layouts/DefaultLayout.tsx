import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { changeContentLocale } from '../../features/content/i18n';
import { useLocales } from '../../features/settings/api';
import { LANGUAGE_COOKIE, ONE_YEAR_SECONDS, writeCookie } from '../../lib/cookies';

function LanguageSwitcher() {
  const { t, i18n } = useTranslation('layout');
  const locales = useLocales();
  const [pending, setPending] = useState(false);
  if (!locales.data) return null;
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t('languageSwitcher.label')}</span>
      <select
        value={i18n.language}
        disabled={pending}
        onChange={(event) => {
          const code = event.target.value;
          setPending(true);
          writeCookie(LANGUAGE_COOKIE, code.toLowerCase(), ONE_YEAR_SECONDS);
          changeContentLocale(i18n, code)
            .then(() => {
              document.documentElement.lang = code;
            })
            .catch(() => undefined)
            .finally(() => setPending(false));
        }}
      >
        {locales.data.map((locale) => (
          <option key={locale.code} value={locale.code}>
            {locale.nativeName}
          </option>
        ))}
      </select>
    </label>
  );
}

export function DefaultLayout() {
  const { t } = useTranslation('layout');
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('accessibility.skipToContent', { ns: 'global-components' })}
      </a>
      <header className="header">
        <a className="brand" href="/" aria-label="Croupier">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>Croupier</span>
        </a>
        <nav className="header__nav" aria-label={t('navigation.casino')}>
          <a href="/casino">{t('navigation.casino')}</a>
          <a href="/tournaments">{t('navigation.tournaments')}</a>
          <a href="/welcome-package">{t('navigation.welcomePackage')}</a>
        </nav>
        <div className="header__actions">
          <LanguageSwitcher />
          <button type="button" className="button button--ghost">
            {t('header.signIn')}
          </button>
          <button type="button" className="button button--primary">
            {t('header.signUp')}
          </button>
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="footer">
        <p>{t('footer.responsibleGaming')}</p>
        <p className="footer__legal">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </footer>
    </div>
  );
}
