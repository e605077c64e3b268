import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { SessionEffects, UserMenu, useSession } from '../../features/auth';
import { ReturnGameEffect } from '../../features/games/ReturnGameEffect';
import { useLayout } from '../../features/layout';
import { InstalledAppReport } from '../../features/profile/InstalledAppReport';
import { HeaderBalance } from '../../features/wallet';
import { NotificationsBell } from '../../features/messenger';
import { useAppSettings, useLocale } from '../../lib/app-settings';
import { Footer } from './Footer';
import { LanguageSwitcher } from './LanguageSwitcher';
import { useOpenModal } from '../../features/modals';
import { Button } from '../../components/ui/Button';
import { IconButton } from '../../components/ui/IconButton';

const MOBILE_QUERY = '(max-width: 767px)';

interface NavItem {
  key: string;
  to: string;
  icon: string;
  feature?: 'loyalty' | 'sportsbook';
  player?: boolean;
}

const NAV: NavItem[] = [
  { key: 'home', to: '/', icon: 'M3 11l9-8 9 8v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z' },
  { key: 'casino', to: '/casino', icon: 'M4 4h16v16H4zM8 8h.01M16 16h.01M12 12h.01' },
  {
    key: 'betting',
    to: '/betting',
    icon: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM2 12h20M12 2v20',
    feature: 'sportsbook',
  },
  {
    key: 'tournaments',
    to: '/tournaments',
    icon: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3',
  },
  {
    key: 'wheel',
    to: '/wheel',
    icon: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM12 2v20M2 12h20M4.9 4.9l14.2 14.2M19.1 4.9 4.9 19.1',
  },
  {
    key: 'loyalty',
    to: '/loyalty',
    icon: 'M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z',
    feature: 'loyalty',
  },
  {
    key: 'welcomePackage',
    to: '/welcome-package',
    icon: 'M20 12v10H4V12M2 7h20v5H2zM12 22V7M12 7a3 3 0 1 1 3-3c0 2-3 3-3 3zm0 0a3 3 0 1 0-3-3c0 2 3 3 3 3z',
  },
  {
    key: 'favorites',
    to: '/favorites',
    icon: 'M12 21s-8-5.5-8-11a5 5 0 0 1 8-4 5 5 0 0 1 8 4c0 5.5-8 11-8 11z',
    player: true,
  },
  { key: 'recentlyPlayed', to: '/recently-played', icon: 'M12 7v5l3 3M12 3a9 9 0 1 0 9 9', player: true },
  { key: 'providers', to: '/providers', icon: 'M3 7h18M3 12h18M3 17h18' },
  {
    key: 'questions',
    to: '/questions',
    icon: 'M9.1 9a3 3 0 1 1 4 2.8c-.7.3-1.1 1-1.1 1.7V14M12 18h.01M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z',
  },
  { key: 'contact', to: '/contact', icon: 'M4 4h16v12H7l-3 3zM8 9h8M8 12h5' },
];

function Icon({ path }: { path: string }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('layout');
  const { localePath } = useLocale();
  const { isLoggedIn } = useSession();
  const features = useAppSettings().init?.features;
  const openModal = useOpenModal();
  const { drawerOpen, drawerCompact, toggleDrawer, closeDrawer, toggleDrawerCompact } = useLayout();
  // One menu button: on phones it slides the drawer in; on wider screens it folds the
  // drawer to icons (compact mode, remembered across visits).
  const onMenu = () => (window.matchMedia(MOBILE_QUERY).matches ? toggleDrawer() : toggleDrawerCompact());

  const items = NAV.filter(
    (item) => (!item.feature || features?.[item.feature] !== false) && (!item.player || isLoggedIn),
  );

  return (
    <div className="shell" data-drawer={drawerOpen ? 'open' : 'closed'} data-compact={drawerCompact ? 'true' : 'false'}>
      <a className="skip-link" href="#main">
        {t('accessibility.skipToContent', { ns: 'global-components' })}
      </a>
      <header className="header" data-signed-in={isLoggedIn ? 'true' : undefined}>
        <button
          type="button"
          className="header__menu icon-button"
          aria-controls="drawer"
          aria-label={t(drawerOpen ? 'accessibility.closeMenu' : 'accessibility.openMenu', { ns: 'global-components' })}
          onClick={onMenu}
        >
          <Icon path="M4 6h16M4 12h16M4 18h16" />
        </button>
        <Link className="brand" to={localePath('/')} aria-label="Croupier">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span className="brand__name">Croupier</span>
        </Link>
        <nav className="header__nav" aria-label={t('navigation.casino')}>
          <NavLink to={localePath('/casino')}>{t('navigation.casino')}</NavLink>
          {features?.sportsbook ? <NavLink to={localePath('/betting')}>{t('navigation.betting')}</NavLink> : null}
          <NavLink to={localePath('/tournaments')}>{t('navigation.tournaments')}</NavLink>
          <NavLink to={localePath('/welcome-package')}>{t('navigation.welcomePackage')}</NavLink>
        </nav>
        <div className="header__actions">
          <IconButton label={t('header.search')} className="header__search" onClick={() => openModal('categories')}>
            <Icon path="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-5-5" />
          </IconButton>
          {isLoggedIn ? (
            <>
              <HeaderBalance />
              <Button variant="primary" onClick={() => openModal('wallet', { value: 'deposit' })}>
                {t('header.deposit')}
              </Button>
              <NotificationsBell />
              <UserMenu />
            </>
          ) : (
            <>
              <Button variant="ghost" onClick={() => openModal('sign-in')}>
                {t('header.signIn')}
              </Button>
              <Button variant="primary" onClick={() => openModal('sign-up')}>
                {t('header.signUp')}
              </Button>
            </>
          )}
        </div>
      </header>
      <SessionEffects />
      <ReturnGameEffect />
      <InstalledAppReport />
      <div className="shell__body">
        <aside id="drawer" className="drawer" aria-label={t('navigation.home')}>
          <nav>
            <ul className="drawer__list">
              {items.map((item) => (
                <li key={item.key}>
                  <NavLink
                    className="drawer__link"
                    to={localePath(item.to)}
                    end={item.to === '/'}
                    onClick={closeDrawer}
                  >
                    <Icon path={item.icon} />
                    <span>{t(`navigation.${item.key}`)}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="drawer__footer">
            <LanguageSwitcher />
          </div>
        </aside>
        {drawerOpen ? (
          <button type="button" className="drawer__scrim" aria-hidden="true" tabIndex={-1} onClick={closeDrawer} />
        ) : null}
        <div className="shell__content">
          <main id="main" className="main" tabIndex={-1}>
            {children}
          </main>
          <Footer />
        </div>
      </div>
    </div>
  );
}
