import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppSettings } from '../../lib/app-settings';
import { session, useSession } from '../auth';
import { useToasts } from '../layout';
import { useLoyaltyAccount } from '../loyalty';
import { useModals } from '../modals';
import { gameIdentityOf, isMobileBrowser } from '../../lib/environment';
import { realtimeKeys } from '../../lib/query-keys';
import type { RealtimeUi } from './start';

/**
 * Mounts the app's realtime connection (opened at app start, as a guest or as the player).
 * The client and everything it needs are loaded after the first paint, in a chunk of their
 * own, and started once for the life of the page: a remount (StrictMode) keeps the same
 * connection. What the connection shows (alerts, modals) goes through the newest render's
 * functions. On a phone or tablet, a signed-in tab coming back into view refetches the
 * wallet accounts.
 */

let ui: RealtimeUi | undefined;
let starting: Promise<unknown> | undefined;

const afterFirstPaint = (task: () => void) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
};

export function RealtimeEffects() {
  const queryClient = useQueryClient();
  const { notify } = useToasts();
  const { open } = useModals();
  const { t } = useTranslation('alerts');
  const settings = useAppSettings();
  const { pathname } = useLocation();
  const loyalty = settings.init?.features.loyalty ?? true;
  const { isLoggedIn } = useSession();
  // The account the loyalty events compare with: a level-up needs the level before it.
  useLoyaltyAccount(isLoggedIn && loyalty);

  useEffect(() => {
    ui = {
      alert: ({ type, key, values, durationMs }) =>
        notify({
          type,
          title: t(`${key}.title`, values),
          description: t(`${key}.description`, values),
          ...(durationMs === undefined ? {} : { durationMs }),
        }),
      openModal: (name, props) => void open(name, props ? { props } : undefined),
      currentGame: () => gameIdentityOf(pathname),
      features: () => ({ loyalty }),
    };
  }, [notify, open, t, pathname, loyalty]);

  useEffect(() => {
    if (starting) return;
    starting = new Promise<void>((resolve) => afterFirstPaint(resolve))
      .then(() => import('./start'))
      .then(({ startRealtime }) =>
        startRealtime({
          queryClient,
          ui: () => {
            if (!ui) throw new Error('realtime: the app is not rendered');
            return ui;
          },
        }),
      )
      .catch((error: unknown) => {
        // A failed chunk load leaves the page without live updates, not broken.
        console.error('realtime: could not start', error);
        starting = undefined;
      });
  }, [queryClient]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || !session.getSnapshot() || !isMobileBrowser()) return;
      void queryClient.invalidateQueries({ queryKey: realtimeKeys.walletAccounts });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [queryClient]);

  return null;
}
