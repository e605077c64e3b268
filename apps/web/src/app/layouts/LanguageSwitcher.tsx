import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LANGUAGE_COOKIE, ONE_YEAR_SECONDS, writeCookie } from '../../lib/cookies';
import { useAppSettings } from '../../lib/app-settings';
import { switchLocalePath } from '../../lib/locale';

/** Switching language keeps the page: same path under the new prefix; the choice is saved. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation('layout');
  const settings = useAppSettings();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <label className={`language-switcher ${className}`}>
      <span className="visually-hidden">{t('languageSwitcher.label')}</span>
      <select
        value={i18n.language}
        onChange={(event) => {
          const code = event.target.value;
          writeCookie(LANGUAGE_COOKIE, code.toLowerCase(), ONE_YEAR_SECONDS);
          void navigate(switchLocalePath(location, code, settings), { preventScrollReset: true });
        }}
      >
        {settings.locales.map((locale) => (
          <option key={locale.code} value={locale.code} lang={locale.code}>
            {locale.nativeName}
          </option>
        ))}
      </select>
    </label>
  );
}
