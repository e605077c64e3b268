import type { OriginalsRound } from '@croupier/contract';
import type { DiceParams } from '@croupier/games';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardProps } from '../../types';
import { formatHundredths } from '../../../../lib/format';
import { DICE_TARGET, targetAfterKey } from './logic';

/** How long the marker travels to the roll. */
const ROLL_MS = 650;

const rollOf = (round: OriginalsRound) => ({
  roll: Number(round.outcome.rollHundredths),
  win: round.outcome.win === true,
});

/** The 0–100 track with the win zone, the target slider and the roll marker. */
export function DiceBoard({ params, round, ctx, onChange, disabled }: BoardProps<DiceParams>) {
  const { t, i18n } = useTranslation('global-components');
  // The marker travels to the round's roll; the number shows once it lands.
  const [landed, setLanded] = useState<OriginalsRound | null>(null);
  const marker = round ? rollOf(round) : null;
  const shown = landed ? rollOf(landed) : null;

  useEffect(() => {
    if (!round) return;
    ctx.sound('tick');
    const timer = setTimeout(
      () => {
        setLanded(round);
        ctx.settled();
      },
      ctx.reducedMotion ? 0 : ROLL_MS,
    );
    return () => clearTimeout(timer);
    // A new round object is a new roll to show; ctx is stable for the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);

  const style = {
    '--target': `${params.targetHundredths / 100}%`,
    '--roll': `${(marker?.roll ?? 5000) / 100}%`,
    '--roll-ms': ctx.reducedMotion ? '0ms' : `${ROLL_MS}ms`,
  } as CSSProperties;
  return (
    <div className="dice" style={style} data-direction={params.direction}>
      <p className={`dice__result${shown ? (shown.win ? ' dice__result--win' : ' dice__result--loss') : ''}`}>
        <span className="visually-hidden">{t('play.dice.roll')} </span>
        <span aria-live="polite" data-testid="dice-roll">
          {shown ? formatHundredths(shown.roll, i18n.language) : '–'}
        </span>
      </p>
      <div className="dice__track">
        {marker ? <span className="dice__marker" data-win={marker.win} aria-hidden="true" /> : null}
        <input
          type="range"
          className="dice__slider"
          min={DICE_TARGET.min}
          max={DICE_TARGET.max}
          step={1}
          value={params.targetHundredths}
          disabled={disabled}
          aria-label={t('play.dice.slider')}
          aria-valuetext={formatHundredths(params.targetHundredths, i18n.language)}
          onChange={(event) => onChange({ ...params, targetHundredths: Number(event.target.value) })}
          onKeyDown={(event) => {
            const next = targetAfterKey(params.targetHundredths, event.key, event.shiftKey);
            if (next === null) return;
            event.preventDefault();
            if (next !== params.targetHundredths) onChange({ ...params, targetHundredths: next });
          }}
        />
      </div>
      <div className="dice__scale" aria-hidden="true">
        {[0, 25, 50, 75, 100].map((mark) => (
          <span key={mark}>{mark}</span>
        ))}
      </div>
    </div>
  );
}
