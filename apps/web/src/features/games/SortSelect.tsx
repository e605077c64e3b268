import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GAME_SORT_OPTIONS, parseSort, type GameSort } from './logic';
import './sort.css';

/** The grid's sort, kept in the URL (`?sort=name`) so that back navigation restores it. */
export function useSortParam(): [GameSort, (sort: GameSort) => void] {
  const [search, setSearch] = useSearchParams();
  const sort = parseSort(search.get('sort'));
  const setSort = (next: GameSort) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'default') params.delete('sort');
        else params.set('sort', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  return [sort, setSort];
}

export function SortSelect({ value, onChange }: { value: GameSort; onChange: (sort: GameSort) => void }) {
  const { t } = useTranslation('global-components');
  const id = useId();
  return (
    <div className="games-sort">
      <label className="games-sort__label" htmlFor={id}>
        {t('games.sort.label')}
      </label>
      <select
        id={id}
        className="games-sort__select"
        value={value}
        onChange={(event) => onChange(parseSort(event.target.value))}
      >
        {GAME_SORT_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {t(`games.sort.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
