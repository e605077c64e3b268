import type { Sport } from '@croupier/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { Skeleton } from '../../components/ui/Skeleton';
import { TabPanel, Tabs } from '../../components/ui/Tabs';
import { useLocale } from '../../lib/app-settings';
import { useEventPages, useSports } from './api';
import { SportsbookFrame } from './BettingPanel';
import { useLiveEventList } from './live';
import { EventRow, OddsFormatSelect } from './components';
import { defaultStatus, EVENT_STATUSES, groupByCompetition, type EventListStatus } from './logic';
import { useOddsFormat } from './odds-format';
import '../../components/ui/layout.css';
import './sportsbook.css';

/** The sports as links (`?sport=`), "all sports" first, each with its live and upcoming counts. */
function SportsNav({ sports, selected }: { sports: readonly Sport[]; selected: string | null }) {
  const { t } = useTranslation('layout');
  const { localePath } = useLocale();
  const [params] = useSearchParams();
  const hrefOf = (sportKey: string | null) => {
    const next = new URLSearchParams(params);
    if (sportKey) next.set('sport', sportKey);
    else next.delete('sport');
    next.delete('status');
    const query = next.toString();
    return localePath(`/betting${query ? `?${query}` : ''}`);
  };
  const totals = sports.reduce(
    (sum, sport) => ({ live: sum.live + sport.liveEvents, upcoming: sum.upcoming + sport.upcomingEvents }),
    { live: 0, upcoming: 0 },
  );
  const items = [
    { key: null, name: t('pages.betting.allSports'), live: totals.live, upcoming: totals.upcoming },
    ...sports.map((sport) => ({
      key: sport.key,
      name: sport.name,
      live: sport.liveEvents,
      upcoming: sport.upcomingEvents,
    })),
  ];
  return (
    <nav className="sb-sports" aria-label={t('pages.betting.sports')}>
      <ul className="stack-list">
        {items.map((item) => (
          <li key={item.key ?? 'all'}>
            <Link
              to={hrefOf(item.key)}
              className="sb-sports__link"
              aria-current={item.key === selected ? 'page' : undefined}
            >
              <span className="sb-sports__name">{item.name}</span>
              <span className="sb-sports__counts">
                {item.live > 0 ? (
                  <span className="sb-live-count">{t('pages.betting.liveCount', { count: item.live })}</span>
                ) : null}
                <span>{t('pages.betting.upcomingCount', { count: item.upcoming })}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ListSkeleton() {
  return (
    <ul className="stack-list">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton as="li" key={i} className="panel sb-event sb-event--skeleton" />
      ))}
    </ul>
  );
}

function EventList({ sportKey, status }: { sportKey: string | null; status: EventListStatus }) {
  const { t } = useTranslation('layout');
  const [format] = useOddsFormat();
  const [pageCount, setPageCount] = useState(1);
  const pages = useEventPages(sportKey, status, pageCount);
  const first = pages[0];
  const last = pages.at(-1);
  if (!first || !last) return null;
  if (first.isError) return <ErrorState onRetry={() => void first.refetch()} />;
  if (first.isPending) return <ListSkeleton />;
  const all = pages.flatMap((page) => page.data?.data ?? []);
  if (all.length === 0) return <EmptyState text={t(`pages.betting.empty.${status}`)} />;
  const hasMore = last.data !== undefined && last.data.meta.page < last.data.meta.totalPages;
  return (
    <>
      {groupByCompetition(all).map((group) => (
        <section key={group.competitionId} className="sb-competition" aria-labelledby={`sb-c-${group.competitionId}`}>
          <h2 className="sb-competition__title" id={`sb-c-${group.competitionId}`}>
            {group.name}
            <span className="sb-competition__region">{group.region}</span>
          </h2>
          <ul className="stack-list">
            {group.events.map((event) => (
              <EventRow key={event.id} event={event} format={format} />
            ))}
          </ul>
        </section>
      ))}
      {last.isError ? <ErrorState onRetry={() => void last.refetch()} /> : null}
      {hasMore || last.isPending ? (
        <div className="sb-more">
          <Button variant="ghost" onClick={() => setPageCount(pageCount + 1)} disabled={last.isPending}>
            {t('pages.betting.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** `/betting`: the sports, a live / upcoming switch and the events by competition (`?sport=&status=`). */
export function SportsbookPage() {
  const { t } = useTranslation('layout');
  const idBase = useId();
  const [params, setParams] = useSearchParams();
  const [format, setFormat] = useOddsFormat();
  const sports = useSports();
  useLiveEventList();
  const sportKey = params.get('sport');
  const requested = params.get('status');
  const status: EventListStatus =
    EVENT_STATUSES.find((key) => key === requested) ?? defaultStatus(sports.data, sportKey);
  const select = (key: EventListStatus) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('status', key);
        return next;
      },
      { replace: true },
    );
  return (
    <SportsbookFrame>
      <div className="sportsbook">
        <PageHeader title={t('pages.betting.title')} description={t('pages.betting.description')} />
        <div className="sportsbook__layout">
          <aside className="sportsbook__aside">
            {sports.isError ? (
              <ErrorState onRetry={() => void sports.refetch()} />
            ) : sports.isPending ? (
              <Skeleton as="div" className="sb-sports sb-sports--skeleton" />
            ) : (
              <SportsNav sports={sports.data} selected={sportKey} />
            )}
          </aside>
          <div className="sportsbook__main">
            <div className="sportsbook__bar">
              <Tabs
                tabs={EVENT_STATUSES.map((key) => ({ key, label: t(`pages.betting.${key}`) }))}
                selected={status}
                onSelect={select}
                idBase={idBase}
                label={t('pages.betting.status')}
                look="segmented"
              />
              <OddsFormatSelect format={format} onChange={setFormat} />
            </div>
            {/* Wait for the sports before the list: without `?status=` they choose live or upcoming. */}
            <TabPanel idBase={idBase} selected={status} className="sportsbook__panel" aria-busy={sports.isPending}>
              {sports.isPending && !requested ? (
                <ListSkeleton />
              ) : (
                <EventList key={`${sportKey ?? ''}:${status}`} sportKey={sportKey} status={status} />
              )}
            </TabPanel>
          </div>
        </div>
      </div>
    </SportsbookFrame>
  );
}
