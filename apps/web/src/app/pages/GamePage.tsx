import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '../../components/ui/ErrorState';
import { BreadcrumbsSkeleton } from '../../components/ui/Breadcrumbs';
import { GameView, isMissing, useGame } from '../../features/games';
import { PageHead } from '../../components/PageHead';
import { NotFoundPage } from './ErrorPage';

/** The running tournaments this game counts in, in the frame's bar: loaded when a real-money game starts. */
const TournamentWidget = lazy(() =>
  import('../../features/tournaments').then((module) => ({ default: module.TournamentWidget })),
);

/** `/games/{id}`: `id` is the game's identity (page links) or its id (winners, bonuses). */
export function GamePage() {
  const { t } = useTranslation('global-components');
  const { id } = useParams();
  const game = useGame(id);
  if (game.isError)
    return isMissing(game.error) ? <NotFoundPage /> : <ErrorState onRetry={() => void game.refetch()} />;
  if (game.isPending) {
    return (
      <div className="games-game games-game--loading" aria-busy="true" aria-label={t('states.loading')}>
        <BreadcrumbsSkeleton />
        <span className="games-game__title games-game__title--skeleton" />
        <div className="games-stage games-stage--skeleton" />
      </div>
    );
  }
  return (
    <>
      <PageHead title={game.data.name} />
      <GameView
        key={game.data.id}
        game={game.data}
        realPlayWidget={
          <Suspense fallback={null}>
            <TournamentWidget gameCollections={game.data.collections.map((collection) => collection.identity)} />
          </Suspense>
        }
      />
    </>
  );
}
