import { BP_PER_X, diceChancePercent, diceMultiplierBp, type DiceParams } from '@croupier/games';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlsProps } from '../../types';
import { formatHundredths, formatMultiplierBp, formatPercent } from '../../../../lib/format';
import { floorTo } from '../../../../lib/wallet-display';
import { hundredthsInputText } from '../../logic';
import { DICE_TARGET, clampTarget, parseHundredths } from './logic';

/** Direction, target (typed), and what the bet pays. */
export function DiceControls({ params, onChange, disabled, stake, formatAmount }: ControlsProps<DiceParams>) {
  const { t, i18n } = useTranslation('global-components');
  const targetId = useId();
  const [text, setText] = useState(hundredthsInputText(params.targetHundredths));
  // The slider moves the target too: the typed text follows it.
  const [shownTarget, setShownTarget] = useState(params.targetHundredths);
  if (shownTarget !== params.targetHundredths) {
    setShownTarget(params.targetHundredths);
    setText(hundredthsInputText(params.targetHundredths));
  }
  const locale = i18n.language;
  const multiplierBp = diceMultiplierBp(params);
  const commit = () => {
    const parsed = parseHundredths(text);
    const target = Number.isNaN(parsed) ? params.targetHundredths : clampTarget(parsed);
    setText(hundredthsInputText(target));
    if (target !== params.targetHundredths) onChange({ ...params, targetHundredths: target });
  };
  return (
    <div className="play-controls">
      <fieldset className="play-toggle" disabled={disabled}>
        <legend className="play-field__label">{t('play.dice.direction')}</legend>
        {(['under', 'over'] as const).map((direction) => (
          <label key={direction} className="play-toggle__option">
            <input
              type="radio"
              name="dice-direction"
              value={direction}
              checked={params.direction === direction}
              onChange={() => onChange({ ...params, direction })}
            />
            <span>{t(`play.dice.${direction}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="play-field">
        <label htmlFor={targetId} className="play-field__label">
          {t('play.dice.target', {
            min: formatHundredths(DICE_TARGET.min, locale),
            max: formatHundredths(DICE_TARGET.max, locale),
          })}
        </label>
        <input
          id={targetId}
          className="play-input"
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
      </div>
      <dl className="play-stats">
        <div>
          <dt>{t('play.chance')}</dt>
          <dd>{formatPercent(diceChancePercent(params), locale)}</dd>
        </div>
        <div>
          <dt>{t('play.multiplier')}</dt>
          <dd>{formatMultiplierBp(multiplierBp, locale, { minDecimals: 4 })}</dd>
        </div>
        <div>
          <dt>{t('play.payoutOnWin')}</dt>
          <dd>{formatAmount(Number.isNaN(stake) ? 0 : floorTo((stake * multiplierBp) / BP_PER_X, 2))}</dd>
        </div>
      </dl>
    </div>
  );
}
