import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { changeContentLocale } from '../../features/content/i18n';
import { isSignOutExpected } from '../../features/auth/after-login';
import { useSession } from '../../features/auth/session';
import { CookiePopup, LiveChat } from '../../features/layout';
import { ModalHost, ModalProvider } from '../../features/modals';
import { RealtimeEffects } from '../../features/realtime';
import { hidePreloader } from '../../lib/preloader';
import { useAppSettings } from '../../lib/app-settings';
import { localizePath, splitLocalePath } from '../../lib/locale';
import { MODAL_BODIES } from '../modal-bodies';
import type { RouteHandle } from '../router';
import { DefaultLayout } from './DefaultLayout';
import { GeoRestrictedLayout } from './GeoRestrictedLayout';
import { PageHead } from '../../components/PageHead';

function handles(matches: ReturnType<typeof useMatches>): RouteHandle[] {
  return matches.map((m) => (m.handle ?? {}) as RouteHandle);
}

/** Scrolls to top on a new page unless the route says not to; a hash scrolls to its anchor. */
function useScrollOnNavigate(scrollToTop: boolean) {
  const location = useLocation();
  const previousPath = useRef(location.pathname);
  useEffect(() => {
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (previousPath.current !== location.pathname && scrollToTop) window.scrollTo(0, 0);
    previousPath.current = location.pathname;
  }, [location.pathname, location.hash, scrollToTop]);
}

export function RootLayout() {
  const settings = useAppSettings();
  const location = useLocation();
  const matches = useMatches();
  const { i18n } = useTranslation();
  const { isLoggedIn } = useSession();
  const urlLocale = splitLocalePath(location.pathname, settings).locale ?? settings.defaultLocale;
  const routeHandles = handles(matches);
  const chatWidget = settings.init?.features.chatWidget;
  const localizeForUrl = useCallback((path: string) => localizePath(path, urlLocale, settings), [urlLocale, settings]);

  // The URL names the locale: follow it (links, back/forward, the language switcher).
  useEffect(() => {
    if (i18n.language === urlLocale) return;
    changeContentLocale(i18n, urlLocale)
      .then(() => {
        document.documentElement.lang = urlLocale;
      })
      .catch(() => undefined);
  }, [i18n, urlLocale]);

  useScrollOnNavigate(!routeHandles.some((h) => h.scrollToTop === false));

  const keepPreloader = routeHandles.some((h) => h.keepPreloader);
  useEffect(() => {
    if (!keepPreloader) hidePreloader();
  }, [keepPreloader]);

  if (settings.init?.restrictType === 1) {
    return (
      <>
        <PageHead />
        <GeoRestrictedLayout />
      </>
    );
  }

  const needsPlayer = routeHandles.some((h) => h.access === 'player');
  if (needsPlayer && !isLoggedIn) {
    // A sign-out the player asked for (closing the account) goes home without asking to sign in again.
    const home = localizePath('/', urlLocale, settings);
    return <Navigate to={isSignOutExpected() ? home : `${home}?sign-in=true`} replace />;
  }

  return (
    <ModalProvider
      isLoggedIn={isLoggedIn}
      authBlocked={settings.init?.restrictType === 2}
      bodies={MODAL_BODIES}
      localizePath={localizeForUrl}
    >
      <DefaultLayout>
        <Outlet />
      </DefaultLayout>
      <ModalHost />
      <RealtimeEffects />
      <CookiePopup localizePath={localizeForUrl} />
      {chatWidget ? (
        <LiveChat
          config={{ widgetId: chatWidget.widgetId, forGuests: settings.init?.features.guestChat ?? false }}
          isLoggedIn={isLoggedIn}
          scriptUrl={chatWidget.scriptUrl}
        />
      ) : null}
    </ModalProvider>
  );
}
