import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from './LanguageSwitcher';

/** The whole site for visitors from a country with restrictType 1 (docs/player-protection.md). */
export function GeoRestrictedLayout() {
  const { t } = useTranslation('layout');
  return (
    <div className="geo-layout" data-layout="geo-restricted">
      <header className="geo-layout__header">
        <span className="brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>Croupier</span>
        </span>
        <LanguageSwitcher />
      </header>
      <main id="main" className="geo-layout__main">
        <img className="geo-layout__image" src="/images/geo-restricted.svg" alt="" width="200" height="160" />
        <h1>{t('geoRestricted.title')}</h1>
        <p>{t('geoRestricted.description')}</p>
        <p className="geo-layout__support">{t('geoRestricted.support')}</p>
      </main>
    </div>
  );
}
