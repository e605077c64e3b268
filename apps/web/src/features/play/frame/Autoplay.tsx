import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTOPLAY_MAX_ROUNDS, clampRounds, parseStake, type AutoplayPlan } from '../logic';
import { useFrame } from './context';
import { Button } from '../../../components/ui/Button';

/** Autoplay's settings and its Start/Stop with a visible counter. */
export function Autoplay(props: {
  progress: { played: number; total: number } | null;
  canStart: boolean;
  onStart(plan: AutoplayPlan): void;
  onStop(): void;
}) {
  const { progress, canStart } = props;
  const { session } = useFrame();
  const { t } = useTranslation('global-components');
  const roundsId = useId();
  const limitId = useId();
  const limitErrorId = useId();
  const [rounds, setRounds] = useState('10');
  const [lossLimit, setLossLimit] = useState('');
  const limit = lossLimit.trim() ? parseStake(lossLimit) : null;
  const limitInvalid = limit !== null && (Number.isNaN(limit) || limit <= 0);
  const running = progress !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running) {
      props.onStop();
      return;
    }
    if (limitInvalid || !canStart) return;
    const count = clampRounds(Number(rounds));
    setRounds(String(count));
    props.onStart({ rounds: count, lossLimit: limit });
  };

  return (
    <form className="play-autoplay" onSubmit={submit} noValidate aria-label={t('play.autoplay.title')}>
      <h2 className="play-autoplay__title">{t('play.autoplay.title')}</h2>
      <div className="play-autoplay__fields">
        <div className="play-field">
          <label htmlFor={roundsId} className="play-field__label">
            {t('play.autoplay.rounds', { max: AUTOPLAY_MAX_ROUNDS })}
          </label>
          <input
            id={roundsId}
            className="play-input"
            type="number"
            inputMode="numeric"
            min={1}
            max={AUTOPLAY_MAX_ROUNDS}
            step={1}
            value={rounds}
            disabled={running}
            onChange={(event) => setRounds(event.target.value)}
            onBlur={() => setRounds(String(clampRounds(Number(rounds))))}
          />
        </div>
        <div className="play-field">
          <label htmlFor={limitId} className="play-field__label">
            {t('play.autoplay.lossLimit')} <span className="play-field__unit">({session.currency})</span>
          </label>
          <input
            id={limitId}
            className="play-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('play.autoplay.optional')}
            value={lossLimit}
            disabled={running}
            aria-invalid={limitInvalid || undefined}
            aria-describedby={limitInvalid ? limitErrorId : undefined}
            onChange={(event) => setLossLimit(event.target.value)}
          />
          {limitInvalid ? (
            <p id={limitErrorId} className="play-field__error">
              {t('play.autoplay.lossLimitInvalid')}
            </p>
          ) : null}
        </div>
      </div>
      <div className="play-autoplay__actions">
        <Button
          type="submit"
          variant={running ? 'primary' : 'ghost'}
          disabled={!running && (!canStart || limitInvalid)}
          data-testid="autoplay-toggle"
        >
          {running ? t('play.autoplay.stop') : t('play.autoplay.start')}
        </Button>
        <p className="play-autoplay__counter" aria-live="polite" data-testid="autoplay-counter">
          {progress ? t('play.autoplay.counter', { played: progress.played, total: progress.total }) : ''}
        </p>
      </div>
    </form>
  );
}
