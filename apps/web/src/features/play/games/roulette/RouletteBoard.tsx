import { pocketColor } from '@croupier/games';
import type { TFunction } from 'i18next';
import {
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../lib/format';
import type { BoardProps, ControlsProps } from '../../types';
import {
  clearChips,
  directionOfKey,
  nextCell,
  parseRouletteOutcome,
  placeChip,
  pocketAngle,
  POCKET_DEGREES,
  rememberPlayed,
  removeChip,
  repeatLast,
  spotTotals,
  spotWins,
  tableCells,
  totalOfChips,
  undoChip,
  verticalPlacement,
  WHEEL_ORDER,
  type RouletteParams,
  type TableCell,
} from './logic';
import './roulette.css';
import { Button } from '../../../../components/ui/Button';

const SPIN_MS = 3600;
const CELLS = tableCells();

type Translate = TFunction<'global-components'>;

/** What a spot is called (its accessible name and, for outside bets, its label). */
function spotName(t: Translate, spot: string): string {
  const [type = '', rest = ''] = spot.split(':');
  if (type === 'straight') {
    const n = Number(rest);
    return t('play.roulette.numberName', { number: n, color: t(`play.roulette.color.${pocketColor(n)}`) });
  }
  if (type === 'dozen') return t(`play.roulette.spot.dozen${rest}`);
  if (type === 'column') return t('play.roulette.spot.column', { index: rest });
  return t(`play.roulette.spot.${type}`);
}

/** What a cell shows: its number, a short label, or nothing for red and black (drawn as diamonds). */
function shortLabel(t: Translate, spot: string, number: number | null, name: string): string {
  if (number !== null) return String(number);
  if (spot === 'red' || spot === 'black') return '';
  if (spot.startsWith('column:')) return t('play.roulette.spot.columnShort');
  return name;
}

function compactAmount(locale: string, amount: number): string {
  return formatNumber(amount, locale, { maxDecimals: 2, compact: true });
}

function cellStyle(cell: TableCell): CSSProperties {
  const vertical = verticalPlacement(cell);
  return {
    '--h-row': cell.row,
    '--h-rows': cell.rowSpan,
    '--h-col': cell.col,
    '--h-cols': cell.colSpan,
    '--v-row': vertical.row,
    '--v-rows': vertical.rowSpan,
    '--v-col': vertical.col,
    '--v-cols': vertical.colSpan,
  } as CSSProperties;
}

/** An annular sector of the wheel, centred on the top, `degrees` wide. */
function sectorPath(inner: number, outer: number, degrees: number): string {
  const half = (degrees / 2) * (Math.PI / 180);
  const sx = Math.sin(half);
  const cy = Math.cos(half);
  const p = (r: number, side: number) => `${(side * r * sx).toFixed(3)} ${(-r * cy).toFixed(3)}`;
  return `M ${p(outer, -1)} A ${outer} ${outer} 0 0 1 ${p(outer, 1)} L ${p(inner, 1)} A ${inner} ${inner} 0 0 0 ${p(inner, -1)} Z`;
}

const POCKET_PATH = sectorPath(62, 100, POCKET_DEGREES);

function Wheel({
  pocket,
  spinKey,
  reducedMotion,
  onStopped,
  label,
}: {
  pocket: number | null;
  spinKey: string | null;
  reducedMotion: boolean;
  onStopped: (key: string) => void;
  label: string;
}) {
  const wheelRef = useRef<SVGGElement>(null);
  const ballRef = useRef<SVGGElement>(null);
  const ballInnerRef = useRef<SVGCircleElement>(null);
  const restAngle = pocket === null ? 0 : -pocketAngle(pocket);
  const stopped = useEffectEvent((key: string) => onStopped(key));
  const fromAngle = useRef(0);

  // A layout effect: the animation must start before the wheel is painted at its resting angle.
  useLayoutEffect(() => {
    const wheel = wheelRef.current;
    if (spinKey === null || !wheel) return;
    const from = fromAngle.current;
    fromAngle.current = restAngle;
    // Reduced motion, or a browser without the Web Animations API (tests): show the pocket at once.
    if (reducedMotion || typeof wheel.animate !== 'function') {
      stopped(spinKey);
      return;
    }
    // Clockwise, at least three turns, ending with the pocket under the marker.
    let to = restAngle;
    while (to < from + 1080) to += 360;
    const easing = 'cubic-bezier(0.15, 0.6, 0.2, 1)';
    const spin = wheel.animate([{ transform: `rotate(${from}deg)` }, { transform: `rotate(${to}deg)` }], {
      duration: SPIN_MS,
      easing,
    });
    const orbit = ballRef.current?.animate([{ transform: 'rotate(0deg)' }, { transform: 'rotate(-1440deg)' }], {
      duration: SPIN_MS - 300,
      easing,
    });
    const drop = ballInnerRef.current?.animate(
      [{ transform: 'translateY(-24px)' }, { transform: 'translateY(-24px)', offset: 0.7 }, { transform: 'none' }],
      { duration: SPIN_MS - 300, easing: 'ease-in' },
    );
    let cancelled = false;
    spin.finished.then(
      () => {
        if (!cancelled) stopped(spinKey);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      spin.cancel();
      orbit?.cancel();
      drop?.cancel();
    };
  }, [spinKey, restAngle, reducedMotion]);

  return (
    <svg className="roulette-wheel" viewBox="-112 -112 224 224" role="img" aria-label={label}>
      <circle r={110} className="roulette-wheel__rim" />
      <g ref={wheelRef} className="roulette-wheel__rotor" style={{ transform: `rotate(${restAngle}deg)` }}>
        {WHEEL_ORDER.map((n, i) => (
          <g key={n} transform={`rotate(${i * POCKET_DEGREES})`}>
            <path d={POCKET_PATH} className={`roulette-wheel__pocket is-${pocketColor(n)}`} />
            <text y={-88} className="roulette-wheel__number" textAnchor="middle" dominantBaseline="central">
              {n}
            </text>
          </g>
        ))}
        <circle r={62} className="roulette-wheel__cone" />
        <circle r={30} className="roulette-wheel__hub" />
        <path d="M0 -26 L4 0 L0 26 L-4 0 Z M-26 0 L0 4 L26 0 L0 -4 Z" className="roulette-wheel__turret" />
      </g>
      <path d="M -7 -111 L 7 -111 L 0 -99 Z" className="roulette-wheel__marker" />
      {pocket !== null && (
        <g ref={ballRef} className="roulette-wheel__orbit">
          <circle ref={ballInnerRef} cy={-70} r={6} className="roulette-wheel__ball" />
        </g>
      )}
    </svg>
  );
}

export function RouletteBoard(props: BoardProps<RouletteParams>) {
  const { params, round, ctx, disabled, stake } = props;
  const { t, i18n } = useTranslation('global-components');
  const hintId = useId();
  const [landedId, setLandedId] = useState<string | null>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const settledFor = useRef<string | null>(null);

  const outcome = round ? parseRouletteOutcome(round.outcome) : null;
  const shownId = round && outcome ? round.id : null;
  const landed = shownId !== null && (ctx.reducedMotion || landedId === shownId);
  const pocket = landed && outcome ? outcome.pocket : null;
  const totals = spotTotals(params.chips);
  const locale = i18n.language;

  const remember = useEffectEvent(() => {
    const next = rememberPlayed(params);
    if (next !== params) props.onChange(next);
  });
  useEffect(() => {
    if (shownId === null || settledFor.current === shownId) return;
    remember();
  }, [shownId]);

  // A round the board cannot show (an outcome of another shape) is settled at once.
  const unshownId = round && !outcome ? round.id : null;
  const settleUnshown = useEffectEvent((id: string) => {
    if (settledFor.current === id) return;
    settledFor.current = id;
    ctx.settled();
  });
  useEffect(() => {
    if (unshownId !== null) settleUnshown(unshownId);
  }, [unshownId]);

  const onStopped = (key: string) => {
    if (settledFor.current === key || !round || round.id !== key) return;
    settledFor.current = key;
    setLandedId(key);
    // The frame plays the win or loss sound once settled.
    ctx.settled();
  };

  const place = (spot: string) => {
    if (disabled) return;
    const next = placeChip(params, spot, stake);
    if (next !== params) {
      ctx.sound('tick');
      props.onChange(next);
    }
  };
  const remove = (spot: string) => {
    if (disabled) return;
    props.onChange(removeChip(params, spot));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const cell = CELLS[index];
    if (!cell) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(cell.spot);
      return;
    }
    const direction = directionOfKey(event.key);
    if (!direction) return;
    event.preventDefault();
    const rects = buttons.current.map((button) => {
      const box = button?.getBoundingClientRect();
      return { left: box?.left ?? 0, top: box?.top ?? 0, width: box?.width ?? 0, height: box?.height ?? 0 };
    });
    const next = nextCell(rects, index, direction);
    if (next !== null) {
      setFocusIndex(next);
      buttons.current[next]?.focus();
    }
  };

  const wheelLabel =
    pocket === null
      ? t('play.roulette.wheel')
      : t('play.roulette.pocket', { number: pocket, color: t(`play.roulette.color.${pocketColor(pocket)}`) });
  let summary = '';
  if (round && pocket !== null) {
    summary =
      round.payout > 0
        ? `${wheelLabel}. ${t('play.roulette.won', { amount: ctx.formatAmount(round.payout) })}`
        : wheelLabel;
  }

  return (
    <div className="roulette-board">
      <div className="roulette-board__wheel">
        <Wheel
          pocket={outcome ? outcome.pocket : null}
          spinKey={shownId}
          reducedMotion={ctx.reducedMotion}
          onStopped={onStopped}
          label={wheelLabel}
        />
        <p
          className={
            pocket === null ? 'roulette-board__result is-empty' : `roulette-board__result is-${pocketColor(pocket)}`
          }
          aria-hidden="true"
        >
          {pocket === null ? '\u00a0' : pocket}
        </p>
      </div>
      <div className="roulette-board__layout">
        <div
          className="roulette-table"
          role="group"
          aria-label={t('play.roulette.table')}
          aria-describedby={hintId}
          data-landed={pocket === null ? undefined : 'true'}
        >
          {CELLS.map((cell, index) => {
            const amount = totals.get(cell.spot);
            const wins = pocket !== null && spotWins(cell.spot, pocket);
            const number = cell.spot.startsWith('straight:') ? Number(cell.spot.slice(9)) : null;
            const name = spotName(t, cell.spot);
            const classes = ['roulette-table__cell', `is-${cell.spot.split(':')[0]}`];
            if (number !== null) classes.push(`is-${pocketColor(number)}`);
            if (wins) classes.push('is-winning');
            return (
              <button
                key={cell.spot}
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                type="button"
                className={classes.join(' ')}
                style={cellStyle(cell)}
                tabIndex={index === focusIndex ? 0 : -1}
                aria-disabled={disabled || undefined}
                aria-label={
                  amount === undefined
                    ? name
                    : `${name}, ${t('play.roulette.onSpot', { amount: ctx.formatAmount(amount) })}`
                }
                onFocus={() => setFocusIndex(index)}
                onClick={(event) => (event.shiftKey || event.altKey ? remove(cell.spot) : place(cell.spot))}
                onContextMenu={(event) => {
                  event.preventDefault();
                  remove(cell.spot);
                }}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <span className="roulette-table__label" aria-hidden="true">
                  {shortLabel(t, cell.spot, number, name)}
                </span>
                {amount !== undefined && (
                  <span className="roulette-table__chip" aria-hidden="true">
                    {compactAmount(locale, amount)}
                  </span>
                )}
              </button>
            );
          })}
        </div>
        <p id={hintId} className="roulette-board__hint">
          {t('play.roulette.hint', { amount: ctx.formatAmount(stake) })}
        </p>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {summary}
      </p>
    </div>
  );
}

export function RouletteControls(props: ControlsProps<RouletteParams>) {
  const { params, disabled, stake } = props;
  const formatAmount = (major: number) => props.formatAmount(major);
  const onChange = (next: RouletteParams) => props.onChange(next);
  const { t } = useTranslation('global-components');
  return (
    <div className="roulette-controls">
      <dl className="roulette-controls__figures">
        <div>
          <dt>{t('play.roulette.chipValue')}</dt>
          <dd>{formatAmount(stake)}</dd>
        </div>
        <div>
          <dt>{t('play.roulette.onTable')}</dt>
          <dd>{formatAmount(totalOfChips(params.chips))}</dd>
        </div>
      </dl>
      <div className="roulette-controls__buttons">
        <Button
          variant="ghost"

          disabled={disabled || params.chips.length === 0}
          onClick={() => onChange(undoChip(params))}
        >
          {t('play.roulette.undo')}
        </Button>
        <Button
          variant="ghost"

          disabled={disabled || params.chips.length === 0}
          onClick={() => onChange(clearChips(params))}
        >
          {t('play.roulette.clear')}
        </Button>
        <Button
          variant="ghost"

          disabled={disabled || params.last.length === 0}
          onClick={() => onChange(repeatLast(params))}
        >
          {t('play.roulette.repeat')}
        </Button>
      </div>
    </div>
  );
}
