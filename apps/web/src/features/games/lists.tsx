import type { Collection, Game, Provider } from '@croupier/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { useGames, useInfiniteGames } from './api';
import { GameTile, GameTileSkeleton, type TileVariant } from './GameTile';
import { collectionIcon, GamesIcon, type IconName } from './icons';
import { pagedProgress, pendingTiles, RAIL_PAGE_SIZE, type GamesFilter } from './logic';
import { RailSection } from './Rail';
import './chips.css';
import './grid.css';
import './providers.css';
import './rail.css';
import { Button } from '../../components/ui/Button';

export function categoryPath(collection: Pick<Collection, 'identity'>): string {
  return `/categories/${encodeURIComponent(collection.identity)}`;
}

export function providerPath(provider: Pick<Provider, 'identity'>): string {
  return `/providers/${encodeURIComponent(provider.identity)}`;
}

/** A row of tiles inside a rail scroller (skeletons while loading). */
export function RailTiles({
  games,
  pending,
  variant = 'vertical',
  visible,
  skeletons = 8,
}: {
  games: readonly Game[] | undefined;
  pending: boolean;
  variant?: TileVariant;
  visible: boolean;
  skeletons?: number;
}) {
  return (
    <ul className={`games-rail__track games-rail__track--${variant}`}>
      {pending || !games
        ? Array.from({ length: skeletons }, (_, index) => (
            <li key={index} className="games-rail__item">
              <GameTileSkeleton variant={variant} />
            </li>
          ))
        : games.map((game) => (
            <li key={game.id} className="games-rail__item">
              <GameTile game={game} variant={variant} visible={visible} />
            </li>
          ))}
    </ul>
  );
}

export interface CollectionRailProps {
  collection: Collection;
  /** Defaults to the collection's name. */
  title?: string;
  variant?: TileVariant;
  tone?: 'default' | 'highlight';
  perPage?: number;
}

/**
 * A collection's first games as a rail with "show all" to its category page. A rail
 * whose collection turns out empty is left out.
 */
export function CollectionRail({
  collection,
  title,
  variant = 'vertical',
  tone,
  perPage = RAIL_PAGE_SIZE,
}: CollectionRailProps) {
  const { localePath } = useLocale();
  const games = useGames({ collectionIds: [collection.id], perPage });
  if (games.isSuccess && games.data.data.length === 0) return null;
  return (
    <RailSection
      title={title ?? collection.name}
      icon={collectionIcon(collection.identity)}
      to={localePath(categoryPath(collection))}
      count={games.data?.meta.totalRows ?? (collection.gameCount > 0 ? collection.gameCount : undefined)}
      tone={tone}
      data-testid={`rail-${collection.identity}`}
    >
      {(visible) =>
        games.isError ? (
          <ErrorState onRetry={() => void games.refetch()} />
        ) : (
          <RailTiles games={games.data?.data} pending={games.isPending} variant={variant} visible={visible} />
        )
      }
    </RailSection>
  );
}

/** A responsive grid of tiles. */
export function GameGrid({
  games,
  variant = 'vertical',
  skeletons = 0,
  onNavigate,
  size = 'default',
}: {
  games: readonly Game[];
  variant?: TileVariant;
  /** Placeholders appended while the next page loads. */
  skeletons?: number;
  onNavigate?: () => void;
  size?: 'default' | 'compact';
}) {
  return (
    <div className="games-grid-host">
      <ul className={`games-grid games-grid--${variant} games-grid--${size}`}>
        {games.map((game) => (
          <li key={game.id}>
            <GameTile game={game} variant={variant} onNavigate={onNavigate} />
          </li>
        ))}
        {Array.from({ length: skeletons }, (_, index) => (
          <li key={`skeleton-${index}`}>
            <GameTileSkeleton variant={variant} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Games of a filter with "load more": "Showing x of total", skeletons of the exact
 * number of tiles still coming, and an empty state.
 */
export function PagedGameGrid({
  filter,
  emptyText,
  enabled = true,
}: {
  filter: GamesFilter;
  emptyText: string;
  enabled?: boolean;
}) {
  const { t } = useTranslation('global-components');
  const perPage = filter.perPage ?? 24;
  const query = useInfiniteGames(filter, { enabled });
  if (query.isError && !query.data) return <ErrorState onRetry={() => void query.refetch()} />;
  if (query.isPending || !query.data) {
    return (
      <div className="games-paged" aria-busy="true">
        <GameGrid games={[]} skeletons={perPage} />
      </div>
    );
  }
  const pages = query.data.pages;
  const games = pages.flatMap((page) => page.data);
  const progress = pagedProgress(pages);
  if (games.length === 0) return <EmptyState text={emptyText} />;
  const loadingMore = query.isFetchingNextPage;
  return (
    <div className="games-paged" aria-busy={loadingMore}>
      <GameGrid games={games} skeletons={loadingMore ? pendingTiles(progress.shown, progress.total, perPage) : 0} />
      <div className="games-paged__footer">
        <p className="games-paged__progress" aria-live="polite">
          {t('pagination.shown', { count: progress.shown, total: progress.total })}
        </p>
        <progress
          className="games-paged__bar"
          max={Math.max(progress.total, 1)}
          value={progress.shown}
          aria-hidden="true"
        />
        {progress.hasMore ? (
          <Button
            shape="pill"
            variant="ghost"

            disabled={loadingMore}
            onClick={() => void query.fetchNextPage()}
          >
            {loadingMore ? t('states.loading') : t('buttons.loadMore')}
          </Button>
        ) : null}
        {query.isError ? <ErrorState onRetry={() => void query.fetchNextPage()} /> : null}
      </div>
    </div>
  );
}

/** Category chips: every listed collection, the current one marked; scrolls sideways on phones. */
export function CollectionChips({
  collections,
  active,
  lobby = true,
  label,
}: {
  collections: readonly Collection[] | undefined;
  /** The current collection identity; `lobby` marks the casino lobby chip. */
  active?: string;
  lobby?: boolean;
  label: string;
}) {
  const { t } = useTranslation('global-components');
  const { localePath } = useLocale();
  return (
    <nav className="games-chips" aria-label={label}>
      <ul className="games-chips__list">
        {lobby ? (
          <li>
            <Chip to={localePath('/casino')} icon="lobby" current={active === 'lobby'}>
              {t('games.allGames')}
            </Chip>
          </li>
        ) : null}
        {collections
          ? collections.map((collection) => (
              <li key={collection.id}>
                <Chip
                  to={localePath(categoryPath(collection))}
                  icon={collectionIcon(collection.identity)}
                  current={active === collection.identity}
                >
                  {collection.name}
                </Chip>
              </li>
            ))
          : Array.from({ length: 7 }, (_, index) => (
              <li key={index}>
                <span className="games-chip games-chip--skeleton" aria-hidden="true" />
              </li>
            ))}
      </ul>
    </nav>
  );
}

function Chip({ to, icon, current, children }: { to: string; icon: IconName; current: boolean; children: string }) {
  return (
    <Link
      className={`games-chip${current ? ' games-chip--active' : ''}`}
      to={to}
      aria-current={current ? 'page' : undefined}
    >
      <GamesIcon name={icon} size={18} />
      <span>{children}</span>
    </Link>
  );
}

/** A provider's logo (its custom artwork preferred), or its name when there is none. */
export function ProviderLogo({ provider }: { provider: Provider }) {
  const images = provider.customImages?.['116x40']?.['1x']
    ? provider.customImages['116x40']
    : provider.images?.['116x40'];
  if (!images?.['1x']) return <span className="games-provider-logo__name">{provider.name}</span>;
  const srcSet = (['1x', '2x', '3x'] as const).flatMap((density) =>
    images[density] ? [`${images[density]} ${density}`] : [],
  );
  return (
    <img
      className="games-provider-logo"
      src={images['1x']}
      srcSet={srcSet.length > 1 ? srcSet.join(', ') : undefined}
      width={116}
      height={40}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}

/** A provider card: logo, name and game count, linking to the provider page. */
export function ProviderCard({
  provider,
  onNavigate,
  compact = false,
}: {
  provider: Provider;
  onNavigate?: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('global-components');
  const { localePath } = useLocale();
  return (
    <Link
      className={`games-provider${compact ? ' games-provider--compact' : ''}`}
      to={localePath(providerPath(provider))}
      onClick={onNavigate ? () => onNavigate() : undefined}
    >
      <span className="games-provider__logo">
        <ProviderLogo provider={provider} />
      </span>
      <span className="games-provider__text">
        <span className="games-provider__name">{provider.name}</span>
        <span className="games-provider__count">{t('games.gamesCount', { count: provider.gameEnabledCount })}</span>
      </span>
    </Link>
  );
}

/** Providers as a rail of cards, with "show all" to /providers. */
export function ProvidersRail({
  providers,
  title,
  pending,
}: {
  providers: readonly Provider[] | undefined;
  title: string;
  pending: boolean;
}) {
  const { localePath } = useLocale();
  if (!pending && providers?.length === 0) return null;
  return (
    <RailSection
      title={title}
      icon="provider"
      to={localePath('/providers')}
      count={providers?.length}
      data-testid="providers-strip"
    >
      {() => (
        <ul className="games-rail__track games-rail__track--providers">
          {pending || !providers
            ? Array.from({ length: 8 }, (_, index) => (
                <li key={index} className="games-rail__item">
                  <span className="games-provider games-provider--skeleton" aria-hidden="true" />
                </li>
              ))
            : providers.map((provider) => (
                <li key={provider.id} className="games-rail__item">
                  <ProviderCard provider={provider} compact />
                </li>
              ))}
        </ul>
      )}
    </RailSection>
  );
}
