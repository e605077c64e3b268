import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The generic error page (spec §2.1): title, description, image and a Homepage button. */
export function ErrorPage({ notFound = false }: { notFound?: boolean }) {
  const { t } = useTranslation('global-components');
  const error = useRouteError();
  const is404 = notFound || (isRouteErrorResponse(error) && error.status === 404);
  return (
    <section className="error-page" aria-labelledby="error-title">
      <img className="error-page__image" src="/images/404.svg" alt="" width="240" height="120" />
      <h1 id="error-title">{is404 ? t('errorPage.notFound') : t('errorPage.title')}</h1>
      <p>{t('errorPage.description')}</p>
      <a className="button button--primary" href="/">
        {t('buttons.homepage')}
      </a>
    </section>
  );
}

export function NotFoundPage() {
  return <ErrorPage notFound />;
}
