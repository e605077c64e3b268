import { MINES } from '@croupier/games';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { tileAfterKey, tileState, type MinesView, type TileState } from './logic';

function TileIcon({ state }: { state: TileState }) {
  if (state === 'hidden') return null;
  const mine = state === 'mine' || state === 'hit' || state === 'missedMine';
  return mine ? (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="13" r="6.5" fill="currentColor" />
      <path d="M12 3v3M4.5 6l2 2M19.5 6l-2 2M3 13h3M18 13h3" stroke="currentColor" strokeWidth="2" />
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 4h10l4 5-9 11L3 9z" fill="currentColor" />
      <path d="M3 9h18M9 4l3 16M15 4l-3 16" stroke="rgba(0,0,0,0.25)" strokeWidth="1" fill="none" />
    </svg>
  );
}

/**
 * The 5×5 board: one focusable tile at a time (arrow keys move, Enter or Space reveals).
 * Tiles that cannot be revealed are aria-disabled, not disabled, so that focus can still
 * move over them.
 */
export function MinesBoard(props: { view: MinesView | null; canReveal: boolean; onReveal: (tile: number) => void }) {
  const { view, canReveal, onReveal } = props;
  const { t } = useTranslation('global-components');
  const [focusTile, setFocusTile] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tileAfterKey(focusTile, event.key);
    if (next === null) return;
    event.preventDefault();
    setFocusTile(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      className="mines-board"
      role="group"
      aria-label={t('play.mines.board')}
      aria-describedby="mines-board-hint"
      onKeyDown={onKeyDown}
      data-status={view?.status ?? 'idle'}
    >
      {Array.from({ length: MINES.tiles }, (_, tile) => {
        const state = tileState(view, tile);
        const revealable = canReveal && state === 'hidden';
        return (
          <button
            key={tile}
            ref={(element) => {
              buttons.current[tile] = element;
            }}
            type="button"
            className={`mines-tile mines-tile--${state}`}
            tabIndex={tile === focusTile ? 0 : -1}
            aria-disabled={!revealable}
            aria-label={t('play.mines.tile', {
              row: Math.floor(tile / MINES.columns) + 1,
              column: (tile % MINES.columns) + 1,
              state: t(`play.mines.state.${state}`),
            })}
            data-tile={tile}
            onFocus={() => setFocusTile(tile)}
            onClick={() => {
              if (revealable) onReveal(tile);
            }}
          >
            <TileIcon state={state} />
          </button>
        );
      })}
      <p id="mines-board-hint" className="visually-hidden">
        {t('play.mines.hint')}
      </p>
    </div>
  );
}
