import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { notifySessionChanged, TOKEN_COOKIE } from '../../features/auth/session';
import { apiRequest } from '../../lib/api';
import { readStoredVisitorId } from '../../features/tracking';
import { ONE_YEAR_SECONDS, readCookie, writeCookie } from '../../lib/cookies';
import { hidePreloader } from '../../lib/preloader';
import { useLocale } from '../context';

interface AuthResponse {
  accessToken: string;
}

/** Only same-site paths may be returned to (no open redirects). */
function safePath(path: string | null | undefined, fallback: string): string {
  return path && path.startsWith('/') && !path.startsWith('//') ? path : fallback;
}

function useOnce(effect: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
  });
}

function signedIn(response: AuthResponse) {
  writeCookie(TOKEN_COOKIE, response.accessToken, ONE_YEAR_SECONDS);
  notifySessionChanged();
}

/** `/auth/autologin?state=<token>&redirectUrl=<path>`: the preloader stays up while it signs in. */
export function AutologinPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { localePath } = useLocale();
  const token = params.get('state');
  const home = localePath('/');
  useOnce(() => {
    if (!token) {
      hidePreloader();
      void navigate(home, { replace: true });
      return;
    }
    apiRequest<AuthResponse>('POST', '/api/player/sessions/token', {
      body: { token, fingerprint: readStoredVisitorId() ?? '' },
    })
      .then((response) => {
        signedIn(response);
        void navigate(safePath(params.get('redirectUrl'), home), { replace: true });
      })
      .catch(() => void navigate(`${home}?sign-in=true`, { replace: true }))
      .finally(hidePreloader);
  });
  return null;
}

/** `/auth/social/{connection}/callback`: hands the provider's parameters to the API. */
export function SocialCallbackPage() {
  const { connection = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { locale, localePath } = useLocale();
  const home = localePath('/');
  useOnce(() => {
    const query = Object.fromEntries(params.entries());
    let backRoute = home;
    try {
      const state = JSON.parse(params.get('state') ?? '{}') as { backRoute?: string };
      backRoute = safePath(state.backRoute ? decodeURIComponent(state.backRoute) : undefined, home);
    } catch {
      // malformed state: go home
    }
    apiRequest<AuthResponse>('POST', '/api/player/sessions/social', {
      query,
      body: {
        connection,
        provider: connection,
        locale,
        fingerprint: readStoredVisitorId() ?? '',
        ...(readCookie('affiliateTag') ? { affiliateTag: readCookie('affiliateTag') } : {}),
      },
    })
      .then((response) => {
        signedIn(response);
        void navigate(backRoute, { replace: true });
      })
      .catch(() => void navigate(`${home}?sign-in=true`, { replace: true }))
      .finally(hidePreloader);
  });
  return null;
}

/** `/verify/{confirmCode}`: confirms the e-mail address, then the profile-confirmed modal. */
export function VerifyEmailPage() {
  const { confirmCode = '' } = useParams();
  const navigate = useNavigate();
  const { localePath } = useLocale();
  const { t } = useTranslation('layout');
  useOnce(() => {
    apiRequest('POST', '/api/player/register/confirm', { body: { code: confirmCode } })
      .then(() => void navigate(`${localePath('/')}?profile-confirmed=true`, { replace: true }))
      .catch(() => void navigate(localePath('/'), { replace: true }));
  });
  return (
    <p className="state" role="status">
      {t('pages.auth.verifyTitle')}
    </p>
  );
}

/** `/password/reset/{resetCode}` opens the reset-pass modal on the home page. */
export function ResetPasswordRedirect() {
  const { resetCode = '' } = useParams();
  const { localePath } = useLocale();
  return <Navigate to={`${localePath('/')}?reset-pass=true&resetCode=${encodeURIComponent(resetCode)}`} replace />;
}
