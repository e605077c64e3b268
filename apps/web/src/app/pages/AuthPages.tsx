import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { resolveFingerprint, useLoginEffects } from '../../features/auth';
import { useSocialCallback } from '../../features/auth/social/useSocialCallback';
import { authEndpoints, signInEndpoints } from '@croupier/contract';
import { call } from '../../lib/api';
import { hidePreloader } from '../../lib/preloader';
import { useLocale } from '../../lib/app-settings';
import { EmptyState } from '../../components/ui/EmptyState';

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

/** `/auth/autologin?state=<token>&redirectUrl=<path>`: the preloader stays up while it signs in. */
export function AutologinPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { localePath } = useLocale();
  const signedIn = useLoginEffects();
  const token = params.get('state');
  const home = localePath('/');
  useOnce(() => {
    if (!token) {
      hidePreloader();
      void navigate(home, { replace: true });
      return;
    }
    resolveFingerprint()
      .then((fingerprint) => call(signInEndpoints.signInWithToken, { body: { token, fingerprint } }))
      .then((response) => {
        signedIn(response);
        void navigate(safePath(params.get('redirectUrl'), home), { replace: true });
      })
      .catch(() => void navigate(`${home}?sign-in=true`, { replace: true }))
      .finally(hidePreloader);
  });
  return null;
}

/**
 * `/auth/social/{connection}/callback`: completes the social sign-in (see
 * `useSocialCallback`); the preloader stays up until it is done.
 */
export function SocialCallbackPage() {
  useSocialCallback();
  return null;
}

/** `/verify/{confirmCode}`: confirms the e-mail address, then the profile-confirmed modal. */
export function VerifyEmailPage() {
  const { confirmCode = '' } = useParams();
  const navigate = useNavigate();
  const { localePath } = useLocale();
  const { t } = useTranslation('layout');
  useOnce(() => {
    call(authEndpoints.confirmRegistration, { body: { code: confirmCode } })
      .then(() => void navigate(`${localePath('/')}?profile-confirmed=true`, { replace: true }))
      .catch(() => void navigate(localePath('/'), { replace: true }));
  });
  return <EmptyState as="p" role="status" text={t('pages.auth.verifyTitle')} />;
}

/** `/password/reset/{resetCode}` opens the reset-pass modal on the home page. */
export function ResetPasswordRedirect() {
  const { resetCode = '' } = useParams();
  const { localePath } = useLocale();
  return <Navigate to={`${localePath('/')}?reset-pass=true&resetCode=${encodeURIComponent(resetCode)}`} replace />;
}
