import { BP_PER_X, SLOT_CONFIG, type SlotSymbol } from '@croupier/games';
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardProps, ControlsProps } from '../../types';
import {
  CELL,
  cumulativeBp,
  freeSpinProgress,
  idleWindow,
  lineBet,
  parseSlotOutcome,
  paylinePath,
  paylinePoints,
  paytableRows,
  scatterPays,
  roundSchedule,
  winAmount,
  winningCells,
  type ShownSpin,
} from './logic';
import { SlotSymbolIcon } from './SlotSymbolIcon';
import './slot.css';
import { Button } from '../../../../components/ui/Button';
import { IconButton } from '../../../../components/ui/IconButton';

/** The slot has no parameters of its own: the stake field is the whole bet. */
export type SlotParams = Record<string, never>;

const REELS = SLOT_CONFIG.reels.length;
const ROWS = SLOT_CONFIG.rows;
const IDLE_WINDOW = idleWindow();
/** What a spinning reel shows, blurred: a stretch of its own strip, twice so that the loop is seamless. */
const SPIN_STRIPS: SlotSymbol[][] = SLOT_CONFIG.reels.map((strip) => {
  const part = strip.slice(0, 8);
  return [...part, ...part];
});
const LINE_COLOURS = ['#ffcf4d', '#7be0c3', '#ff7ab6', '#8ab4ff', '#ffa94d'];

interface Showing {
  roundId: string;
  /** The spin on the reels (0 = the paid one). */
  spin: number;
  /** Reels stopped so far, left to right. */
  stopped: number;
  finished: boolean;
}

export function SlotBoard({ round, ctx }: BoardProps<SlotParams>) {
  const { t } = useTranslation('global-components');
  const [showing, setShowing] = useState<Showing | null>(null);
  const [cycle, setCycle] = useState<{ key: string; index: number } | null>(null);
  const settledFor = useRef<string | null>(null);

  const spins = useMemo(() => (round ? parseSlotOutcome(round.outcome) : null), [round]);
  const roundId = round && spins ? round.id : null;
  const reducedMotion = ctx.reducedMotion;

  let view: Showing | null = null;
  if (roundId !== null && spins) {
    if (reducedMotion) view = { roundId, spin: spins.length - 1, stopped: REELS, finished: true };
    else if (showing?.roundId === roundId) view = showing;
    else view = { roundId, spin: 0, stopped: 0, finished: false };
  }
  const spin: ShownSpin | null = view && spins ? (spins[view.spin] ?? null) : null;
  const reelsStopped = view ? view.stopped : REELS;
  const grid = spin ? spin.window : IDLE_WINDOW;
  const showWins = spin !== null && view !== null && view.stopped === REELS;
  const cells = showWins ? winningCells(spin) : new Set<string>();

  const tick = useEffectEvent(() => ctx.sound('tick'));
  const bonus = useEffectEvent(() => ctx.sound('bonus'));
  // The frame plays the bet and win sounds; the board adds reel stops and the free-spins award.
  const finish = useEffectEvent((id: string) => {
    if (settledFor.current === id) return;
    settledFor.current = id;
    ctx.settled();
  });

  // A round the board cannot show (an outcome of another shape) is settled at once.
  const unshownId = round && !spins ? round.id : null;
  useEffect(() => {
    if (unshownId !== null) finish(unshownId);
  }, [unshownId]);

  useEffect(() => {
    if (roundId === null || !spins || settledFor.current === roundId) return;
    if (reducedMotion) {
      if (spins.some((s) => s.freeSpinsAwarded > 0)) bonus();
      finish(roundId);
      return;
    }
    const timers: number[] = [];
    const at = (ms: number, run: () => void) => timers.push(window.setTimeout(run, ms));
    const schedule = roundSchedule(spins);
    spins.forEach((shown, index) => {
      const steps = schedule[index]!;
      if (index > 0) at(steps.startMs, () => setShowing({ roundId, spin: index, stopped: 0, finished: false }));
      steps.reelStopsMs.forEach((ms, reel) =>
        at(ms, () => {
          setShowing({ roundId, spin: index, stopped: reel + 1, finished: false });
          tick();
          if (reel === REELS - 1 && shown.freeSpinsAwarded > 0) bonus();
        }),
      );
    });
    const offset = schedule.at(-1)?.doneMs ?? 0;
    at(offset, () => {
      setShowing({ roundId, spin: spins.length - 1, stopped: REELS, finished: true });
      finish(roundId);
    });
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, [roundId, spins, reducedMotion]);

  // With several winning lines, each is picked out in turn with its win.
  const lineWins = showWins ? spin.lineWins : [];
  const winsKey = showWins && view ? `${view.roundId}:${view.spin}` : null;
  useEffect(() => {
    if (winsKey === null || lineWins.length < 2) return;
    const id = window.setInterval(
      () => setCycle((current) => ({ key: winsKey, index: current?.key === winsKey ? current.index + 1 : 1 })),
      1100,
    );
    return () => window.clearInterval(id);
  }, [winsKey, lineWins.length]);
  const focusIndex = cycle && cycle.key === winsKey && lineWins.length > 0 ? cycle.index % lineWins.length : 0;
  const focused = lineWins[focusIndex];

  const stake = round?.amount ?? 0;
  const amount = (bp: number) => ctx.formatAmount(winAmount(stake, bp));
  const symbolName = (symbol: SlotSymbol) => t(`play.slot.symbol.${symbol}`);

  // The free-spins banner: which free spin is on the reels and the round's win so far.
  let banner: string | null = null;
  if (spins && view && spins.length > 1) {
    const progress = freeSpinProgress(spins, view.spin);
    const soFarBp = cumulativeBp(spins, showWins ? view.spin : view.spin - 1);
    banner =
      view.spin === 0
        ? t('play.slot.freeSpinsAwarded', { count: progress.total })
        : `${t('play.slot.freeSpinProgress', { current: progress.current, total: progress.total })} · ${t('play.slot.totalWin', { amount: amount(soFarBp) })}`;
    if (view.spin === 0 && !showWins) banner = null;
  }

  let status = '';
  if (!round) status = t('play.slot.idle', { lines: SLOT_CONFIG.paylines.length });
  else if (showWins && focused) {
    status = t('play.slot.lineWin', {
      line: focused.line + 1,
      n: focused.count,
      symbol: symbolName(focused.symbol),
      amount: amount(focused.multiplierBp),
    });
  } else if (showWins && spin.scatterMultiplierBp > 0) {
    status = t('play.slot.scatterWin', { n: spin.scatterCount, amount: amount(spin.scatterMultiplierBp) });
  } else if (showWins && spin.multiplierBp === 0 && view?.finished) status = t('play.slot.noWin');

  let summary = '';
  if (round && spins && view?.finished) {
    const first = spins[0];
    if (spins.length > 1)
      summary = t('play.slot.summaryFree', { count: spins.length - 1, amount: ctx.formatAmount(round.payout) });
    else if (round.payout > 0 && first && first.lineWins.length > 0)
      summary = t('play.slot.summaryLines', { count: first.lineWins.length, amount: ctx.formatAmount(round.payout) });
    else if (round.payout > 0) summary = t('play.slot.summaryWin', { amount: ctx.formatAmount(round.payout) });
    else summary = t('play.slot.noWin');
  }

  const labelAt = focused ? paylinePoints(focused.line)[focused.count - 1] : undefined;
  const spinWin = showWins && spin.multiplierBp > 0 ? amount(spin.multiplierBp) : null;

  return (
    <div className="slot-board" data-mode={spin?.mode ?? 'base'}>
      <p className="slot-board__banner" aria-hidden={banner === null}>
        {banner ?? '\u00a0'}
      </p>
      <div className="slot-board__frame">
        <div className="slot-reels" role="group" aria-label={t('play.slot.reels')}>
          {Array.from({ length: REELS }, (_, reel) =>
            reel >= reelsStopped ? (
              <div
                key={`spin-${reel}`}
                className="slot-reel is-spinning"
                aria-label={t('play.slot.spinning')}
                role="img"
              >
                <div className="slot-reel__strip" style={{ animationDelay: `${-reel * 70}ms` }}>
                  {SPIN_STRIPS[reel]!.map((symbol, i) => (
                    <SlotSymbolIcon key={i} symbol={symbol} className="slot-reel__icon" />
                  ))}
                </div>
              </div>
            ) : (
              <div key={`stop-${reel}`} className={view && !reducedMotion ? 'slot-reel is-landing' : 'slot-reel'}>
                {Array.from({ length: ROWS }, (__, row) => {
                  const symbol = grid[reel]?.[row] ?? 'ten';
                  const winning = cells.has(`${reel}:${row}`);
                  return (
                    <div
                      key={row}
                      role="img"
                      aria-label={symbolName(symbol)}
                      className={winning ? 'slot-cell is-winning' : cells.size > 0 ? 'slot-cell is-dim' : 'slot-cell'}
                    >
                      <SlotSymbolIcon symbol={symbol} className="slot-cell__icon" />
                    </div>
                  );
                })}
              </div>
            ),
          )}
        </div>
        <svg className="slot-lines" viewBox={`0 0 ${REELS * CELL} ${ROWS * CELL}`} aria-hidden="true">
          {lineWins.map((win, i) => (
            <path
              key={win.line}
              d={paylinePath(win.line)}
              className={i === focusIndex ? 'slot-lines__line is-focused' : 'slot-lines__line'}
              stroke={LINE_COLOURS[win.line % LINE_COLOURS.length]}
            />
          ))}
          {focused && labelAt && (
            <g className="slot-lines__label" transform={`translate(${labelAt.x} ${labelAt.y + CELL / 2 - 14})`}>
              <rect x={-42} y={-13} width={84} height={26} rx={13} />
              <text textAnchor="middle" dominantBaseline="central">
                {amount(focused.multiplierBp)}
              </text>
            </g>
          )}
        </svg>
      </div>
      <div className="slot-board__status">
        <span>{status || '\u00a0'}</span>
        {spinWin && <strong className="slot-board__win">{t('play.slot.spinWin', { amount: spinWin })}</strong>}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {summary}
      </p>
    </div>
  );
}

/** A payline drawn on a small 5 × 3 grid. */
function PaylineDiagram({ line }: { line: number }) {
  const rows = SLOT_CONFIG.paylines[line] ?? [];
  return (
    <svg viewBox="0 0 50 30" className="slot-paytable__line" aria-hidden="true">
      {Array.from({ length: REELS * ROWS }, (_, i) => {
        const reel = Math.floor(i / ROWS);
        const row = i % ROWS;
        return (
          <rect
            key={i}
            x={reel * 10 + 1}
            y={row * 10 + 1}
            width={8}
            height={8}
            rx={1.5}
            className={rows[reel] === row ? 'is-on' : undefined}
          />
        );
      })}
    </svg>
  );
}

export function SlotControls(props: ControlsProps<SlotParams>) {
  const stake = Number.isFinite(props.stake) ? props.stake : 0;
  const formatAmount = (major: number) => props.formatAmount(major);
  const { t } = useTranslation('global-components');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const perLine = lineBet(stake);
  const lines = SLOT_CONFIG.paylines.length;
  const { triggerScatters, awarded, winMultiplier } = SLOT_CONFIG.freeSpins;

  return (
    <div className="slot-controls">
      <p className="slot-controls__line-bet">{t('play.slot.lineBet', { lines, amount: formatAmount(perLine) })}</p>
      <Button variant="ghost" onClick={() => dialogRef.current?.showModal()}>
        {t('play.slot.paytable.open')}
      </Button>
      <dialog
        ref={dialogRef}
        className="slot-paytable"
        aria-labelledby={titleId}
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself, outside its content) closes it.
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        <div className="slot-paytable__content">
          <div className="slot-paytable__header">
            <h2 id={titleId}>{t('play.slot.paytable.title')}</h2>
            <IconButton
              label={t('play.slot.paytable.close')}

              onClick={() => dialogRef.current?.close()}
            >
              <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true">
                <path d="M6 6 L18 18 M18 6 L6 18" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" />
              </svg>
            </IconButton>
          </div>
          <p className="slot-paytable__note">
            {t('play.slot.paytable.intro', { lines, amount: formatAmount(perLine) })}
          </p>
          <table className="slot-paytable__table">
            <thead>
              <tr>
                <th scope="col">{t('play.slot.paytable.symbol')}</th>
                {[5, 4, 3].map((count) => (
                  <th key={count} scope="col">
                    {t('play.slot.paytable.inRow', { n: count })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {paytableRows().map((row) => (
                <tr key={row.symbol}>
                  <th scope="row">
                    <span className="slot-paytable__symbol">
                      <SlotSymbolIcon symbol={row.symbol} className="slot-paytable__icon" />
                      <span className="slot-paytable__name">{t(`play.slot.symbol.${row.symbol}`)}</span>
                    </span>
                  </th>
                  {row.pays.map((pay) => (
                    <td key={pay.count}>{formatAmount(winAmount(perLine, pay.lineBets * BP_PER_X))}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="slot-paytable__special">
            <SlotSymbolIcon symbol="wild" className="slot-paytable__icon" />
            <p>{t('play.slot.paytable.wild')}</p>
          </div>
          <div className="slot-paytable__special">
            <SlotSymbolIcon symbol="scatter" className="slot-paytable__icon" />
            <p>
              {t('play.slot.paytable.scatter', {
                pays: scatterPays()
                  .map((pay) => `${pay.count}: ${formatAmount(winAmount(stake, pay.totalBets * BP_PER_X))}`)
                  .join(' · '),
              })}{' '}
              {t('play.slot.paytable.freeSpins', {
                scatters: triggerScatters,
                spins: awarded,
                multiplier: winMultiplier,
              })}
            </p>
          </div>
          <h3>{t('play.slot.paytable.paylines')}</h3>
          <ol className="slot-paytable__lines">
            {SLOT_CONFIG.paylines.map((_, line) => (
              <li key={line}>
                <span>{line + 1}</span>
                <PaylineDiagram line={line} />
              </li>
            ))}
          </ol>
        </div>
      </dialog>
    </div>
  );
}
