import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSettings, useLocale } from '../../lib/app-settings';

const COLUMNS: { key: string; links: { key: string; to: string; feature?: 'loyalty' | 'sportsbook' }[] }[] = [
  {
    key: 'games',
    links: [
      { key: 'casino', to: '/casino' },
      { key: 'betting', to: '/betting', feature: 'sportsbook' },
      { key: 'providers', to: '/providers' },
      { key: 'tournaments', to: '/tournaments' },
    ],
  },
  {
    key: 'promotions',
    links: [
      { key: 'welcomePackage', to: '/welcome-package' },
      { key: 'welcomeBonus', to: '/bonus/welcome-bonus' },
      { key: 'weeklyCashback', to: '/bonus/weekly-cashback' },
      { key: 'reloadBonus', to: '/bonus/reload-bonus' },
      { key: 'highRoller', to: '/bonus/high-roller' },
      { key: 'loyalty', to: '/loyalty', feature: 'loyalty' },
    ],
  },
  {
    key: 'help',
    links: [
      { key: 'questions', to: '/questions' },
      { key: 'contact', to: '/contact' },
      { key: 'fairness', to: '/fairness' },
      { key: 'responsibleGaming', to: '/static/responsible-gaming' },
      { key: 'about', to: '/static/about' },
    ],
  },
  {
    key: 'legal',
    links: [
      { key: 'terms', to: '/static/terms' },
      { key: 'privacy', to: '/static/privacy' },
      { key: 'cookies', to: '/static/cookies' },
      { key: 'amlKyc', to: '/static/aml-kyc' },
      { key: 'bonusTerms', to: '/static/bonus-terms' },
    ],
  },
];

export function Footer() {
  const { t } = useTranslation('layout');
  const { localePath } = useLocale();
  const features = useAppSettings().init?.features;
  return (
    <footer className="footer">
      <div className="footer__columns">
        {COLUMNS.map((column) => (
          <nav key={column.key} className="footer__column" aria-labelledby={`footer-${column.key}`}>
            <h2 id={`footer-${column.key}`} className="footer__title">
              {t(`footer.columns.${column.key}.title`)}
            </h2>
            <ul>
              {column.links
                .filter((link) => !link.feature || features?.[link.feature] !== false)
                .map((link) => (
                  <li key={link.key}>
                    <Link to={localePath(link.to)}>{t(`footer.columns.${column.key}.links.${link.key}`)}</Link>
                  </li>
                ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="footer__notes">
        <p className="footer__age">
          <span className="footer__badge" aria-hidden="true">
            18+
          </span>
          {t('footer.ageNote')}
        </p>
        <p>{t('footer.responsibleGaming')}</p>
        <p>{t('footer.licence')}</p>
        <p className="footer__legal">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
