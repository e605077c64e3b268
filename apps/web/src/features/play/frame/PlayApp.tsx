import type { ErrorName, OriginalsRound, OriginalsSession } from '@croupier/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../layout';
import { formatAmount as formatNumber } from '../../../lib/format';
import { ApiError, hasApiStatus, isApiError } from '../../../lib/api';
import { createPlayApi, type PlayApi } from '../api';
import { createSoundPlayer, readSoundOn, writeSoundOn } from '../sound';
import type { SoundEffect } from '../types';
import { GameArea } from '../registry';
import { FrameContext, type FrameContextValue } from './context';
import { FrameBar } from './FrameBar';
import { FrameSkeleton, SessionEnded } from './states';
import { useReducedMotion } from './hooks';
import { parsePlayLocation } from './url';
import { Button } from '../../../components/ui/Button';
import { useRealityCheck } from './RealityCheckDialog';
import { frameLimitRefusal, LimitRefusalDialog, type FrameLimitRefusal } from './LimitRefusal';

const storage = typeof localStorage === 'undefined' ? undefined : localStorage;

/** The API errors a round can meet and the toast each shows (`global-components`). */
const PLAY_ERRORS: readonly (readonly [ErrorName, string])[] = [
  ['INSUFFICIENT_FUNDS', 'play.errors.insufficient'],
  ['GAME_PLAYER_LIMITED', 'play.errors.limited'],
  ['GAME_BETS_RESTRICTED', 'play.errors.restricted'],
  ['CONFLICT', 'play.errors.conflict'],
];

/** The request's own time limit ran out (lib/api.ts: code 0, message `timeout`). */
const isTimeout = (error: ApiError) => error.code === 0 && error.message === 'timeout';

/** The in-house game frame: the session of the launch token, then the game's own area. */
export function PlayApp() {
  const location = useMemo(() => parsePlayLocation(window.location), []);
  if (!location.token) return <SessionEnded identity={location.identity} reason="noToken" />;
  return <SessionLoader identity={location.identity} token={location.token} />;
}

function SessionLoader({ identity, token }: { identity: string; token: string }) {
  const api = useMemo(() => createPlayApi(token), [token]);
  const query = useQuery({ queryKey: ['play', 'session', token], queryFn: () => api.session(), staleTime: Infinity });
  const { t } = useTranslation('global-components');
  if (query.isPending) return <FrameSkeleton />;
  if (query.isError) {
    if (hasApiStatus(query.error, 'UNAUTHENTICATED')) {
      return <SessionEnded identity={identity} reason="ended" />;
    }
    if (hasApiStatus(query.error, 'NOT_FOUND')) {
      return <SessionEnded identity={identity} reason="unknownGame" />;
    }
    return (
      <main className="play play--state">
        <div className="state state--error" role="alert">
          <p>{t('states.error')}</p>
          <Button variant="ghost" onClick={() => void query.refetch()}>
            {t('buttons.retry')}
          </Button>
        </div>
      </main>
    );
  }
  return (
    <FrameProvider session={query.data} api={api} token={token}>
      <div className="play">
        <FrameBar />
        <GameArea game={query.data.game} />
      </div>
    </FrameProvider>
  );
}

function FrameProvider(props: { session: OriginalsSession; api: PlayApi; token: string; children: ReactNode }) {
  const { session, api, token } = props;
  const { t, i18n } = useTranslation('global-components');
  const { notify } = useToasts();
  const [balance, setBalance] = useState(session.balance);
  const [soundOn, setSoundState] = useState(() => readSoundOn(storage));
  const [ended, setEnded] = useState(false);
  const [lastRound, setLastRound] = useState<OriginalsRound | null>(null);
  const reducedMotion = useReducedMotion();
  const player = useMemo(() => createSoundPlayer(), []);
  const locale = i18n.language;
  const [sessionTimeUp, setSessionTimeUp] = useState(false);
  const endSession = useCallback(() => {
    setEnded(true);
    setSessionTimeUp(true);
  }, []);
  const { report: reportInterruption, dialog: interruption } = useRealityCheck(endSession);
  // A round refused by a bet or loss limit or a break: a dialog leading to the limits page.
  const [limitRefusal, setLimitRefusal] = useState<FrameLimitRefusal | null>(null);

  const setSoundOn = useCallback((on: boolean) => {
    setSoundState(on);
    writeSoundOn(storage, on);
  }, []);
  const sound = useCallback(
    (effect: SoundEffect) => {
      if (soundOn) player.play(effect);
    },
    [soundOn, player],
  );
  const formatAmount = useCallback(
    (major: number) => `${formatNumber(major, session.decimals, locale)} ${session.currency}`,
    [session.decimals, session.currency, locale],
  );

  const reportError = useCallback(
    (error: unknown): Record<string, string[]> | undefined => {
      const toast = (key: string) => notify({ type: 'error', title: t(key) });
      if (!(error instanceof ApiError)) {
        toast('play.errors.generic');
        return undefined;
      }
      // A due reality check or the session-time limit: a dialog, not a toast.
      if (reportInterruption(error)) return undefined;
      const limited = frameLimitRefusal(error);
      if (limited) {
        setLimitRefusal(limited);
        return undefined;
      }
      if (hasApiStatus(error, 'UNAUTHENTICATED')) {
        setEnded(true);
        notify({ type: 'error', title: t('play.errors.sessionEnded'), durationMs: 0 });
        return undefined;
      }
      if (isApiError(error, 'VALIDATION_FAILED')) {
        toast('play.errors.fields');
        return error.fields ?? {};
      }
      const known = PLAY_ERRORS.find(([name]) => isApiError(error, name));
      toast(known ? known[1] : isTimeout(error) ? 'play.errors.timeout' : 'play.errors.generic');
      return undefined;
    },
    [notify, t, reportInterruption],
  );

  const value: FrameContextValue = {
    session,
    api,
    token,
    locale,
    balance,
    setBalance,
    formatAmount,
    soundOn,
    setSoundOn,
    sound,
    reducedMotion,
    ended,
    sessionTimeUp,
    reportError,
    lastRound,
    setLastRound,
  };
  return (
    <FrameContext.Provider value={value}>
      {props.children}
      {interruption}
      {limitRefusal && <LimitRefusalDialog refusal={limitRefusal} onClose={() => setLimitRefusal(null)} />}
    </FrameContext.Provider>
  );
}
