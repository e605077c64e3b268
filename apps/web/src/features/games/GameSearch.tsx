import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { useCollections, useGames, useProviders } from './api';
import { GamesIcon } from './icons';
import { GameGrid, ProviderCard } from './lists';
import { createDebouncer, matchesName, searchTerm, SEARCH_PAGE_SIZE, SUGGESTIONS_COLLECTION } from './logic';
import './search.css';

/**
 * The search text as typed and the term that is searched: from 2 characters, 300 ms
 * after the last keystroke; shorter text clears the term at once.
 */
export function useSearchTerm(initial = '') {
  const [text, setText] = useState(initial);
  const [term, setTerm] = useState<string | undefined>(() => searchTerm(initial));
  const [debouncer] = useState(() => createDebouncer<string | undefined>(setTerm));
  const change = (value: string) => {
    setText(value);
    const next = searchTerm(value);
    if (next === undefined) {
      debouncer.cancel();
      setTerm(undefined);
    } else {
      debouncer.push(next);
    }
  };
  return { text, term, change, pending: searchTerm(text) !== term };
}

export interface GameSearchProps {
  /**
   * `always`: suggestions (the `turbogames` collection) show while the text is shorter
   * than 2 characters (search modal). `typing`: nothing shows until the visitor types
   * (the casino page, whose rails stay below).
   */
  suggestions?: 'always' | 'typing';
  /** Called when a result is followed (the modal closes). */
  onNavigate?: () => void;
  autoFocus?: boolean;
  /** Tells the page whether results are showing (it may hide its rails meanwhile). */
  onActiveChange?: (active: boolean) => void;
  /** Shown between the field and the suggestions while nothing is searched (e.g. categories). */
  idle?: ReactNode;
}

/** Search field with game results as tiles, matching providers, and default suggestions. */
export function GameSearch({
  suggestions = 'always',
  onNavigate,
  autoFocus = false,
  onActiveChange,
  idle,
}: GameSearchProps) {
  const { t } = useTranslation('global-components');
  const inputId = useId();
  const resultsId = useId();
  const { text, term, change, pending } = useSearchTerm();
  const collections = useCollections();
  const providers = useProviders();
  const suggestionCollection = collections.data?.find((collection) => collection.identity === SUGGESTIONS_COLLECTION);
  // Searching from the first long-enough keystroke: results (or their skeleton) replace
  // the suggestions at once, while the request itself waits for the debounce.
  const searching = searchTerm(text) !== undefined;
  const showSuggestions = !searching && (suggestions === 'always' || text.trim().length > 0);
  const results = useGames(
    { name: term, perPage: SEARCH_PAGE_SIZE },
    { enabled: term !== undefined, keepPrevious: true },
  );
  const suggested = useGames(
    { collectionIds: suggestionCollection ? [suggestionCollection.id] : [], perPage: 12 },
    { enabled: showSuggestions && suggestionCollection !== undefined },
  );
  const matchingProviders =
    term && providers.data ? providers.data.filter((provider) => matchesName(provider.name, term)).slice(0, 4) : [];

  const update = (value: string) => {
    change(value);
    onActiveChange?.(value.trim().length > 0);
  };

  return (
    <div className="games-search" role="search">
      <label className="visually-hidden" htmlFor={inputId}>
        {t('buttons.search')}
      </label>
      <div className="games-search__field">
        <GamesIcon name="search" className="games-search__icon" />
        <input
          id={inputId}
          className="games-search__input"
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          // A search modal starts in its field.
          autoFocus={autoFocus}
          placeholder={t('games.searchPlaceholder')}
          value={text}
          aria-controls={resultsId}
          onChange={(event) => update(event.target.value)}
        />
        {text ? (
          <button
            type="button"
            className="games-search__clear"
            aria-label={t('buttons.clear')}
            onClick={() => update('')}
          >
            <GamesIcon name="close" size={18} />
          </button>
        ) : null}
      </div>
      {searching ? null : idle}
      <p className="visually-hidden" role="status">
        {term !== undefined && results.data && !pending
          ? results.data.data.length === 0
            ? t('states.noResults', { name: term })
            : t('games.gamesCount', { count: results.data.meta.totalRows })
          : ''}
      </p>
      <div id={resultsId} className="games-search__results" aria-busy={pending || results.isFetching}>
        {searching ? (
          <>
            {matchingProviders.length > 0 ? (
              <ul className="games-search__providers">
                {matchingProviders.map((provider) => (
                  <li key={provider.id}>
                    <ProviderCard provider={provider} onNavigate={onNavigate} compact />
                  </li>
                ))}
              </ul>
            ) : null}
            {results.isError ? (
              <ErrorState onRetry={() => void results.refetch()} />
            ) : term === undefined || results.isPending ? (
              <GameGrid games={[]} skeletons={6} size="compact" />
            ) : results.data.data.length === 0 ? (
              matchingProviders.length === 0 ? (
                <EmptyState text={t('states.noResults', { name: term })} />
              ) : null
            ) : (
              <>
                <p className="games-search__summary">{t('games.gamesCount', { count: results.data.meta.totalRows })}</p>
                <GameGrid games={results.data.data} size="compact" onNavigate={onNavigate} />
              </>
            )}
          </>
        ) : showSuggestions && suggestionCollection ? (
          <>
            <h3 className="games-search__heading">
              <GamesIcon name="turbo" size={18} />
              {suggestionCollection.name}
            </h3>
            {suggested.isError ? (
              <ErrorState onRetry={() => void suggested.refetch()} />
            ) : (
              <GameGrid
                games={suggested.data?.data ?? []}
                skeletons={suggested.data ? 0 : 6}
                size="compact"
                onNavigate={onNavigate}
              />
            )}
          </>
        ) : null}
      </div>
    </div>
  );
}
