import type { OriginalsRound } from '@croupier/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../layout';
import { isApiError } from '../../../lib/api';
import type { PlayAnswer } from '../api';
import { autoplayStopBefore, type AutoplayPlan, type AutoplayStop } from '../logic';
import type { BoardContext, OneShotGameModule } from '../types';
import { Autoplay } from './Autoplay';
import { useFrame } from './context';
import { FreespinsPanel, useFreespinPlay } from './FreespinsPanel';
import { usePlayKeys } from './hooks';
import { frameInterruption } from './reality-check';
import { ResultsStrip, RESULTS_KEPT } from './ResultsStrip';
import { StakeField, useStake } from './StakeField';
import { Button } from '../../../components/ui/Button';

/** A board that never reports the end of its animation does not hold the frame longer than this. */
const SETTLE_TIMEOUT_MS = 8_000;
/** The pause between autoplay rounds, so that each result can be seen. */
const AUTOPLAY_GAP_MS = 350;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The frame of a one-shot game: stake, the module's controls and board, Play, autoplay,
 * results; in the slot, a bonus's free spins (Play spends one while the player plays them).
 */
export function OneShotFrame<P>({ module }: { module: OneShotGameModule<P> }) {
  const frame = useFrame();
  const { t } = useTranslation('global-components');
  const { notify } = useToasts();
  const stake = useStake();
  const [params, setParams] = useState<P>(module.initialParams);
  const [round, setRound] = useState<OriginalsRound | null>(null);
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<OriginalsRound[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [autoplay, setAutoplay] = useState<{ played: number; total: number } | null>(null);
  const settledRef = useRef<(() => void) | null>(null);
  const busy = useRef(false);
  const stopRequested = useRef(false);
  /** The last failed round was a reality check or the session-time limit (its dialog says why). */
  const interrupted = useRef(false);
  const freespins = useFreespinPlay(module.game === 'slot' ? frame.session.freespins : []);
  // The grant whose spin Play plays: no stake from the balance, no autoplay.
  const free = freespins.playing;
  const { apply: applyFreespin, drop: dropFreespin } = freespins;

  const cost = free ? 0 : module.totalStake(params, Number.isNaN(stake.stake) ? 0 : stake.stake);
  const blocked = module.blocked(params);
  const problem = free ? null : stake.problem(cost, frame.balance);
  const canPlay = !running && !frame.ended && !problem && !blocked;
  const { sound, reducedMotion, formatAmount, api, setBalance, setLastRound, reportError } = frame;

  const ctx: BoardContext = useMemo(
    () => ({ sound, reducedMotion, formatAmount, settled: () => settledRef.current?.() }),
    [sound, reducedMotion, formatAmount],
  );

  const playOnce = useCallback(async (): Promise<PlayAnswer | null> => {
    if (busy.current) return null;
    busy.current = true;
    setRunning(true);
    setFieldErrors({});
    sound('bet');
    try {
      const answer = await api.play(module.game, free ? { freespinId: free.id } : module.body(params, stake.stake));
      // The stake is taken now; the win shows once the board has shown the round. A free spin
      // takes nothing and pays nothing into the balance (its winnings become a bonus).
      setBalance(answer.freespin ? answer.balance : answer.balance - answer.round.payout);
      const shown = new Promise<void>((resolve) => {
        settledRef.current = resolve;
      });
      setRound(answer.round);
      await Promise.race([shown, delay(SETTLE_TIMEOUT_MS)]);
      settledRef.current = null;
      setBalance(answer.balance);
      setLastRound(answer.round);
      setResults((list) => [answer.round, ...list].slice(0, RESULTS_KEPT));
      sound(answer.round.payout > answer.round.amount ? 'win' : 'lose');
      if (answer.freespin) applyFreespin(answer.freespin);
      return answer;
    } catch (error) {
      // Used up or expired meanwhile (another tab, the deadline): they are no longer offered.
      if (free && isApiError(error, 'BONUS_NOT_AVAILABLE')) {
        dropFreespin(free.id);
        return null;
      }
      interrupted.current = frameInterruption(error) !== null;
      setFieldErrors(reportError(error) ?? {});
      return null;
    } finally {
      busy.current = false;
      setRunning(false);
    }
  }, [
    api,
    module,
    params,
    stake.stake,
    sound,
    setBalance,
    setLastRound,
    reportError,
    free,
    applyFreespin,
    dropFreespin,
  ]);

  const play = useCallback(() => {
    if (canPlay && !autoplay) void playOnce();
  }, [canPlay, autoplay, playOnce]);
  usePlayKeys(play, canPlay && !autoplay);

  const startAutoplay = async (plan: AutoplayPlan) => {
    stopRequested.current = false;
    let progress = { played: 0, net: 0 };
    let balance = frame.balance;
    let reason: AutoplayStop;
    setAutoplay({ played: 0, total: plan.rounds });
    for (;;) {
      const stop = stopRequested.current ? 'player' : autoplayStopBefore(plan, progress, { cost, balance });
      if (stop) {
        reason = stop;
        break;
      }
      const answer = await playOnce();
      if (!answer) {
        reason = 'error';
        break;
      }
      progress = { played: progress.played + 1, net: progress.net + answer.round.payout - answer.round.amount };
      balance = answer.balance;
      setAutoplay({ played: progress.played, total: plan.rounds });
      if (!reducedMotion) await delay(AUTOPLAY_GAP_MS);
    }
    setAutoplay(null);
    // Stopped by a reality check or the session-time limit: the dialog is the message.
    if (reason === 'error' && interrupted.current) return;
    notify({
      type: reason === 'count' || reason === 'player' ? 'info' : 'warning',
      title: t(`play.autoplay.stopped.${reason}`, { played: progress.played }),
    });
  };

  const paramErrors = Object.keys(fieldErrors).filter((field) => field !== 'amount');
  const disabled = running || autoplay !== null;

  return (
    <main className="play__main">
      <section className="play__stage" aria-label={t('play.board')}>
        <module.Board
          params={params}
          round={round}
          ctx={ctx}
          onChange={setParams}
          disabled={disabled}
          stake={stake.stake}
        />
        <ResultsStrip rounds={results} />
      </section>
      <div className="play__panel">
        <FreespinsPanel
          grants={freespins.grants}
          grant={freespins.current}
          onChoose={freespins.choose}
          using={freespins.using}
          onToggle={freespins.toggle}
          notice={freespins.notice}
          disabled={disabled || frame.ended}
          formatAmount={formatAmount}
        />
        <StakeField
          state={stake}
          cost={cost}
          disabled={disabled}
          serverError={Boolean(fieldErrors.amount)}
          lockedTo={free?.betAmount}
        />
        <module.Controls
          params={params}
          onChange={setParams}
          disabled={disabled}
          stake={stake.stake}
          formatAmount={formatAmount}
        />
        {paramErrors.length > 0 ? (
          <p className="play-field__error" role="alert">
            {t('play.errors.param')}
          </p>
        ) : null}
        {blocked ? <p className="play__blocked">{t(blocked)}</p> : null}
        <Button
          variant="primary"
          className="play__play"

          disabled={!canPlay || autoplay !== null}
          aria-keyshortcuts="Space Enter"
          onClick={play}
          data-testid="play-button"
        >
          {running ? <span className="spinner" aria-hidden="true" /> : null}
          {running
            ? t('play.playing')
            : free
              ? t('play.freespins.spin', { remaining: free.remaining })
              : t('play.play')}
        </Button>
        <p className="play__hint">{t('play.playHint')}</p>
        <Autoplay
          progress={autoplay}
          canStart={canPlay && !free}
          onStart={(plan) => void startAutoplay(plan)}
          onStop={() => {
            stopRequested.current = true;
          }}
        />
      </div>
    </main>
  );
}
