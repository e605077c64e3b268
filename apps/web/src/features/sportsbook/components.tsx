import {
  ODDS_FORMATS,
  type OddsFormat,
  type SportsbookEventSummary,
  type SportsbookMarket,
  type SportsbookOutcome,
} from '@croupier/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { formatDateTime } from '../../lib/format';
import { clockTime, displayOdds, outcomeName, periodKey, scoreBySide } from './logic';

type EventLike = Pick<SportsbookEventSummary, 'sport' | 'home' | 'away' | 'startsAt' | 'status' | 'score' | 'clock'>;

/** The odds format selector (a native select: keyboard and screen readers as the platform does them). */
export function OddsFormatSelect({ format, onChange }: { format: OddsFormat; onChange: (format: OddsFormat) => void }) {
  const { t } = useTranslation('layout');
  const id = useId();
  return (
    <div className="sb-format">
      <label htmlFor={id}>{t('pages.betting.oddsFormat')}</label>
      <select
        id={id}
        value={format}
        onChange={(event) => onChange(ODDS_FORMATS.find((value) => value === event.target.value) ?? format)}
      >
        {ODDS_FORMATS.map((value) => (
          <option key={value} value={value}>
            {t(`pages.betting.formats.${value}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** An outcome's name as shown (a competitor, a translated label, or a correct score as it is). */
export function OutcomeLabel({
  outcome,
  market,
  event,
}: {
  outcome: SportsbookOutcome;
  market: SportsbookMarket;
  event: Pick<SportsbookEventSummary, 'home' | 'away'>;
}) {
  const { t } = useTranslation('layout');
  const name = outcomeName(outcome.key, market, event);
  if (name.kind === 'text') return <>{name.text}</>;
  const text = name.kind === 'name' ? name.name : t(`pages.betting.outcomes.${name.label}`);
  return <>{name.line === undefined ? text : `${text} ${name.line}`}</>;
}

/**
 * An outcome's price. It does nothing yet (the bet slip comes later) but is focusable;
 * a suspended market or an inactive outcome has the disabled look (`aria-disabled`).
 */
export function OddsButton({
  outcome,
  market,
  event,
  format,
}: {
  outcome: SportsbookOutcome;
  market: SportsbookMarket;
  event: Pick<SportsbookEventSummary, 'home' | 'away'>;
  format: OddsFormat;
}) {
  const unavailable = market.status === 'suspended' || !outcome.active;
  return (
    <button type="button" className="sb-odds" aria-disabled={unavailable || undefined} data-outcome={outcome.key}>
      <span className="sb-odds__label">
        <OutcomeLabel outcome={outcome} market={market} event={event} />
      </span>
      <span className="sb-odds__price">{displayOdds(outcome.oddsMilli, format)}</span>
    </button>
  );
}

/** "Live · 2nd half 67'" or the local start time. */
export function EventStatus({ event }: { event: EventLike }) {
  const { t, i18n } = useTranslation('layout');
  if (event.status === 'scheduled') {
    return (
      <time className="sb-status" dateTime={event.startsAt}>
        {formatDateTime(event.startsAt, i18n.language)}
      </time>
    );
  }
  if (event.status !== 'live') return <span className="sb-status">{t(`pages.betting.statuses.${event.status}`)}</span>;
  const clock = event.clock;
  const period = clock
    ? t(`pages.betting.periods.${periodKey(event.sport.key, clock.period)}`, {
        number: event.sport.key === 'basketball' && clock.period > 4 ? clock.period - 4 : clock.period,
      })
    : null;
  const time = clock ? clockTime(event.sport.key, clock.seconds) : null;
  return (
    <span className="sb-status sb-status--live">
      <span className="sb-live">{t('pages.betting.live')}</span>
      {period ? <span>{period}</span> : null}
      {time ? <span>{time}</span> : null}
      {clock && !clock.running ? <span>{t('pages.betting.break')}</span> : null}
    </span>
  );
}

/** The two competitors, each with its score when there is one. */
export function Competitors({ event, link }: { event: EventLike & { id: string }; link?: boolean }) {
  const { localePath } = useLocale();
  const score = event.score ? scoreBySide(event.score) : null;
  const names = (
    <>
      <span className="sb-competitor">
        <span>{event.home.name}</span>
        {score ? <span className="sb-score">{score.home}</span> : null}
      </span>
      <span className="sb-competitor">
        <span>{event.away.name}</span>
        {score ? <span className="sb-score">{score.away}</span> : null}
      </span>
    </>
  );
  if (!link) return <div className="sb-competitors">{names}</div>;
  return (
    <Link className="sb-competitors" to={localePath(`/betting/event/${encodeURIComponent(event.id)}`)}>
      {names}
    </Link>
  );
}

/** A listed event: status or start, competitors with score, the main market's odds. */
export function EventRow({ event, format }: { event: SportsbookEventSummary; format: OddsFormat }) {
  const { t } = useTranslation('layout');
  const market = event.mainMarket;
  return (
    <li className="sb-event" data-testid="sb-event">
      <div className="sb-event__info">
        <EventStatus event={event} />
        <Competitors event={event} link />
      </div>
      {market ? (
        <div className="sb-event__odds" role="group" aria-label={t(`pages.betting.marketTypes.${market.type}`)}>
          {market.outcomes.map((outcome) => (
            <OddsButton key={outcome.id} outcome={outcome} market={market} event={event} format={format} />
          ))}
        </div>
      ) : (
        <p className="sb-event__none">{t('pages.betting.noMarket')}</p>
      )}
    </li>
  );
}
