import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ui/ErrorState';
import { CollectionChips, GameSearch, LobbyRails, LobbySkeleton, useCollections } from '../../features/games';
import { PageHeader } from '../../components/ui/PageHeader';
import './catalogue-page.css';

/** The running tournaments' rail, loaded after the page. */
const TournamentsRail = lazy(() =>
  import('../../features/tournaments').then((module) => ({ default: module.TournamentsRail })),
);

/** `/casino`: search, category chips, the running tournaments and every collection as a rail, with the providers strip. */
export function CasinoPage() {
  const { t } = useTranslation('layout');
  const collections = useCollections();
  const [searching, setSearching] = useState(false);
  return (
    <div className="games-page">
      <PageHeader look="catalogue" title={t('pages.casino.title')} description={t('pages.casino.description')} />
      <div className="games-page__search">
        <GameSearch suggestions="typing" onActiveChange={setSearching} />
      </div>
      {searching ? null : (
        <>
          <CollectionChips collections={collections.listed} active="lobby" label={t('navigation.categories')} />
          <Suspense fallback={null}>
            <TournamentsRail />
          </Suspense>
          {collections.isError ? (
            <ErrorState onRetry={() => void collections.refetch()} />
          ) : collections.listed ? (
            <LobbyRails collections={collections.listed} providersAfter={4} />
          ) : (
            <LobbySkeleton />
          )}
        </>
      )}
    </div>
  );
}
