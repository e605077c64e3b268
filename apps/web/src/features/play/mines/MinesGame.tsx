import type { OriginalsRound } from '@croupier/contract';
import { MINES, minesMultiplierBp } from '@croupier/games';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../layout';
import type { PlayAnswer } from '../api';
import { useFrame } from '../frame/context';
import { usePlayKeys } from '../frame/hooks';
import { ResultsStrip, RESULTS_KEPT } from '../frame/ResultsStrip';
import { StakeField, useStake } from '../frame/StakeField';
import { formatMultiplierBp } from '../../../lib/format';
import { cashOutAmount, minesViewOf } from './logic';
import { MinesBoard } from './MinesBoard';
import { Button } from '../../../components/ui/Button';

/** Mines: start a round, reveal tiles one by one, cash out before a mine; an open round resumes after reload. */
export function MinesGame() {
  const { api, session, balance, setBalance, setLastRound, reportError, sound, formatAmount, locale, ended } =
    useFrame();
  const { t } = useTranslation('global-components');
  const { notify } = useToasts();
  const stake = useStake();
  const mineCountId = useId();
  const [mineCount, setMineCount] = useState(3);
  const [round, setRound] = useState<OriginalsRound | null>(null);
  const [busy, setBusy] = useState(false);
  const [resuming, setResuming] = useState(true);
  const [results, setResults] = useState<OriginalsRound[]>([]);
  const [amountError, setAmountError] = useState(false);

  const view = round ? minesViewOf(round.outcome) : null;
  const open = round?.status === 'open' && view?.status === 'playing';
  const { setText } = stake;

  // A round left open (reload, closed tab) is resumed where it was.
  useEffect(() => {
    let cancelled = false;
    api
      .minesActive()
      .then((active) => {
        if (cancelled || !active) return;
        setRound(active);
        setText(active.amount.toFixed(session.decimals));
        if (typeof active.params.mineCount === 'number') setMineCount(active.params.mineCount);
        notify({ type: 'info', title: t('play.mines.resumed') });
      })
      .catch((error: unknown) => {
        if (!cancelled) reportError(error);
      })
      .finally(() => {
        if (!cancelled) setResuming(false);
      });
    return () => {
      cancelled = true;
    };
  }, [api, notify, reportError, session.decimals, setText, t]);

  const apply = useCallback(
    (answer: PlayAnswer) => {
      setRound(answer.round);
      setBalance(answer.balance);
      const next = minesViewOf(answer.round.outcome);
      if (answer.round.status === 'settled') {
        setLastRound(answer.round);
        setResults((list) => [answer.round, ...list].slice(0, RESULTS_KEPT));
        sound(next?.status === 'lost' ? 'lose' : 'cashout');
      }
      return next;
    },
    [setBalance, setLastRound, sound],
  );

  const run = async (work: () => Promise<PlayAnswer>) => {
    setBusy(true);
    setAmountError(false);
    try {
      return apply(await work());
    } catch (error) {
      const fields = reportError(error);
      if (fields?.amount) setAmountError(true);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const cost = Number.isNaN(stake.stake) ? 0 : stake.stake;
  const canStart = !open && !busy && !resuming && !ended && stake.problem(cost, balance) === null;
  const start = useCallback(() => {
    if (!canStart) return;
    sound('bet');
    void run(() => api.play('mines', { amount: stake.stake, mineCount }));
    // run is recreated each render; what it uses is listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canStart, api, stake.stake, mineCount, sound]);
  usePlayKeys(start, canStart);

  const reveal = (tile: number) => {
    if (!round || busy) return;
    void run(() => api.minesReveal(round.id, tile)).then((next) => {
      if (next?.status === 'playing') sound('reveal');
    });
  };
  const cashOut = () => {
    if (round) void run(() => api.minesCashOut(round.id));
  };

  const safeReveals = view ? view.revealed.length : 0;
  const nextMultiplierBp =
    open && view && safeReveals < MINES.tiles - view.mineCount
      ? minesMultiplierBp(view.mineCount, safeReveals + 1)
      : null;
  const payoutNow =
    open && view && safeReveals > 0 ? cashOutAmount(round.amount, view.multiplierBp, session.decimals) : 0;
  const endedText =
    round?.status === 'settled' && view
      ? view.status === 'lost'
        ? t('play.mines.lost')
        : t('play.mines.cashedOut', { amount: formatAmount(round.payout) })
      : '';

  return (
    <main className="play__main">
      <section className="play__stage" aria-label={t('play.board')}>
        <div className="mines">
          <p className="mines__status" aria-live="polite" data-testid="mines-status">
            {open && view
              ? t('play.mines.current', {
                  multiplier: formatMultiplierBp(view.multiplierBp || 10_000, locale, { floor: true }),
                  amount: formatAmount(payoutNow),
                })
              : endedText}
          </p>
          <MinesBoard view={view} canReveal={open && !busy && !ended} onReveal={reveal} />
          {nextMultiplierBp !== null ? (
            <p className="mines__next">
              {t('play.mines.next', { multiplier: formatMultiplierBp(nextMultiplierBp, locale, { floor: true }) })}
            </p>
          ) : null}
        </div>
        <ResultsStrip rounds={results} />
      </section>
      <div className="play__panel">
        <StakeField state={stake} cost={open ? 0 : cost} disabled={open || busy} serverError={amountError} />
        <div className="play-field">
          <label htmlFor={mineCountId} className="play-field__label">
            {t('play.mines.mineCount')}
          </label>
          <select
            id={mineCountId}
            className="play-input"
            value={mineCount}
            disabled={open || busy}
            onChange={(event) => setMineCount(Number(event.target.value))}
          >
            {Array.from({ length: MINES.maxMines - MINES.minMines + 1 }, (_, i) => MINES.minMines + i).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
        {open ? (
          <Button
            variant="primary"
            className="play__play"

            disabled={busy || safeReveals === 0 || ended}
            onClick={cashOut}
            data-testid="mines-cashout"
          >
            {t('play.mines.cashOut', { amount: formatAmount(payoutNow) })}
          </Button>
        ) : (
          <Button
            variant="primary"
            className="play__play"

            disabled={!canStart}
            aria-keyshortcuts="Space Enter"
            onClick={start}
            data-testid="play-button"
          >
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {t('play.mines.start')}
          </Button>
        )}
        <p className="play__hint">{open ? t('play.mines.hint') : t('play.playHint')}</p>
      </div>
    </main>
  );
}
