import { PLINKO_RISKS, plinkoPaytable } from '@croupier/games';
import { useEffect, useEffectEvent, useId, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardProps, ControlsProps } from '../../types';
import {
  ballPoints,
  ballPositionAt,
  bucketCentre,
  bucketHue,
  formatPlinkoMultiplier,
  parsePlinkoOutcome,
  parsePlinkoParams,
  pegPositions,
  plinkoGeometry,
  PLINKO_ROW_CHOICES,
  isPlinkoRisk,
  type PlinkoParams,
} from './logic';
import './plinko.css';

/** Bold digits are about 0.6 em wide, separators half that: the largest size (≤ 15) that fits `width`. */
function labelFontSize(text: string, width: number): number {
  const ems = [...text].reduce((sum, char) => sum + (char === '.' || char === ',' ? 0.32 : 0.62), 0);
  return Math.min(15, width / ems);
}

/** How long the ball takes from one peg to the next. */
const HOP_MS = 140;

export function PlinkoBoard({ params, round, ctx }: BoardProps<PlinkoParams>) {
  const { t, i18n } = useTranslation('global-components');
  const gradientId = useId();
  const ballRef = useRef<SVGCircleElement>(null);
  const settledFor = useRef<string | null>(null);
  const [landedId, setLandedId] = useState<string | null>(null);

  const outcome = round ? parsePlinkoOutcome(round.outcome) : null;
  const played = round ? parsePlinkoParams(round.params, params) : params;
  // The round is shown while the board still has its rows and risk (a change of either clears it).
  const shown =
    round &&
    outcome &&
    played.rows === params.rows &&
    played.risk === params.risk &&
    outcome.path.length === params.rows
      ? { round, outcome }
      : null;
  const geometry = plinkoGeometry(params.rows);
  const table = plinkoPaytable(params);
  const pegs = pegPositions(geometry);
  const landed = shown !== null && (ctx.reducedMotion || landedId === shown.round.id);

  // The frame plays the bet and win sounds; the board adds a tick per peg.
  const finish = useEffectEvent((roundId: string) => {
    if (settledFor.current === roundId) return;
    settledFor.current = roundId;
    ctx.settled();
  });
  const tick = useEffectEvent(() => ctx.sound('tick'));

  const shownId = shown?.round.id ?? null;
  const shownPath = shown?.outcome.path;
  const reducedMotion = ctx.reducedMotion;
  // A round the board cannot show (an outcome of another shape) is settled at once.
  const unshownId = round && !shown ? round.id : null;
  useEffect(() => {
    if (unshownId !== null) finish(unshownId);
  }, [unshownId]);

  useEffect(() => {
    if (shownId === null || !shownPath || settledFor.current === shownId) return;
    if (reducedMotion) {
      finish(shownId);
      return;
    }
    const points = ballPoints(plinkoGeometry(shownPath.length), shownPath);
    const hops = points.length - 1;
    const durationMs = hops * HOP_MS;
    let frame = 0;
    let startedAt: number | null = null;
    let lastHop = 0;
    const step = (now: number) => {
      startedAt ??= now;
      const progress = Math.min(1, (now - startedAt) / durationMs);
      const at = ballPositionAt(points, progress);
      const ball = ballRef.current;
      if (ball) {
        ball.setAttribute('cx', at.x.toFixed(2));
        ball.setAttribute('cy', at.y.toFixed(2));
      }
      const hop = Math.floor(progress * hops);
      if (hop > lastHop && hop < hops) tick();
      lastHop = hop;
      if (progress < 1) {
        frame = requestAnimationFrame(step);
        return;
      }
      setLandedId(shownId);
      finish(shownId);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [shownId, shownPath, reducedMotion]);

  const locale = i18n.language;
  const label = (multiplierBp: number) => `${formatPlinkoMultiplier(multiplierBp, locale)}×`;
  // The ball falls from above the board; once it has landed the lit bucket shows where.
  const ballStart = shown && !landed ? ballPoints(geometry, shown.outcome.path)[0] : undefined;
  const summary = shown && landed ? t('play.plinko.landed', { multiplier: label(shown.outcome.multiplierBp) }) : '';

  return (
    <div className="plinko-board">
      <svg
        className="plinko-board__svg"
        viewBox={`0 0 ${geometry.width} ${geometry.height}`}
        role="img"
        aria-label={t('play.plinko.boardLabel', { rows: params.rows, risk: t(`play.plinko.risk.${params.risk}`) })}
      >
        <defs>
          <radialGradient id={gradientId} cx="35%" cy="35%" r="65%">
            <stop offset="0%" stopColor="#fff6cf" />
            <stop offset="55%" stopColor="#ffcf4d" />
            <stop offset="100%" stopColor="#f08a24" />
          </radialGradient>
        </defs>
        {pegs.map((peg, i) => (
          <circle key={i} className="plinko-board__peg" cx={peg.x} cy={peg.y} r={geometry.pegRadius} />
        ))}
        {table.map((multiplierBp, bucket) => {
          const centre = bucketCentre(geometry, bucket);
          const hit = landed && shown.outcome.bucket === bucket;
          const text = formatPlinkoMultiplier(multiplierBp, locale);
          const width = geometry.gap - 4;
          return (
            <g
              key={`${params.rows}-${params.risk}-${bucket}`}
              className={hit ? 'plinko-board__bucket is-hit' : 'plinko-board__bucket'}
              style={{ '--bucket-hue': bucketHue(multiplierBp, table) } as CSSProperties}
            >
              <rect
                x={centre.x - width / 2}
                y={geometry.bucketTop}
                width={width}
                height={geometry.bucketHeight}
                rx={6}
              />
              <text
                x={centre.x}
                y={centre.y}
                dominantBaseline="central"
                textAnchor="middle"
                fontSize={labelFontSize(`${text}×`, width - 4)}
              >
                {text}×
              </text>
            </g>
          );
        })}
        {shown && ballStart && (
          <circle
            key={shown.round.id}
            ref={ballRef}
            className="plinko-board__ball"
            cx={ballStart.x}
            cy={ballStart.y}
            r={geometry.ballRadius}
            fill={`url(#${gradientId})`}
          />
        )}
      </svg>
      <p className="visually-hidden" aria-live="polite">
        {summary}
      </p>
    </div>
  );
}

export function PlinkoControls(props: ControlsProps<PlinkoParams>) {
  const { params, disabled } = props;
  const { t } = useTranslation('global-components');
  const rowsId = useId();
  return (
    <div className="plinko-controls">
      <div className="plinko-controls__field">
        <label htmlFor={rowsId}>{t('play.plinko.rows')}</label>
        <select
          id={rowsId}
          value={params.rows}
          disabled={disabled}
          onChange={(event) => props.onChange({ ...params, rows: Number(event.target.value) })}
        >
          {PLINKO_ROW_CHOICES.map((rows) => (
            <option key={rows} value={rows}>
              {rows}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="plinko-controls__risk" disabled={disabled}>
        <legend>{t('play.plinko.riskLabel')}</legend>
        <div className="plinko-controls__segments">
          {PLINKO_RISKS.map((risk) => (
            <label key={risk} className="plinko-controls__segment">
              <input
                type="radio"
                name={`${rowsId}-risk`}
                value={risk}
                checked={params.risk === risk}
                onChange={(event) => {
                  if (isPlinkoRisk(event.target.value)) props.onChange({ ...params, risk: event.target.value });
                }}
              />
              <span>{t(`play.plinko.risk.${risk}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
