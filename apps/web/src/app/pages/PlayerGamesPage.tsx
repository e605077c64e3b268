import type { Game } from '@croupier/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { GameGrid, GamesIcon, currentPlatform, useFavorites, usePlayedGames } from '../../features/games';
import { useLocale } from '../../lib/app-settings';
import { PageHeader } from '../../components/ui/PageHeader';
import { ButtonLink } from '../../components/ui/ButtonLink';
import './catalogue-page.css';

/** The heading, then a skeleton grid, an error with retry, an empty state with a way to the casino, or the games. */
function PlayerGames({
  title,
  icon,
  emptyText,
  query,
  testId,
}: {
  title: string;
  icon: 'heart' | 'history';
  emptyText: string;
  query: { data: Game[] | undefined; isError: boolean; refetch: () => unknown };
  testId: string;
}) {
  const { t } = useTranslation('layout');
  const { localePath } = useLocale();
  const games = query.data;
  return (
    <div className="games-page" data-testid={testId}>
      <PageHeader
        look="catalogue"
        badge={<GamesIcon name={icon} size={26} />}
        title={title}
        description={
          games && games.length > 0 ? t('games.gamesCount', { ns: 'global-components', count: games.length }) : null
        }
      />
      {query.isError && !games ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : !games ? (
        <div aria-busy="true">
          <GameGrid games={[]} skeletons={12} />
        </div>
      ) : games.length === 0 ? (
        <div className="games-page__empty">
          <EmptyState text={emptyText} />
          <ButtonLink shape="pill" variant="primary" to={localePath('/casino')}>
            {t('navigation.casino')}
          </ButtonLink>
        </div>
      ) : (
        <GameGrid games={games} />
      )}
    </div>
  );
}

/** `/favorites`: the signed-in player's favourite games (the hearts on tiles and game pages). */
export function FavoritesPage() {
  const { t } = useTranslation('layout');
  const favorites = useFavorites();
  return (
    <PlayerGames
      title={t('pages.favorites.title')}
      icon="heart"
      emptyText={t('pages.favorites.empty')}
      query={favorites}
      testId="favorites-page"
    />
  );
}

/** `/recently-played`: the games the player played last, for this device's platform. */
export function RecentlyPlayedPage() {
  const { t } = useTranslation('layout');
  const [platform] = useState(currentPlatform);
  const played = usePlayedGames(platform);
  return (
    <PlayerGames
      title={t('pages.recentlyPlayed.title')}
      icon="history"
      emptyText={t('pages.recentlyPlayed.empty')}
      query={played}
      testId="recently-played-page"
    />
  );
}
