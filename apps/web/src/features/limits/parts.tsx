import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownTickMs, timeLeft } from './logic';

/**
 * A countdown to `until` ("less than one day left (5 h 12 min)" or "1 d 3 h left"). It
 * re-renders every minute (every second in its last minute) and calls `onOver` once the
 * moment has passed, so that the page can reload what changed then.
 */
export function Countdown({ until, onOver }: { until: string | null; onOver?: () => void }) {
  const { t } = useTranslation('layout');
  const [now, setNow] = useState(() => Date.now());
  const left = timeLeft(until, now);
  const tick = countdownTickMs(left);
  const over = useEffectEvent(() => onOver?.());

  useEffect(() => {
    if (tick === null) {
      over();
      return undefined;
    }
    const timer = setTimeout(() => setNow(Date.now()), tick);
    return () => clearTimeout(timer);
  }, [tick, now]);

  if (left.over) return null;
  return (
    <span className="limits__countdown" data-less-than-day={left.lessThanDay ? '' : undefined}>
      {left.lessThanDay
        ? t('profile.limits.lessThanDay', { hours: left.hours, minutes: left.minutes })
        : t('profile.limits.timeLeft', { days: left.days, hours: left.hours })}
    </span>
  );
}

/** A bar of the share used (0–100), named for screen readers by `label`. */
export function UsageMeter({ percent, label }: { percent: number; label: string }) {
  const level = percent >= 100 ? 'full' : percent >= 80 ? 'high' : 'ok';
  return (
    <div
      className="limits__meter"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label}
      data-level={level}
    >
      <span className="limits__meter-bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
