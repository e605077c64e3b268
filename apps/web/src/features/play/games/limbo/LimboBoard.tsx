import type { LimboParams } from '@croupier/games';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHundredths } from '../../../../lib/format';
import type { BoardProps } from '../../types';
import { counterAt } from './logic';

const COUNT_MS = 900;

/** The big multiplier counter: it climbs to the result, green when it reaches the target. */
export function LimboBoard({ params, round, ctx }: BoardProps<LimboParams>) {
  const { t, i18n } = useTranslation('global-components');
  const [value, setValue] = useState<number | null>(null);
  const [done, setDone] = useState<{ win: boolean } | null>(null);

  useEffect(() => {
    if (!round) return;
    const result = Number(round.outcome.resultHundredths);
    const win = round.outcome.win === true;
    const finish = () => {
      setValue(result);
      setDone({ win });
      ctx.settled();
    };
    setDone(null);
    if (ctx.reducedMotion) {
      finish();
      return;
    }
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const elapsed = now - start;
      setValue(counterAt(result, elapsed, COUNT_MS));
      if (elapsed >= COUNT_MS) finish();
      else frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
    // A new round object is a new result to show; ctx is stable for the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);

  const hundredths = (value: number) => formatHundredths(value, i18n.language);
  const state = done ? (done.win ? ' limbo__value--win' : ' limbo__value--loss') : '';
  return (
    <div className="limbo">
      <p className={`limbo__value${state}`} aria-hidden="true">
        {hundredths(value ?? 100)}×
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid="limbo-result">
        {done && value !== null
          ? t(done.win ? 'play.limbo.resultWin' : 'play.limbo.resultLoss', { result: hundredths(value) })
          : ''}
      </p>
      <p className="limbo__target">{t('play.limbo.targetShown', { target: hundredths(params.targetHundredths) })}</p>
    </div>
  );
}
