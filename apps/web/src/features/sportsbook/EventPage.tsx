import { formatLine, type SportsbookEventDetail, type SportsbookMarket } from '@croupier/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { useLocale } from '../../lib/app-settings';
import { useEvent } from './api';
import { SportsbookFrame } from './BettingPanel';
import { useLiveEvent } from './live';
import { Competitors, EventStatus, OddsButton, OddsFormatSelect } from './components';
import { groupMarketsByType } from './logic';
import { useOddsFormat } from './odds-format';
import '../../components/ui/layout.css';
import './sportsbook.css';

/** What tells two markets of one type apart: the set or map, or the line (none for a single market). */
function marketQualifier(market: SportsbookMarket, t: (key: string, options?: Record<string, unknown>) => string) {
  if (market.number !== null) {
    const unit = market.type === 'set_winner' ? 'set' : 'map';
    return t(`pages.betting.periods.${unit}`, { number: market.number });
  }
  if (market.line !== null) return formatLine(market.line, market.type === 'asian_handicap');
  return null;
}

function Markets({ event }: { event: SportsbookEventDetail }) {
  const { t } = useTranslation('layout');
  const [format] = useOddsFormat();
  if (event.markets.length === 0) return <EmptyState text={t('pages.betting.noMarkets')} />;
  return (
    <div className="sb-markets">
      {groupMarketsByType(event.markets).map((group) => (
        <section key={group.type} className="panel sb-market-group" aria-labelledby={`sb-m-${group.type}`}>
          <h2 className="sb-market-group__title" id={`sb-m-${group.type}`}>
            {t(`pages.betting.marketTypes.${group.type}`)}
          </h2>
          <ul className="stack-list sb-market-group__list">
            {group.markets.map((market) => {
              const qualifier = marketQualifier(market, t);
              return (
                <li key={market.id} className="sb-market" data-testid="sb-market">
                  {qualifier !== null || market.status === 'suspended' ? (
                    <p className="sb-market__head">
                      {qualifier}
                      {market.status === 'suspended' ? (
                        <span className="sb-market__suspended">{t('pages.betting.suspended')}</span>
                      ) : null}
                    </p>
                  ) : null}
                  <div className="sb-market__odds">
                    {market.outcomes.map((outcome) => (
                      <OddsButton key={outcome.id} outcome={outcome} market={market} event={event} format={format} />
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** `/betting/event/{id}`: the event's header (competitors, score, status) and all its markets by type. */
export function SportsbookEventPage() {
  const { t } = useTranslation('layout');
  const { localePath } = useLocale();
  const { eventId = '' } = useParams();
  const [format, setFormat] = useOddsFormat();
  const query = useEvent(eventId);
  useLiveEvent(eventId);
  const event = query.data;
  return (
    <SportsbookFrame>
      <div className="sportsbook sb-event-page">
        <div className="sportsbook__bar">
          <Link className="sb-back" to={localePath(event ? `/betting?sport=${event.sport.key}` : '/betting')}>
            {t('pages.betting.back')}
          </Link>
          <OddsFormatSelect format={format} onChange={setFormat} />
        </div>
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <EmptyState text={t('pages.betting.notFound')} />
        ) : query.isError ? (
          <ErrorState onRetry={() => void query.refetch()} />
        ) : !event ? (
          <div aria-busy="true">
            <Skeleton as="div" className="sb-event-header sb-event-header--skeleton" />
            <Skeleton as="div" className="panel sb-market-group sb-market-group--skeleton" />
          </div>
        ) : (
          <>
            <header className="sb-event-header">
              <p className="sb-event-header__competition">
                {event.sport.name} · {event.competition.name} · {event.competition.region}
              </p>
              <h1 className="sb-event-header__title">
                {t('pages.betting.eventTitle', { home: event.home.name, away: event.away.name })}
              </h1>
              <EventStatus event={event} />
              <Competitors event={event} />
            </header>
            <Markets event={event} />
          </>
        )}
      </div>
    </SportsbookFrame>
  );
}
