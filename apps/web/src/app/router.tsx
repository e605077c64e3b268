import { createBrowserRouter, type RouteObject } from 'react-router';
import type { AppSettings } from '../lib/app-settings';
import { lazyPage } from './lazy';
import { RootLayout } from './layouts/RootLayout';
import { LocaleScope } from './layouts/LocaleScope';
import { ErrorPage, NotFoundPage } from './pages/ErrorPage';

/** Route meta read by the shell: who may see the page, and whether navigation scrolls to top. */
export interface RouteHandle {
  access?: 'player';
  scrollToTop?: boolean;
  /** The preloader stays up while this page works (autologin with state, social callback). */
  keepPreloader?: boolean;
}

type Page = Omit<RouteObject, 'children' | 'id' | 'index'> & { id: string; index?: boolean; children?: Page[] };

const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) => ({
  lazy: lazyPage(load, name),
});

/** Every page of the site (without the locale prefix; docs/web-client.md, Pages); ids follow the page-type names. */
export function pageRoutes(settings: AppSettings): Page[] {
  const features = settings.init?.features;
  /** Sections built so far; the others show the placeholder section page. */
  const profilePages: Record<string, ReturnType<typeof page>> = {
    info: page(() => import('../features/profile/ProfileInfo'), 'ProfileInfoPage'),
    security: page(() => import('../features/profile/ProfileSecurity'), 'ProfileSecurityPage'),
    wallet: page(() => import('../features/wallet/ProfileWalletPage'), 'ProfileWalletPage'),
    history: page(() => import('../features/history/HistoryPage'), 'ProfileHistoryPage'),
    bonuses: page(() => import('./pages/ProfileBonusesPage'), 'ProfileBonusesPage'),
    documents: page(() => import('../features/documents/DocumentsPage'), 'ProfileDocumentsPage'),
    verification: page(() => import('../features/verification/VerificationPage'), 'VerificationPage'),
    limits: page(() => import('../features/limits/LimitsPage'), 'ProfileLimitsPage'),
    notifications: page(() => import('../features/messenger/NotificationsPage'), 'ProfileNotificationsPage'),
    referrals: page(() => import('../features/referrals/ReferralsPage'), 'ProfileReferralsPage'),
  };
  const profileChild = (section: string): Page => ({
    id: `profile-${section}`,
    path: section,
    ...(profilePages[section] ?? page(() => import('./pages/ProfilePage'), 'ProfileSectionPage')),
  });
  const profileSections = [
    'bonuses',
    'documents',
    'history',
    'info',
    'limits',
    'notifications',
    'referrals',
    'security',
    'verification',
    'wallet',
  ];
  return [
    { id: 'index', index: true, ...page(() => import('./pages/HomePage'), 'HomePage') },
    { id: 'main', path: 'main', ...page(() => import('./pages/HomePage'), 'HomePage') },
    { id: 'casino', path: 'casino', ...page(() => import('./pages/CasinoPage'), 'CasinoPage') },
    ...(features?.sportsbook
      ? [
          { id: 'betting', path: 'betting', ...page(() => import('./pages/BettingPage'), 'BettingPage') },
          {
            id: 'betting-event-eventId',
            path: 'betting/event/:eventId',
            ...page(() => import('./pages/BettingPage'), 'SportsbookEventPage'),
          },
        ]
      : []),
    { id: 'categories', path: 'categories', ...page(() => import('./pages/CategoryPage'), 'CategoriesRedirect') },
    {
      id: 'categories-categoryIdentity',
      path: 'categories/:categoryIdentity',
      ...page(() => import('./pages/CategoryPage'), 'CategoryPage'),
    },
    { id: 'providers', path: 'providers', ...page(() => import('./pages/ProvidersPage'), 'ProvidersPage') },
    {
      id: 'providers-providerIdentity',
      path: 'providers/:providerIdentity',
      ...page(() => import('./pages/ProvidersPage'), 'ProviderPage'),
    },
    { id: 'games-id', path: 'games/:id', ...page(() => import('./pages/GamePage'), 'GamePage') },
    {
      id: 'favorites',
      path: 'favorites',
      handle: { access: 'player' },
      ...page(() => import('./pages/PlayerGamesPage'), 'FavoritesPage'),
    },
    {
      id: 'recently-played',
      path: 'recently-played',
      handle: { access: 'player' },
      ...page(() => import('./pages/PlayerGamesPage'), 'RecentlyPlayedPage'),
    },
    { id: 'tournaments', path: 'tournaments', ...page(() => import('./pages/TournamentsPage'), 'TournamentsPage') },
    { id: 'wheel', path: 'wheel', ...page(() => import('./pages/WheelPage'), 'WheelPage') },
    {
      id: 'tournaments-identity',
      path: 'tournaments/:identity',
      ...page(() => import('./pages/TournamentsPage'), 'TournamentPage'),
    },
    ...(features?.loyalty === false
      ? []
      : [{ id: 'loyalty', path: 'loyalty', ...page(() => import('./pages/LoyaltyPage'), 'LoyaltyPage') }]),
    {
      id: 'welcome-package',
      path: 'welcome-package',
      ...page(() => import('./pages/ContentPage'), 'WelcomePackagePage'),
    },
    {
      id: 'bonus-pageIdentity',
      path: 'bonus/:pageIdentity',
      ...page(() => import('./pages/ContentPage'), 'BonusPage'),
    },
    { id: 'contact', path: 'contact', ...page(() => import('./pages/ContactPage'), 'ContactPage') },
    {
      id: 'fairness',
      path: 'fairness',
      ...page(() => import('../features/play/verifier/VerifierPage'), 'VerifierPage'),
    },
    { id: 'questions', path: 'questions', ...page(() => import('./pages/ContentPage'), 'QuestionsPage') },
    {
      id: 'questions-pageIdentity',
      path: 'questions/:pageIdentity',
      ...page(() => import('./pages/ContentPage'), 'QuestionsPage'),
    },
    {
      id: 'static-pageIdentity',
      path: 'static/:pageIdentity',
      ...page(() => import('./pages/ContentPage'), 'StaticPage'),
    },
    {
      id: 'profile',
      path: 'profile',
      handle: { access: 'player' },
      ...page(() => import('./pages/ProfilePage'), 'ProfileLayout'),
      children: [
        { id: 'profile-index', index: true, ...page(() => import('./pages/ProfilePage'), 'ProfileIndexRedirect') },
        ...profileSections.map(profileChild),
      ],
    },
    {
      id: 'auth-autologin',
      path: 'auth/autologin',
      handle: { keepPreloader: true },
      ...page(() => import('./pages/AuthPages'), 'AutologinPage'),
    },
    {
      id: 'auth-social-connection-callback',
      path: 'auth/social/:connection/callback',
      handle: { keepPreloader: true },
      ...page(() => import('./pages/AuthPages'), 'SocialCallbackPage'),
    },
    {
      id: 'verify-confirmCode',
      path: 'verify/:confirmCode',
      ...page(() => import('./pages/AuthPages'), 'VerifyEmailPage'),
    },
    {
      id: 'password-reset-resetCode',
      path: 'password/reset/:resetCode',
      ...page(() => import('./pages/AuthPages'), 'ResetPasswordRedirect'),
    },
    { id: 'not-found', path: '*', element: <NotFoundPage /> },
  ];
}

/** Route ids of prefixed routes carry the locale marker (`locale-…`). */
function prefixed(pages: Page[]): Page[] {
  return pages.map((p) => ({ ...p, id: `locale-${p.id}`, ...(p.children ? { children: prefixed(p.children) } : {}) }));
}

export function buildRoutes(settings: AppSettings): RouteObject[] {
  const pages = pageRoutes(settings);
  return [
    {
      id: 'root',
      path: '/',
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      // The preloader covers the first lazy page load.
      HydrateFallback: () => null,
      children: [
        ...(pages as RouteObject[]),
        // `/:locale/...`; for a segment that is not a locale, LocaleScope shows the
        // catch-all `/{slug}` content page (one segment) or the 404.
        { id: 'locale', path: ':locale', element: <LocaleScope />, children: prefixed(pages) as RouteObject[] },
      ],
    },
  ];
}

export function createRouter(settings: AppSettings) {
  return createBrowserRouter(buildRoutes(settings));
}
