import { useTranslation } from 'react-i18next';
import { useCurrencies } from '../../features/settings/api';

export function HomePage() {
  const { t } = useTranslation('layout');
  const currencies = useCurrencies();

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__glow" aria-hidden="true" />
        <h1 id="hero-title" className="hero__title">
          {t('home.hero.title')}
        </h1>
        <p className="hero__subtitle">{t('home.hero.subtitle')}</p>
        <a className="button button--primary" href="/casino">
          {t('home.hero.cta')}
        </a>
      </section>

      <section className="section" aria-labelledby="currencies-title">
        <h2 id="currencies-title" className="section__title">
          {t('home.sections.currencies')}
        </h2>
        {currencies.isPending ? (
          <ul className="chips" aria-busy="true">
            {Array.from({ length: 8 }, (_, index) => (
              <li key={index} className="chip chip--skeleton" />
            ))}
          </ul>
        ) : currencies.isError ? (
          <p role="alert">{t('states.error', { ns: 'global-components' })}</p>
        ) : (
          <ul className="chips" data-testid="currency-list">
            {currencies.data.map((currency) => (
              <li key={currency.code} className={`chip chip--${currency.type}`} title={currency.name}>
                <span className="chip__symbol" aria-hidden="true">
                  {currency.symbol}
                </span>
                {currency.code}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
