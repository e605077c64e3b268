import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { useCollections, useProviders } from './api';
import { GameSearch } from './GameSearch';
import { collectionIcon, GamesIcon } from './icons';
import { categoryPath, ProviderCard } from './lists';
import { matchesName } from './logic';
import './catalogue-modals.css';
import './providers.css';
import './search.css';

/** What a catalogue modal body receives from the modal system. */
export interface CatalogueModalBodyProps {
  /** Closes the modal; links call it as they navigate. */
  close: () => void;
}

/** The `categories` modal: game search (with suggestions) and every category as a link. */
export function CategoriesModalBody({ close }: CatalogueModalBodyProps) {
  // Links navigate and close; `close` gets no arguments (not the click event).
  const done = () => close();
  const { t } = useTranslation('global-components');
  const { localePath } = useLocale();
  const collections = useCollections();
  return (
    <div className="games-modal">
      <GameSearch
        autoFocus
        onNavigate={done}
        suggestions="always"
        idle={
          <nav className="games-modal__section" aria-label={t('games.categories')}>
            <h3 className="games-modal__heading">{t('games.categories')}</h3>
            {collections.isError ? (
              <ErrorState onRetry={() => void collections.refetch()} />
            ) : (
              <ul className="games-modal__categories">
                {collections.listed
                  ? collections.listed.map((collection) => (
                      <li key={collection.id}>
                        <Link className="games-category" to={localePath(categoryPath(collection))} onClick={done}>
                          <GamesIcon name={collectionIcon(collection.identity)} className="games-category__icon" />
                          <span className="games-category__text">
                            <span className="games-category__name">{collection.name}</span>
                            {collection.gameCount > 0 ? (
                              <span className="games-category__count">
                                {t('games.gamesCount', { count: collection.gameCount })}
                              </span>
                            ) : null}
                          </span>
                        </Link>
                      </li>
                    ))
                  : Array.from({ length: 8 }, (_, index) => (
                      <li key={index}>
                        <span className="games-category games-category--skeleton" aria-hidden="true" />
                      </li>
                    ))}
                <li>
                  <Link
                    className="games-category games-category--providers"
                    to={localePath('/providers')}
                    onClick={done}
                  >
                    <GamesIcon name="provider" className="games-category__icon" />
                    <span className="games-category__text">
                      <span className="games-category__name">{t('games.providers')}</span>
                    </span>
                  </Link>
                </li>
              </ul>
            )}
          </nav>
        }
      />
    </div>
  );
}

/** The `providers` modal: a name filter and every provider with its logo. */
export function ProvidersModalBody({ close }: CatalogueModalBodyProps) {
  const done = () => close();
  const { t } = useTranslation('modals');
  const providers = useProviders();
  const [name, setName] = useState('');
  const inputId = useId();
  const shown = providers.data?.filter((provider) => matchesName(provider.name, name));
  return (
    <div className="games-modal">
      <div className="games-search__field">
        <GamesIcon name="search" className="games-search__icon" />
        <label className="visually-hidden" htmlFor={inputId}>
          {t('providers.search')}
        </label>
        <input
          id={inputId}
          className="games-search__input"
          type="search"
          autoComplete="off"
          maxLength={100}
          placeholder={t('providers.search')}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      {providers.isError ? (
        <ErrorState onRetry={() => void providers.refetch()} />
      ) : shown && shown.length === 0 ? (
        <EmptyState text={t('states.noResults', { ns: 'global-components', name: name.trim() })} />
      ) : (
        <ul className="games-modal__providers">
          {shown
            ? shown.map((provider) => (
                <li key={provider.id}>
                  <ProviderCard provider={provider} onNavigate={done} />
                </li>
              ))
            : Array.from({ length: 8 }, (_, index) => (
                <li key={index}>
                  <span className="games-provider games-provider--skeleton" aria-hidden="true" />
                </li>
              ))}
        </ul>
      )}
    </div>
  );
}
