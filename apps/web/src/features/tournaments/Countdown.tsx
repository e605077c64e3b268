import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { countdownParts, countdownTarget } from './logic';

/** The current time, ticking every second while mounted. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** "Starts in …" / "Ends in …" ticking each second, or the end date of a finished tournament. */
export function Countdown({
  tournament,
  onElapsed,
}: {
  tournament: { state: number; startAt: string; endAt: string };
  /** Called once when the counted time has come (the page refetches the new state). */
  onElapsed?: () => void;
}) {
  const { t, i18n } = useTranslation('layout');
  const now = useNow();
  const target = countdownTarget(tournament);
  const elapsed = target.key !== 'endedOn' && new Date(target.at).getTime() <= now;
  useEffect(() => {
    if (elapsed) onElapsed?.();
  }, [elapsed, onElapsed]);
  if (target.key === 'endedOn') {
    return (
      <time className="tournament-countdown" dateTime={target.at}>
        {t('pages.tournaments.endedOn', { date: formatDateTime(target.at, i18n.language) ?? '' })}
      </time>
    );
  }
  const parts = countdownParts(target.at, now);
  const pad = (value: number) => String(value).padStart(2, '0');
  const time =
    parts.days > 0
      ? t('pages.tournaments.countdownDays', { days: parts.days, hours: parts.hours, minutes: pad(parts.minutes) })
      : t('pages.tournaments.countdownHours', {
          hours: parts.hours,
          minutes: pad(parts.minutes),
          seconds: pad(parts.seconds),
        });
  return (
    <time className="tournament-countdown" dateTime={target.at} data-testid="tournament-countdown">
      {t(`pages.tournaments.${target.key}`, { time })}
    </time>
  );
}
