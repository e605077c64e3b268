import type { TournamentDetail } from '@croupier/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { TextSkeleton } from '../../components/ui/Skeleton';
import { useLocale } from '../../lib/app-settings';
import { formatNumber } from '../../lib/format';
import { ApiError } from '../../lib/api';
import { useSession } from '../auth';
import { useCollections } from '../games';
import { useOpenModal } from '../modals';
import { useParticipate, useTournament } from './api';
import { Countdown } from './Countdown';
import { useLiveTournament, usePlayerId } from './live';
import { betBoundsKey, canJoin, pinnedRow } from './logic';
import '../../components/ui/layout.css';
import './tournaments.css';

function Leaderboard({ detail, playerId }: { detail: TournamentDetail; playerId: string | undefined }) {
  const { t, i18n } = useTranslation('layout');
  const points = (value: number) => formatNumber(value, i18n.language, { maxDecimals: 2 });
  const pinned = pinnedRow(detail.leaderboard, playerId, detail.playerEntry);
  if (detail.leaderboard.length === 0) return <EmptyState as="p" text={t('pages.tournaments.noEntries')} />;
  return (
    <table className="tournament-board" data-testid="tournament-leaderboard">
      <thead>
        <tr>
          <th scope="col">{t('pages.tournaments.place')}</th>
          <th scope="col">{t('pages.tournaments.player')}</th>
          <th scope="col" className="tournament-board__points">
            {t('pages.tournaments.points')}
          </th>
        </tr>
      </thead>
      <tbody>
        {detail.leaderboard.map((row) => {
          const mine = row.playerId === playerId;
          return (
            <tr
              key={row.playerId}
              className={mine ? 'tournament-board__row tournament-board__row--mine' : 'tournament-board__row'}
              data-testid={mine ? 'tournament-my-row' : undefined}
              aria-current={mine ? 'true' : undefined}
            >
              <td>{row.place}</td>
              <td>{mine ? t('pages.tournaments.you') : (row.nickname ?? `#${row.playerId.slice(0, 6)}`)}</td>
              <td className="tournament-board__points">{points(row.points)}</td>
            </tr>
          );
        })}
      </tbody>
      {pinned ? (
        <tfoot>
          <tr className="tournament-board__row tournament-board__row--mine" data-testid="tournament-my-row">
            <td>{pinned.place}</td>
            <td>{t('pages.tournaments.you')}</td>
            <td className="tournament-board__points">{points(pinned.points)}</td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

function Rules({ detail }: { detail: TournamentDetail }) {
  const { t, i18n } = useTranslation('layout');
  const collections = useCollections();
  const names = detail.conditions.gameCollections
    .map((identity) => collections.data?.find((c) => c.identity === identity)?.name ?? identity)
    .join(', ');
  const amount = (value: number | null, currency: string) =>
    value === null ? '' : `${formatNumber(value, i18n.language, { maxDecimals: 8 })} ${currency}`;
  return (
    <section className="panel tournament-section" aria-labelledby="tournament-rules">
      <h2 id="tournament-rules">{t('pages.tournaments.rules')}</h2>
      {detail.description ? <p>{detail.description}</p> : null}
      <ul className="tournament-rules">
        <li>{t(`pages.tournaments.scoring${detail.type}`, { currency: detail.rates.baseCurrency })}</li>
        <li>{t(detail.confirmationRequired ? 'pages.tournaments.optIn' : 'pages.tournaments.automatic')}</li>
        <li>{t('pages.tournaments.ties')}</li>
      </ul>
      <h3>{t('pages.tournaments.games')}</h3>
      <p>
        {detail.conditions.gameCollections.length === 0
          ? t('pages.tournaments.allGames')
          : t(
              detail.conditions.gameCollectionsExcluded
                ? 'pages.tournaments.exceptCollections'
                : 'pages.tournaments.onlyCollections',
              { collections: names },
            )}
      </p>
      <h3>{t('pages.tournaments.currencies')}</h3>
      <ul className="tournament-currencies">
        {detail.conditions.currencies.map((c) => (
          <li key={c.isoCode}>
            <strong>{c.isoCode}</strong>{' '}
            {t(`pages.tournaments.${betBoundsKey(c)}`, {
              min: amount(c.minAmount, c.isoCode),
              max: amount(c.maxAmount, c.isoCode),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Prizes({ detail, playerId }: { detail: TournamentDetail; playerId: string | undefined }) {
  const { t, i18n } = useTranslation('layout');
  const finished = detail.state === 5;
  return (
    <section className="panel tournament-section" aria-labelledby="tournament-prizes">
      <h2 id="tournament-prizes">{t('pages.tournaments.prizes')}</h2>
      {detail.prizes.length === 0 ? (
        <EmptyState as="p" text={t('pages.tournaments.noPrizes')} />
      ) : (
        <ol className="stack-list">
          {detail.prizes.map((prize) => (
            <li key={prize.place} className="tournament-prize">
              <span className="tournament-prize__place">{prize.place}</span>
              <span className="tournament-prize__title">{prize.title}</span>
              {finished ? (
                <span className="muted-note tournament-prize__winner">
                  {prize.entry
                    ? `${prize.entry.playerId === playerId ? t('pages.tournaments.you') : (prize.entry.nickname ?? `#${prize.entry.playerId.slice(0, 6)}`)} · ${formatNumber(prize.entry.points, i18n.language, { maxDecimals: 2 })}`
                    : t('pages.tournaments.noWinner')}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function JoinArea({
  detail,
  idOrIdentity,
  signedIn,
}: {
  detail: TournamentDetail;
  idOrIdentity: string;
  signedIn: boolean;
}) {
  const { t, i18n } = useTranslation('layout');
  const openModal = useOpenModal();
  const participate = useParticipate(idOrIdentity);
  if (detail.state !== 3) return null;
  if (!signedIn) {
    if (!detail.confirmationRequired) return null;
    return (
      <Button variant="primary" onClick={() => openModal('sign-in')}>
        {t('pages.tournaments.signInToJoin')}
      </Button>
    );
  }
  if (detail.playerEntry) {
    return (
      <p className="tournament-entry" data-testid="tournament-entry" role="status">
        {t('pages.tournaments.yourPlace', { place: detail.playerEntry.place })} ·{' '}
        {t('pages.tournaments.yourPoints', {
          points: formatNumber(detail.playerEntry.points, i18n.language, { maxDecimals: 2 }),
        })}
      </p>
    );
  }
  if (!canJoin(detail)) return <p className="tournament-entry">{t('pages.tournaments.automatic')}</p>;
  return (
    <div className="tournament-join">
      <Button variant="primary" onClick={() => participate.mutate()} disabled={participate.isPending}>
        {participate.isPending ? t('pages.tournaments.joining') : t('pages.tournaments.join')}
      </Button>
      <p className="muted-note">{t('pages.tournaments.notJoined')}</p>
      {participate.isError ? (
        <p className="tournament-join__error" role="alert">
          {t('pages.tournaments.joinFailed')}
        </p>
      ) : null}
    </div>
  );
}

/** `/tournaments/{identity}`: rules, games, prizes, the live leaderboard with the player's row, joining and the countdown. */
export function TournamentPage() {
  const { identity = '' } = useParams();
  const { t } = useTranslation('layout');
  const { localePath } = useLocale();
  const { isLoggedIn } = useSession();
  const playerId = usePlayerId();
  const query = useTournament(identity, isLoggedIn);
  const detail = query.data;
  useLiveTournament(detail, identity, playerId);
  const { refetch } = query;
  const onElapsed = useCallback(() => void refetch(), [refetch]);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  return (
    <div className="tournament">
      <nav className="tournament__back">
        <Link to={localePath('/tournaments')}>{t('pages.tournaments.back')}</Link>
      </nav>
      {notFound ? (
        <>
          <PageHeader title={t('pages.tournaments.title')} />
          <EmptyState text={t('pages.tournaments.notFound')} />
        </>
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : !detail ? (
        <div aria-busy="true">
          <TextSkeleton lines={8} />
        </div>
      ) : (
        <>
          <PageHeader title={detail.title} />
          <div className="tournament__status">
            {detail.state === 3 ? <span className="tournament-badge">{t('pages.tournaments.live')}</span> : null}
            <Countdown tournament={detail} onElapsed={onElapsed} />
          </div>
          <div className="tournament__layout">
            <div className="tournament__main">
              <section className="panel tournament-section" aria-labelledby="tournament-leaderboard">
                <div className="card-head tournament-section__head">
                  <h2 id="tournament-leaderboard">{t('pages.tournaments.leaderboard')}</h2>
                  <JoinArea detail={detail} idOrIdentity={identity} signedIn={isLoggedIn} />
                </div>
                <Leaderboard detail={detail} playerId={playerId} />
              </section>
              <Rules detail={detail} />
            </div>
            <aside className="tournament__side">
              <Prizes detail={detail} playerId={playerId} />
            </aside>
          </div>
        </>
      )}
    </div>
  );
}
