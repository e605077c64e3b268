import type { Winner } from '@croupier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { formatNumber } from '../../lib/format';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { useSession } from '../auth';
import { publicChannels } from '../realtime';
import { gamesKeys, usePlayedGames, useWinners, useWinnersCountry } from './api';
import { GamesIcon } from './icons';
import { RailTiles } from './lists';
import { imageSources } from './logic';
import { currentPlatform, mergeWinners, platformName, WINNERS_LIMIT, WINNERS_THROTTLE_MS } from './play';
import { RailSection } from './Rail';
import './rail.css';
import './winners.css';

/** The platform of this browser, fixed for the life of the widget. */
function usePlatform() {
  const [platform] = useState(currentPlatform);
  return platform;
}

/** "Recently played" on the home page: a rail of the player's last games (signed in, and only when there are some). */
export function PlayedRail() {
  const { t } = useTranslation('global-components');
  const { localePath } = useLocale();
  const { isLoggedIn } = useSession();
  const platform = usePlatform();
  const played = usePlayedGames(platform, { enabled: isLoggedIn });
  if (!isLoggedIn || played.isError || (played.data && played.data.length === 0)) return null;
  return (
    <RailSection
      title={t('games.recentlyPlayed')}
      icon="history"
      to={localePath('/recently-played')}
      data-testid="rail-recently-played"
    >
      {(visible) => <RailTiles games={played.data} pending={played.isPending} visible={visible} />}
    </RailSection>
  );
}

function isWinnerEvent(value: unknown): value is { winner: Winner } {
  return typeof value === 'object' && value !== null && 'winner' in value;
}

/**
 * Live winners: new wins from the winners channel are prepended to the cached list (one
 * entry per game, 12 at most), at most once every 3 s; wins that arrive meanwhile wait
 * for the next update.
 */
function useLiveWinners(platform: 1 | 2, country: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = gamesKeys.winners(platform, country);
    let waiting: Winner[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastUpdateMs = 0;
    const flush = () => {
      timer = undefined;
      lastUpdateMs = Date.now();
      const arrived = waiting;
      waiting = [];
      queryClient.setQueryData<Winner[]>(key, (current) =>
        arrived.reduce((list, winner) => mergeWinners(list, winner, WINNERS_LIMIT), current ?? []),
      );
    };
    const stop = publicChannels.watch(`game:winners:${platformName(platform)}:${country}`, (event) => {
      if (!isWinnerEvent(event)) return;
      waiting.push(event.winner);
      if (timer) return;
      timer = setTimeout(flush, Math.max(0, lastUpdateMs + WINNERS_THROTTLE_MS - Date.now()));
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [queryClient, platform, country]);
}

/** The latest winners of the visitor's platform and country (home page), each linking to its game. */
export function WinnersFeed() {
  const { t } = useTranslation('layout');
  const platform = usePlatform();
  const country = useWinnersCountry();
  const winners = useWinners(platform, country);
  useLiveWinners(platform, country);
  const [shownSinceMs] = useState(() => Date.now());

  let content;
  if (winners.isPending) {
    content = (
      <ul className="games-winners__list" aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="games-winner games-winner--skeleton" aria-hidden="true" />
        ))}
      </ul>
    );
  } else if (winners.isError) {
    content = <ErrorState onRetry={() => void winners.refetch()} />;
  } else if (winners.data.length === 0) {
    content = <EmptyState text={t('games.winners.empty', { ns: 'global-components' })} />;
  } else {
    content = (
      <ul className="games-winners__list" data-testid="winners-list">
        {winners.data.map((winner) => (
          <li key={`${winner.gameId}:${winner.createdAt}`}>
            <WinnerCard winner={winner} fresh={Date.parse(winner.createdAt) > shownSinceMs} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="games-section games-winners" aria-labelledby="winners-title" data-testid="winners-feed">
      <header className="games-section__head">
        <h2 id="winners-title" className="games-section__title">
          <GamesIcon name="trophy" />
          {t('home.sections.winners')}
        </h2>
      </header>
      {content}
    </section>
  );
}

function WinnerCard({ winner, fresh }: { winner: Winner; fresh: boolean }) {
  const { t } = useTranslation('global-components');
  const { locale, localePath } = useLocale();
  const image = imageSources(winner.gameCustomImages?.['200x200'], winner.gameImages?.['200x200']);
  const sum = formatNumber(winner.payout, locale, { maxDecimals: 8 });
  return (
    <Link
      className={`games-winner${fresh ? ' games-winner--new' : ''}`}
      to={localePath(`/games/${encodeURIComponent(winner.gameId)}`)}
    >
      {image ? (
        <img className="games-winner__art" src={image.src} srcSet={image.srcSet} alt="" width={48} height={48} />
      ) : (
        <span className="games-winner__art" aria-hidden="true" />
      )}
      <span className="games-winner__text">
        <span className="games-winner__name">{winner.nickname ?? t('games.winners.unknown')}</span>
        <span className="games-winner__amount">{t('games.winners.won', { sum, currency: winner.currency })}</span>
        <span className="games-winner__game">{t('games.winners.inGame', { name: winner.gameName })}</span>
      </span>
    </Link>
  );
}
