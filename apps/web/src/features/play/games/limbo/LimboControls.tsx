import { LIMBO, limboChancePercent, type LimboParams } from '@croupier/games';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHundredths, formatPercent } from '../../../../lib/format';
import type { ControlsProps } from '../../types';
import { hundredthsInputText as asText } from '../../logic';
import { clampLimboTarget, parseMultiplier } from './logic';

/** The target multiplier, its win chance and what it pays. */
export function LimboControls({ params, onChange, disabled, stake, formatAmount }: ControlsProps<LimboParams>) {
  const { t, i18n } = useTranslation('global-components');
  const id = useId();
  const [text, setText] = useState(asText(params.targetHundredths));
  // ½ and 2× change the target too: the typed text follows it.
  const [shownTarget, setShownTarget] = useState(params.targetHundredths);
  if (shownTarget !== params.targetHundredths) {
    setShownTarget(params.targetHundredths);
    setText(asText(params.targetHundredths));
  }
  const commit = () => {
    const parsed = parseMultiplier(text);
    const target = Number.isNaN(parsed) ? params.targetHundredths : clampLimboTarget(parsed);
    setText(asText(target));
    if (target !== params.targetHundredths) onChange({ targetHundredths: target });
  };
  const locale = i18n.language;
  return (
    <div className="play-controls">
      <div className="play-field">
        <label htmlFor={id} className="play-field__label">
          {t('play.limbo.target', {
            min: formatHundredths(LIMBO.minTargetHundredths, locale),
            max: formatHundredths(LIMBO.maxTargetHundredths, locale),
          })}
        </label>
        <div className="play-stake">
          <input
            id={id}
            className="play-input play-stake__input"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            disabled={disabled}
            onChange={(event) => setText(event.target.value)}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commit();
            }}
          />
          <button
            type="button"
            className="play-stake__button"
            disabled={disabled}
            aria-label={`½ ${t('play.limbo.lower')}`}
            onClick={() => onChange({ targetHundredths: clampLimboTarget(params.targetHundredths / 2) })}
          >
            ½
          </button>
          <button
            type="button"
            className="play-stake__button"
            disabled={disabled}
            aria-label={`2× ${t('play.limbo.higher')}`}
            onClick={() => onChange({ targetHundredths: clampLimboTarget(params.targetHundredths * 2) })}
          >
            2×
          </button>
        </div>
      </div>
      <dl className="play-stats">
        <div>
          <dt>{t('play.chance')}</dt>
          <dd>{formatPercent(limboChancePercent(params), locale, { minDecimals: 2, maxDecimals: 6 })}</dd>
        </div>
        <div>
          <dt>{t('play.payoutOnWin')}</dt>
          <dd>{formatAmount(Number.isNaN(stake) ? 0 : (stake * params.targetHundredths) / 100)}</dd>
        </div>
      </dl>
    </div>
  );
}
