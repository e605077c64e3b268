import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { hasApiStatus } from '../../lib/api';
import { PageHead } from '../../components/PageHead';
import { buttonClassName } from '../../components/ui/Button';

/**
 * The generic error page: title, description, a 404 image and a Homepage
 * button to the site root or the locale root. Works outside the router too.
 */
export function GenericErrorView({ notFound = false }: { notFound?: boolean }) {
  const { t, i18n } = useTranslation('global-components');
  const firstSegment = window.location.pathname.split('/')[1] ?? '';
  const homepage = i18n.language.toLowerCase() === firstSegment && firstSegment !== '' ? `/${firstSegment}` : '/';
  return (
    <section className="error-page" aria-labelledby="error-title" data-testid="error-page">
      <img className="error-page__image" src="/images/404.svg" alt="" width="240" height="120" />
      <h1 id="error-title">{notFound ? t('errorPage.notFound') : t('errorPage.title')}</h1>
      <p>{t('errorPage.description')}</p>
      <a className={buttonClassName({ variant: 'primary' })} href={homepage}>
        {t('buttons.homepage')}
      </a>
    </section>
  );
}

export function ErrorPage() {
  const error = useRouteError();
  const is404 = (isRouteErrorResponse(error) && error.status === 404) || hasApiStatus(error, 'NOT_FOUND');
  return <GenericErrorView notFound={is404} />;
}

export function NotFoundPage() {
  const { t } = useTranslation('global-components');
  return (
    <>
      <PageHead title={t('errorPage.notFound')} />
      <GenericErrorView notFound />
    </>
  );
}
