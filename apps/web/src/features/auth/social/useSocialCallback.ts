import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useLocale } from '../../../lib/app-settings';
import { hidePreloader } from '../../../lib/preloader';
import { useToasts } from '../../layout';
import { FIRST_DEPOSIT_WALLET_PROPS } from '../../../lib/wallet-display';
import { openAfterLogin } from '../after-login';
import { readAffiliateTag, resolveFingerprint } from '../api';
import { useLoginEffects } from '../effects';
import { completeSocialSignIn } from './api';
import { backRouteOfState, classifySocialError, failureAlert, providerFailure, type SocialFailure } from './logic';

/** `path` with `sign-in=true` added to its query: the page the sign-in modal opens over. */
function withSignIn(path: string): string {
  const url = new URL(path, 'http://local');
  url.searchParams.set('sign-in', 'true');
  return `${url.pathname}${url.search}`;
}

/**
 * The social sign-in callback (`/auth/social/{connection}/callback`): hands the
 * provider's parameters to the API while the preloader stays up, then
 * - success: login effects as for sign-in; a new account also gets the
 *   registration-success notice and the deposit wallet, as after sign-up; back to the
 *   page the sign-in started from;
 * - failure: back to that page with the sign-in modal open and the message of the
 *   failure (e-mail not verified, account blocked, or a generic one; none for a cancel).
 */
export function useSocialCallback(): void {
  const { connection = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { locale, localePath } = useLocale();
  const signedIn = useLoginEffects();
  const { notify } = useToasts();
  const { t } = useTranslation('alerts');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const backRoute = backRouteOfState(params.get('state'), localePath('/'));

    const fail = (failure: SocialFailure) => {
      const alert = failureAlert(failure);
      if (alert) {
        notify({ type: 'error', title: t(`${alert}.title`), description: t(`${alert}.description`) });
      }
      void navigate(withSignIn(backRoute), { replace: true });
    };

    const early = providerFailure(params);
    if (early) {
      fail(early);
      hidePreloader();
      return;
    }
    const affiliateTag = readAffiliateTag();
    resolveFingerprint()
      .then((fingerprint) =>
        completeSocialSignIn(Object.fromEntries(params.entries()), {
          connection,
          provider: connection,
          locale,
          fingerprint,
          ...(affiliateTag ? { affiliateTag } : {}),
        }),
      )
      .then((response) => {
        if (response.profile.isNewlyRegistered) {
          notify({
            type: 'success',
            title: t('successRegistration.title'),
            description: t('successRegistration.description'),
          });
          openAfterLogin({ name: 'wallet', props: { ...FIRST_DEPOSIT_WALLET_PROPS } });
        }
        signedIn(response);
        void navigate(backRoute, { replace: true });
      })
      .catch((error: unknown) => fail(classifySocialError(error)))
      .finally(hidePreloader);
  }, [params, connection, locale, localePath, navigate, signedIn, notify, t]);
}
