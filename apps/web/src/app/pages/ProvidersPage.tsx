import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import {
  GameGrid,
  GamesIcon,
  GRID_PAGE_SIZE,
  isMissing,
  matchesName,
  PagedGameGrid,
  ProviderCard,
  ProviderLogo,
  SortSelect,
  useProvider,
  useProviders,
  useSortParam,
} from '../../features/games';
import { useLocale } from '../../lib/app-settings';
import { PageHeader } from '../../components/ui/PageHeader';
import { Breadcrumbs } from '../../components/ui/Breadcrumbs';
import { NotFoundPage } from './ErrorPage';
import './catalogue-page.css';

/** `/providers`: every studio with games, filtered by name. */
export function ProvidersPage() {
  const { t } = useTranslation('layout');
  const providers = useProviders();
  const [name, setName] = useState('');
  const inputId = useId();
  const shown = providers.data?.filter((provider) => matchesName(provider.name, name));
  return (
    <div className="games-page">
      <PageHeader
        look="catalogue"
        title={t('pages.providers.title')}
        description={t('pages.providers.description')}
        actions={
          <div className="games-search__field games-page__filter">
            <GamesIcon name="search" className="games-search__icon" />
            <label className="visually-hidden" htmlFor={inputId}>
              {t('providers.search', { ns: 'modals' })}
            </label>
            <input
              id={inputId}
              className="games-search__input"
              type="search"
              autoComplete="off"
              maxLength={100}
              placeholder={t('providers.search', { ns: 'modals' })}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
        }
      />
      {providers.isError ? (
        <ErrorState onRetry={() => void providers.refetch()} />
      ) : shown && shown.length === 0 ? (
        <EmptyState text={t('states.noResults', { ns: 'global-components', name: name.trim() })} />
      ) : (
        <ul className="games-providers" data-testid="providers-grid">
          {shown
            ? shown.map((provider) => (
                <li key={provider.id}>
                  <ProviderCard provider={provider} />
                </li>
              ))
            : Array.from({ length: 12 }, (_, index) => (
                <li key={index}>
                  <span className="games-provider games-provider--skeleton" aria-hidden="true" />
                </li>
              ))}
        </ul>
      )}
    </div>
  );
}

/** `/providers/{identity}`: the studio's header and its games with sort and "load more"; 404 when unknown. */
export function ProviderPage() {
  const { t } = useTranslation('global-components');
  const { localePath } = useLocale();
  const { providerIdentity } = useParams();
  const provider = useProvider(providerIdentity);
  const [sort, setSort] = useSortParam();

  if (provider.isError && isMissing(provider.error)) return <NotFoundPage />;
  if (provider.isError && !provider.data) return <ErrorState onRetry={() => void provider.refetch()} />;
  const data = provider.data;

  return (
    <div className="games-page">
      <Breadcrumbs
        label={t('accessibility.breadcrumb')}
        crumbs={[
          { label: t('navigation.casino', { ns: 'layout' }), to: localePath('/casino') },
          { label: t('games.providers'), to: localePath('/providers') },
          { label: data?.name ?? '\u2026' },
        ]}
      />
      <PageHeader
        look="catalogue"
        className="games-provider-head"
        documentTitle={data?.name ?? t('pages.providers.title', { ns: 'layout' })}
        media={<span className="games-provider-head__logo">{data ? <ProviderLogo provider={data} /> : null}</span>}
        title={data?.name ?? '\u00a0'}
        description={data ? t('games.gamesCount', { count: data.gameEnabledCount }) : '\u00a0'}
        actions={<SortSelect value={sort} onChange={setSort} />}
      />
      {data ? (
        <PagedGameGrid
          key={`${data.id}:${sort}`}
          filter={{ providerIds: [data.id], sort, perPage: GRID_PAGE_SIZE }}
          emptyText={t('states.empty')}
        />
      ) : (
        <GameGrid games={[]} skeletons={GRID_PAGE_SIZE} />
      )}
    </div>
  );
}
