import type { Game } from '@croupier/contract';
import { useTranslation } from 'react-i18next';
import { useOpenModal } from '../modals';
import { useSession } from '../auth';
import { useToasts } from '../layout';
import { useFavorites, useToggleFavorite } from './api';
import { GamesIcon } from './icons';
import { rememberReturnGame } from './play';
import './favorite.css';

/**
 * The heart of a game (its page, and tiles for signed-in players): a toggle button
 * (`aria-pressed`) that adds or removes the favourite at once and takes it back if the
 * server refuses. A guest is asked to sign in, and comes back to the game afterwards.
 */
export function FavoriteButton({ game, variant }: { game: Game; variant: 'page' | 'tile' }) {
  const { t } = useTranslation('global-components');
  const { t: ta } = useTranslation('alerts');
  const { isLoggedIn } = useSession();
  const openModal = useOpenModal();
  const { notify } = useToasts();
  const favorites = useFavorites();
  const toggle = useToggleFavorite();
  const pressed = favorites.data?.some((item) => item.id === game.id) ?? false;
  const label = t(pressed ? 'games.removeFromFavorites' : 'games.addToFavorites');

  const onClick = () => {
    if (!isLoggedIn) {
      rememberReturnGame(window.sessionStorage, game.identity);
      openModal('sign-in');
      return;
    }
    toggle.mutate(
      { game, favorite: !pressed },
      {
        onError: () =>
          notify({ type: 'error', title: ta('somethingWrong.title'), description: ta('somethingWrong.description') }),
      },
    );
  };

  return (
    <button
      type="button"
      className={`games-favorite games-favorite--${variant}`}
      aria-pressed={pressed}
      aria-label={variant === 'tile' ? `${label}: ${game.name}` : label}
      title={label}
      disabled={isLoggedIn && favorites.isPending}
      onClick={onClick}
      data-testid="favorite-toggle"
    >
      <GamesIcon name="heart" size={variant === 'tile' ? 18 : 22} filled={pressed} />
      {variant === 'page' ? <span className="games-favorite__text">{label}</span> : null}
    </button>
  );
}
