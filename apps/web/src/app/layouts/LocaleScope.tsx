import { Outlet, useLocation, useParams } from 'react-router';
import { useAppSettings } from '../context';
import { localeFromPrefix } from '../locale';
import { NotFoundPage } from '../pages/ErrorPage';
import { SlugPage } from '../pages/ContentPage';

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
  return isSingleSegment && segment ? <SlugPage slug={segment} /> : <NotFoundPage />;
}
