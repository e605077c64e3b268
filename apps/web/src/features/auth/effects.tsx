import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { formatDateTime } from '../../lib/format';
import { realtimeKeys } from '../../lib/query-keys';
import { useToasts } from '../layout';
import { useModals } from '../modals';
import { setAnalyticsUser } from '../tracking';
import { rememberPreviousSignIn, takeAfterLogin, takeExpectedSignOut, takePreviousSignIn } from './after-login';
import { authKeys, profileQuery } from './api';
import { session, useSession } from './session';
import type { AuthResponse } from './types';

/**
 * Login effects: the token cookie is set and other tabs told, the profile is
 * loaded into the query cache, the player is marked logged in (every `useSession()`
 * re-renders).
 */
export function useLoginEffects(): (response: AuthResponse) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (response: AuthResponse) => {
      if (response.profile) {
        queryClient.setQueryData(authKeys.profile, response.profile);
        setAnalyticsUser(response.profile.id);
        rememberPreviousSignIn(response.profile.isNewlyRegistered ? null : response.profile.previousLoginAt);
      }
      session.signIn(response.accessToken);
      if (!response.profile) void queryClient.prefetchQuery(profileQuery);
    },
    [queryClient],
  );
}

/** The player's own logout (no sign-in modal afterwards). */
export function logout(): void {
  session.signOut('logout');
}

/** Waiting for the home page to render (see `useGoHomeThen`). */
let afterHome: (() => void) | null = null;

const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * Goes to the locale's home page and runs `action` once it has rendered. Signing out on a
 * players-only page would otherwise render that page logged out for a moment (route
 * changes are transitions, sign-outs are not) and ask to sign in again.
 */
export function useGoHomeThen(): (action: () => void) => void {
  const navigate = useNavigate();
  const { localePath } = useLocale();
  const { pathname } = useLocation();
  return useCallback(
    (action: () => void) => {
      const home = localePath('/');
      if (samePath(pathname, home)) {
        action();
        return;
      }
      afterHome = action;
      void navigate(home);
    },
    [navigate, localePath, pathname],
  );
}

/**
 * Session life of a rendered tab; mount once inside the modal system and the router:
 * - after any sign-out: the profile, bonus lists and bonus offers leave the cache and the
 *   analytics user is cleared; a 401/403 or a refused refresh opens sign-in (with the
 *   session-expired notice);
 * - after a sign-in: the modal waiting for it opens (what the guest asked for, or the
 *   wallet after registration);
 * - another tab's login reloads this tab when it is logged out; its logout sends this
 *   tab, when logged in, to the home page of the current locale, then signs it out;
 * - a tab that becomes visible re-reads the cookie (another tab may have refreshed it).
 */
export function SessionEffects() {
  const { isLoggedIn } = useSession();
  const queryClient = useQueryClient();
  const { open } = useModals();
  const { notify } = useToasts();
  const { t } = useTranslation('alerts');
  const { localePath, locale } = useLocale();
  const { pathname } = useLocation();
  const goHomeThen = useGoHomeThen();
  const home = localePath('/');
  const onOtherTabLogout = useEffectEvent(() => goHomeThen(() => session.sync()));

  useEffect(() => {
    if (!afterHome || !samePath(pathname, home)) return;
    const action = afterHome;
    afterHome = null;
    action();
  }, [pathname, home]);

  useEffect(
    () =>
      session.onSignOut(() => {
        queryClient.removeQueries({ queryKey: authKeys.profile });
        // The player's bonuses and offers are theirs alone: the next player starts without them.
        for (const queryKey of [
          realtimeKeys.playerBonuses,
          realtimeKeys.playerFreespins,
          realtimeKeys.depositBonuses,
          realtimeKeys.loyaltyAccount,
        ]) {
          queryClient.removeQueries({ queryKey });
        }
        setAnalyticsUser(undefined);
      }),
    [queryClient],
  );

  // Runs once the new state has rendered, so that the modal system gates with it.
  useEffect(() => {
    if (isLoggedIn) {
      // Telling the player when the account was last used lets them spot someone else's use.
      const previous = formatDateTime(takePreviousSignIn(), locale);
      if (previous) {
        notify({
          type: 'info',
          title: t('previousSignIn.title'),
          description: t('previousSignIn.description', { date: previous }),
        });
      }
      const next = takeAfterLogin();
      if (next) open(next.name, { props: { ...next.props } });
      return;
    }
    const reason = session.takeSignOutReason();
    if ((reason === 'unauthorized' || reason === 'expired') && !takeExpectedSignOut()) {
      notify({ type: 'warning', title: t('sessionExpired.title'), description: t('sessionExpired.description') });
      open('sign-in');
    }
  }, [isLoggedIn, open, notify, t, locale]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== null && event.storageArea !== window.localStorage) return;
      const decision = session.decideStorageEvent(event);
      if (decision === 'reload') window.location.reload();
      else if (decision === 'go-home') onOtherTabLogout();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') session.sync();
    };
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  return null;
}
