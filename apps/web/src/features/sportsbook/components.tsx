import {
  ODDS_FORMATS,
  outcomeName,
  outcomeText,
  type OddsFormat,
  type SportsbookEventSummary,
  type SportsbookMarket,
  type SportsbookOutcome,
} from '@croupier/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Select } from '../../components/ui/Select';
import { useLocale } from '../../lib/app-settings';
import { formatDateTime } from '../../lib/format';
import { clockTime, displayOdds, periodKey, scoreBySide } from './logic';
import { selectionOf, toggleSelection } from './slip';
import { updateSlip, useInSlip } from './slip-store';

type EventLike = Pick<SportsbookEventSummary, 'sport' | 'home' | 'away' | 'startsAt' | 'status' | 'score' | 'clock'>;

/** The odds format selector (a native select: keyboard and screen readers as the platform does them). */
export function OddsFormatSelect({ format, onChange }: { format: OddsFormat; onChange: (format: OddsFormat) => void }) {
  const { t } = useTranslation('layout');
  const id = useId();
  return (
    <div className="sb-format">
      <Select
        id={id}
        size="compact"
        label={t('pages.betting.oddsFormat')}
        value={format}
        onChange={(event) => onChange(ODDS_FORMATS.find((value) => value === event.target.value) ?? format)}
        options={ODDS_FORMATS.map((value) => ({ value, label: t(`pages.betting.formats.${value}`) }))}
      />
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
  const sides = { home: event.home.name, away: event.away.name };
  return <>{outcomeText(outcomeName(outcome.key, market, sides), (key, values) => t(key, values))}</>;
}

/** How long an odds button shows that its price moved (docs/sportsbook.md, "Web"). */
export const ODDS_FLASH_MS = 1000;

/** The direction a price last moved, for about a second after the move; null otherwise. */
function usePriceFlash(oddsMilli: number): 'up' | 'down' | null {
  const previous = useRef(oddsMilli);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    if (previous.current === oddsMilli) return;
    setFlash(oddsMilli > previous.current ? 'up' : 'down');
    previous.current = oddsMilli;
    const timer = setTimeout(() => setFlash(null), ODDS_FLASH_MS);
    return () => clearTimeout(timer);
  }, [oddsMilli]);
  return flash;
}

/**
 * An outcome's price: a toggle that puts the selection on the bet slip or takes it off
 * (`aria-pressed`). A suspended market or an inactive outcome has the disabled look
 * (`aria-disabled`) and adds nothing, though a selection already on the slip can be taken
 * off. A moved price flashes up or down for a second.
 */
export function OddsButton({
  outcome,
  market,
  event,
  format,
}: {
  outcome: SportsbookOutcome;
  market: SportsbookMarket;
  event: Pick<SportsbookEventSummary, 'id' | 'home' | 'away' | 'sport' | 'status'>;
  format: OddsFormat;
}) {
  const { t } = useTranslation('layout');
  const unavailable = market.status === 'suspended' || !outcome.active;
  const selected = useInSlip(outcome.id);
  const flash = usePriceFlash(outcome.oddsMilli);
  const onClick = () => {
    if (unavailable && !selected) return;
    updateSlip((state) => toggleSelection(state, selectionOf(event, market, outcome)));
  };
  const className = ['sb-odds', selected ? 'sb-odds--selected' : '', flash ? `sb-odds--${flash}` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type="button"
      className={className}
      aria-disabled={unavailable || undefined}
      aria-pressed={selected}
      data-outcome={outcome.key}
      data-outcome-id={outcome.id}
      onClick={onClick}
    >
      <span className="sb-odds__label">
        <OutcomeLabel outcome={outcome} market={market} event={event} />
      </span>
      <span className="sb-odds__price">{displayOdds(outcome.oddsMilli, format)}</span>
      {flash ? <span className="visually-hidden">{t(`pages.betting.slip.moved.${flash}`)}</span> : null}
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
    <li className="panel sb-event" data-testid="sb-event">
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
        <p className="muted-note">{t('pages.betting.noMarket')}</p>
      )}
    </li>
  );
}
