import type { Tournament } from '@croupier/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { Skeleton } from '../../components/ui/Skeleton';
import { TabPanel, Tabs } from '../../components/ui/Tabs';
import { useLocale } from '../../lib/app-settings';
import { formatNumber } from '../../lib/format';
import { useTournamentList } from './api';
import { Countdown } from './Countdown';
import { TOURNAMENT_TABS, type TournamentTab } from './logic';
import '../../components/ui/layout.css';
import './tournaments.css';

const EMPTY_KEYS: Record<TournamentTab, string> = {
  running: 'pages.tournaments.emptyRunning',
  upcoming: 'pages.tournaments.emptyUpcoming',
  finished: 'pages.tournaments.emptyFinished',
};

export function TournamentCard({ tournament }: { tournament: Tournament }) {
  const { t, i18n } = useTranslation('layout');
  const { localePath } = useLocale();
  return (
    <li className="panel tournament-card" data-testid="tournament-card">
      <div className="card-head">
        <h2 className="tournament-card__title">
          <Link to={localePath(`/tournaments/${tournament.identity}`)}>{tournament.title}</Link>
        </h2>
        {tournament.state === 3 ? <span className="tournament-badge">{t('pages.tournaments.live')}</span> : null}
      </div>
      <Countdown tournament={tournament} />
      {tournament.description ? <p className="tournament-card__text">{tournament.description}</p> : null}
      <p className="muted-note tournament-card__meta">
        {t('pages.tournaments.participants', { count: formatNumber(tournament.participants, i18n.language) })}
      </p>
    </li>
  );
}

/** `/tournaments`: running, upcoming and finished tournaments in tabs (`?tab=`), each with its countdown. */
export function TournamentsPage() {
  const { t } = useTranslation('layout');
  const idBase = useId();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TournamentTab = TOURNAMENT_TABS.find((key) => key === requested) ?? 'running';
  const list = useTournamentList(tab);
  const select = (key: TournamentTab) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === 'running') next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="tournaments">
      <PageHeader title={t('pages.tournaments.title')} description={t('pages.tournaments.description')} />
      <Tabs
        tabs={TOURNAMENT_TABS.map((key) => ({ key, label: t(`pages.tournaments.${key}`) }))}
        selected={tab}
        onSelect={select}
        idBase={idBase}
        label={t('pages.tournaments.title')}
      />
      <TabPanel idBase={idBase} selected={tab} className="tournaments__panel" aria-busy={list.isPending}>
        {list.isError ? (
          <ErrorState onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <ul className="tournaments__grid">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton as="li" key={i} className="panel tournament-card tournament-card--skeleton" />
            ))}
          </ul>
        ) : list.data.data.length === 0 ? (
          <EmptyState text={t(EMPTY_KEYS[tab])} />
        ) : (
          <ul className="tournaments__grid">
            {list.data.data.map((tournament) => (
              <TournamentCard key={tournament.id} tournament={tournament} />
            ))}
          </ul>
        )}
      </TabPanel>
    </div>
  );
}
