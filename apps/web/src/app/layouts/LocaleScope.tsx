import { Outlet, useLocation, useParams } from 'react-router';
import { useAppSettings } from '../../lib/app-settings';
import { localeFromPrefix } from '../../lib/locale';
import { NotFoundPage } from '../pages/ErrorPage';
import { lazy, Suspense } from 'react';

// Content pages bring the Markdown renderer: load them only when a slug page is shown.
const SlugPage = lazy(async () => ({ default: (await import('../pages/ContentPage')).SlugPage }));

/**
 * `/:locale/*`. A known non-default locale prefix renders the page below it; any other
 * first segment is the catch-all `/{slug}` (one segment: a content page) or a 404.
 */
export function LocaleScope() {
  const settings = useAppSettings();
  const { locale: segment } = useParams();
  const location = useLocation();
  if (localeFromPrefix(segment, settings)) return <Outlet />;
  const isSingleSegment = location.pathname.replace(/\/+$/, '').split('/').length === 2;
  return isSingleSegment && segment ? (
    <Suspense fallback={null}>
      <SlugPage slug={segment} />
    </Suspense>
  ) : (
    <NotFoundPage />
  );
}
