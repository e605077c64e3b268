import type { Game } from '@croupier/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { useOpenModal } from '../modals';
import { useSession } from '../auth';
import { useToasts } from '../layout';
import { useActiveAccount } from '../wallet';
import { useLaunchGame, useVisitorCountry } from './api';
import { gamePath } from './GameTile';
import {
  currentPlatform,
  forgetReturnGame,
  launchBody,
  launchRefusal,
  rememberReturnGame,
  type PlayMode,
} from './play';

export interface PlayingGame {
  mode: PlayMode;
  /** The frame's URL (same origin). */
  url: string;
  /** The account a real-money game plays from. */
  accountId: string | undefined;
}

/**
 * Starting and stopping a game on its page:
 * - `request(mode)`: on a phone the mobile-game modal comes first (its buttons choose the
 *   mode); real money needs a session (a guest is asked to sign in and comes back to this
 *   game afterwards); a guest's demo first explains demo mode (demo-game modal: sign up,
 *   or continue in demo);
 * - the start sends GameStart with the active account, the page as lobby URL, the locale,
 *   the visitor country and the browser's platform (`currentPlatform`, also what counts as
 *   a phone above); a refusal opens its modal (limits, restricted bets, geo restriction),
 *   sends a limited player home with an alert, a 401 asks a guest to sign in; anything
 *   else leaves an inline error with retry;
 * - switching the active currency while playing for real restarts with the new account;
 * - arriving with `?mode=demo` asks for demo mode; a game restricted in the visitor's
 *   country opens the geo-restricted-game modal instead, once per game.
 */
export function useGameLauncher(
  game: Game,
  options: {
    restricted: boolean;
    demoRequested: boolean;
    /** A game started; `phone`: it was chosen in the mobile-game modal, which promised full screen. */
    onStarted?: (phone: boolean) => void;
  },
) {
  const { t } = useTranslation('alerts');
  const { locale, localePath } = useLocale();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const openModal = useOpenModal();
  const { notify } = useToasts();
  const country = useVisitorCountry();
  const account = useActiveAccount();
  const launchState = useLaunchGame(game.identity);
  const { mutate: launch, reset: resetLaunch } = launchState;
  const [started, setStarted] = useState<PlayingGame | null>(null);
  const { restricted, demoRequested, onStarted } = options;
  /** The start in progress was chosen in the mobile-game modal. */
  const fromPhoneModal = useRef(false);
  // The start in flight, and a start that failed for a reason worth a retry, by mode.
  const askedMode: PlayMode | null = launchState.variables ? (launchState.variables.demoMode ? 'demo' : 'real') : null;
  const launching = launchState.isPending ? askedMode : null;
  const failed = launchState.isError && launchRefusal(launchState.error).kind === 'retry' ? askedMode : null;
  // A signed-out tab cannot keep a real-money game open.
  const playing = started && (started.mode === 'demo' || isLoggedIn) ? started : null;

  const askToSignIn = useCallback(() => {
    rememberReturnGame(window.sessionStorage, game.identity);
    openModal('sign-in');
  }, [game.identity, openModal]);

  const start = useCallback(
    (mode: PlayMode, accountId: string | undefined) => {
      const body = launchBody({
        mode,
        accountId,
        lobbyUrl: new URL(localePath(gamePath(game)), window.location.origin).href,
        locale,
        countryCode: country,
        platform: currentPlatform(),
      });
      launch(body, {
        onSuccess: (answer) => {
          setStarted({ mode, url: answer.gameUrl, accountId: mode === 'real' ? accountId : undefined });
          onStarted?.(fromPhoneModal.current);
          fromPhoneModal.current = false;
        },
        onError: (error) => {
          const refusal = launchRefusal(error);
          switch (refusal.kind) {
            case 'limit':
              openModal('game-limit-reached', {
                props: { descriptionKey: `gameLimitReached.refused.${refusal.limit}` },
              });
              break;
            case 'playerLimited':
              notify({ type: 'warning', title: t('playerLimited.title'), description: t('playerLimited.description') });
              void navigate(localePath('/'));
              break;
            case 'restrictedBets':
              openModal('restricted-bets');
              break;
            case 'geoRestricted':
              openModal('geo-restricted-game');
              break;
            case 'signIn':
              askToSignIn();
              break;
            case 'retry':
              // Shown inline from the mutation's state, with a retry button.
              break;
          }
        },
      });
    },
    [game, launch, locale, localePath, country, openModal, notify, t, navigate, askToSignIn, onStarted],
  );

  /** The step after the phone modal: guests need a session for real money and see the demo notice first. */
  const proceed = useCallback(
    (mode: PlayMode) => {
      if (mode === 'real' && !isLoggedIn) {
        askToSignIn();
        return;
      }
      if (mode === 'demo' && !isLoggedIn) {
        openModal('demo-game', {
          props: {
            onAction: (key: string) => {
              if (key === 'continue') start('demo', undefined);
              else if (key === 'signUp') rememberReturnGame(window.sessionStorage, game.identity);
            },
          },
        });
        return;
      }
      start(mode, account?.id);
    },
    [isLoggedIn, askToSignIn, openModal, start, account?.id, game.identity],
  );

  const request = useCallback(
    (mode: PlayMode) => {
      fromPhoneModal.current = false;
      if (currentPlatform() !== 1) {
        proceed(mode);
        return;
      }
      openModal('mobile-game', {
        props: {
          hiddenActions: game.isDemoMode ? [] : ['playDemo'],
          onAction: (key: string) => {
            fromPhoneModal.current = true;
            if (key === 'playReal') proceed('real');
            else if (key === 'playDemo' && game.isDemoMode) proceed('demo');
          },
        },
      });
    },
    [proceed, openModal, game.isDemoMode],
  );

  const stop = useCallback(() => {
    setStarted(null);
    resetLaunch();
  }, [resetLaunch]);

  // Once per game: a restricted game explains itself; the Demo shortcut of a tile asks for demo mode.
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (announced.current === game.id) return;
    announced.current = game.id;
    if (restricted) openModal('geo-restricted-game');
    else if (demoRequested && game.isDemoMode) request('demo');
  }, [game.id, game.isDemoMode, restricted, demoRequested, openModal, request]);

  // The header's currency switch while playing for real: the game restarts on the new
  // account, once per switch (a refused restart is not retried in a loop).
  const restartedFor = useRef<string | null>(null);
  const accountId = account?.id;
  useEffect(() => {
    if (playing?.mode !== 'real' || !accountId || playing.accountId === accountId) return;
    if (restartedFor.current === accountId) return;
    restartedFor.current = accountId;
    start('real', accountId);
  }, [playing, accountId, start]);

  // A guest who leaves this game without signing in is not brought back to it later.
  const loggedIn = useRef(isLoggedIn);
  useEffect(() => {
    loggedIn.current = isLoggedIn;
  }, [isLoggedIn]);
  useEffect(() => {
    const identity = game.identity;
    return () => {
      if (!loggedIn.current) forgetReturnGame(window.sessionStorage, identity);
    };
  }, [game.identity]);

  return { playing, launching, failed, request, stop };
}
