import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { useSession } from '../auth';
import { gameIdentityOf } from '../../lib/environment';
import { takeReturnGame } from './play';

/**
 * Brings a player back to the game they left to sign in or sign up (session storage
 * `returnGame`), once the sign-in has rendered, unless the return is turned off
 * ('disabled'). Already on that game, the entry is simply used up.
 */
export function ReturnGameEffect() {
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const { localePath } = useLocale();
  const { pathname } = useLocation();
  const wasLoggedIn = useRef(isLoggedIn);

  useEffect(() => {
    const signedIn = isLoggedIn && !wasLoggedIn.current;
    wasLoggedIn.current = isLoggedIn;
    if (!signedIn) return;
    const identity = takeReturnGame(window.sessionStorage);
    if (identity && gameIdentityOf(pathname) !== identity) {
      void navigate(localePath(`/games/${encodeURIComponent(identity)}`));
    }
  }, [isLoggedIn, pathname, navigate, localePath]);

  return null;
}
