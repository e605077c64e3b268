import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState } from '../../components/ui/states';
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
import { PageHead } from '../../components/PageHead';
import { NotFoundPage } from './ErrorPage';

/** `/providers`: every studio with games, filtered by name. */
export function ProvidersPage() {
  const { t } = useTranslation('layout');
  const providers = useProviders();
  const [name, setName] = useState('');
  const inputId = useId();
  const shown = providers.data?.filter((provider) => matchesName(provider.name, name));
  return (
    <div className="games-page">
      <PageHead title={t('pages.providers.title')} />
      <header className="games-page__head games-page__head--row">
        <div>
          <h1 className="games-page__title">{t('pages.providers.title')}</h1>
          <p className="games-page__description">{t('pages.providers.description')}</p>
        </div>
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
      </header>
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
      <PageHead title={data?.name ?? t('pages.providers.title', { ns: 'layout' })} />
      <nav className="games-breadcrumb" aria-label={t('accessibility.breadcrumb')}>
        <ol>
          <li>
            <Link to={localePath('/casino')}>{t('navigation.casino', { ns: 'layout' })}</Link>
          </li>
          <li>
            <Link to={localePath('/providers')}>{t('games.providers')}</Link>
          </li>
          <li>
            <span aria-current="page">{data?.name ?? '\u2026'}</span>
          </li>
        </ol>
      </nav>
      <header className="games-page__head games-page__head--row games-provider-head">
        <div className="games-page__heading">
          <span className="games-provider-head__logo">{data ? <ProviderLogo provider={data} /> : null}</span>
          <div>
            <h1 className="games-page__title">{data?.name ?? '\u00a0'}</h1>
            <p className="games-page__description">
              {data ? t('games.gamesCount', { count: data.gameEnabledCount }) : '\u00a0'}
            </p>
          </div>
        </div>
        <SortSelect value={sort} onChange={setSort} />
      </header>
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
