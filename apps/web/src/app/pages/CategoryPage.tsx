import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
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
import { PageHeader } from '../../components/ui/PageHeader';
import { NotFoundPage } from './ErrorPage';
import './catalogue-page.css';

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
      <PageHeader look="catalogue" title={t('pages.categories.title')} />
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
      <PageHeader
        look="catalogue"
        documentTitle={collection?.name ?? t('pages.categories.title', { ns: 'layout' })}
        badge={<GamesIcon name={collectionIcon(categoryIdentity ?? '')} size={26} />}
        title={collection?.name ?? '\u00a0'}
        description={collection ? t('games.gamesCount', { count: collection.gameCount }) : '\u00a0'}
        actions={<SortSelect value={sort} onChange={setSort} />}
      />
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
