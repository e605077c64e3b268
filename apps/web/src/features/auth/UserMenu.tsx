import { useCallback, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { useDismiss } from '../../lib/dismiss';
import { useLayout } from '../layout';
import { useModals } from '../modals';
import { useProfile } from './api';
import { logout, useGoHomeThen } from './effects';
import { nicknameFromEmail } from './names';
import './user-menu.css';

const LINKS = [
  { key: 'profile', to: '/profile/info' },
  { key: 'wallet', to: '/profile/wallet' },
  { key: 'bonuses', to: '/profile/bonuses' },
  { key: 'history', to: '/profile/history' },
  { key: 'limits', to: '/profile/limits' },
  { key: 'security', to: '/profile/security' },
] as const;

/**
 * The logged-in header's user menu (layout state `userNavOpen`): the player's name,
 * profile sections and Log out. A disclosure: Escape or a click elsewhere closes it.
 */
export function UserMenu() {
  const { t } = useTranslation('layout');
  const { localePath } = useLocale();
  const { userNavOpen, setUserNavOpen, toggleUserNav } = useLayout();
  const profile = useProfile().data;
  const goHomeThen = useGoHomeThen();
  const { open } = useModals();
  const matches = useMatches();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const name =
    profile?.nickname || (profile?.email ? nicknameFromEmail(profile.email) : '') || t('header.profileMenu.profile');

  const closeUserNav = useCallback(() => setUserNavOpen(false), [setUserNavOpen]);
  useDismiss(userNavOpen, closeUserNav, root, button);

  const onLogout = () => {
    setUserNavOpen(false);
    // Leave a players-only page first, so that signing out does not ask to sign in again.
    const onPlayerPage = matches.some(
      (match) => (match.handle as { access?: string } | undefined)?.access === 'player',
    );
    if (onPlayerPage) goHomeThen(logout);
    else logout();
  };

  return (
    <div className="auth-user" ref={root}>
      <button
        ref={button}
        type="button"
        className="auth-user__button"
        aria-expanded={userNavOpen}
        aria-controls={`${id}-menu`}
        onClick={toggleUserNav}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
        <span className="auth-user__name">{name}</span>
      </button>
      <div id={`${id}-menu`} className="auth-user__menu" hidden={!userNavOpen}>
        <ul>
          {LINKS.map((link) => (
            <li key={link.key}>
              <Link className="auth-user__item" to={localePath(link.to)} onClick={() => setUserNavOpen(false)}>
                {t(`header.profileMenu.${link.key}`)}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="auth-user__item"
              onClick={() => {
                setUserNavOpen(false);
                open('quests-hub');
              }}
            >
              {t('header.profileMenu.quests')}
            </button>
          </li>
          <li>
            <button type="button" className="auth-user__item auth-user__logout" onClick={onLogout}>
              {t('header.profileMenu.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
