import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { EmptyState, ErrorState } from '../../components/ui/states';
import {
  categoryPath,
  collectionIcon,
  GamesIcon,
  CollectionChips,
  GameGrid,
  GRID_PAGE_SIZE,
  PagedGameGrid,
  SortSelect,
  useCollections,
  useSortParam,
} from '../../features/games';

import { useLocale } from '../../lib/app-settings';
import { PageHead } from '../../components/PageHead';
import { NotFoundPage } from './ErrorPage';

/** `/categories`: replaced by the first collection's category (localized). */
export function CategoriesRedirect() {
  const { t } = useTranslation('layout');
  const { localePath } = useLocale();
  const collections = useCollections();
  const first = collections.listed?.[0];
  if (first) return <Navigate to={localePath(categoryPath(first))} replace />;
  if (collections.isError) return <ErrorState onRetry={() => void collections.refetch()} />;
  return (
    <div className="games-page">
      <PageHead title={t('pages.categories.title')} />
      <header className="games-page__head">
        <h1 className="games-page__title">{t('pages.categories.title')}</h1>
      </header>
      {collections.listed ? (
        <EmptyState text={t('states.empty', { ns: 'global-components' })} />
      ) : (
        <GameGrid games={[]} skeletons={GRID_PAGE_SIZE} />
      )}
    </div>
  );
}

/** `/categories/{identity}`: the collection's games with sort and "load more"; 404 when unknown. */
export function CategoryPage() {
  const { t } = useTranslation('global-components');
  const { categoryIdentity } = useParams();
  const collections = useCollections();
  const [sort, setSort] = useSortParam();
  const collection = collections.listed?.find((item) => item.identity === categoryIdentity);

  if (collections.isError) return <ErrorState onRetry={() => void collections.refetch()} />;
  if (collections.listed && !collection) return <NotFoundPage />;

  return (
    <div className="games-page">
      <PageHead title={collection?.name ?? t('pages.categories.title', { ns: 'layout' })} />
      <header className="games-page__head games-page__head--row">
        <div className="games-page__heading">
          <span className="games-page__badge" aria-hidden="true">
            <GamesIcon name={collectionIcon(categoryIdentity ?? '')} size={26} />
          </span>
          <div>
            <h1 className="games-page__title">{collection?.name ?? '\u00a0'}</h1>
            <p className="games-page__description">
              {collection ? t('games.gamesCount', { count: collection.gameCount }) : '\u00a0'}
            </p>
          </div>
        </div>
        <SortSelect value={sort} onChange={setSort} />
      </header>
      <CollectionChips collections={collections.listed} active={categoryIdentity} label={t('games.categories')} />
      {collection ? (
        <PagedGameGrid
          key={`${collection.id}:${sort}`}
          filter={{ collectionIds: [collection.id], sort, perPage: GRID_PAGE_SIZE }}
          emptyText={t('states.empty')}
        />
      ) : (
        <GameGrid games={[]} skeletons={GRID_PAGE_SIZE} />
      )}
    </div>
  );
}
