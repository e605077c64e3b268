import type { Game } from '@croupier/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { useSession } from '../auth';
import { FavoriteButton } from './FavoriteButton';
import { GamesIcon } from './icons';
import { badgeLabels, imageSources, type BadgeLabel } from './logic';
import { useInView } from './useInView';
import './tile.css';

export type TileVariant = 'vertical' | 'square';

const IMAGE_SIZE: Record<TileVariant, { key: '200x300' | '200x200'; width: number; height: number }> = {
  vertical: { key: '200x300', width: 200, height: 300 },
  square: { key: '200x200', width: 200, height: 200 },
};

/** Content keys of the badges (`global-components:games.*`). */
const BADGE_TEXT: Record<BadgeLabel, string> = {
  new: 'games.new',
  hot: 'games.hot',
  exclusive: 'games.exclusive',
  jackpot: 'games.jackpot',
};

export function gamePath(game: Pick<Game, 'identity'>): string {
  return `/games/${encodeURIComponent(game.identity)}`;
}

export interface GameTileProps {
  game: Game;
  variant?: TileVariant;
  /**
   * Load the artwork now: set by a rail that is itself near the viewport (a tile clipped
   * by a horizontal scroller is not seen by its own observer until scrolled into view).
   */
  visible?: boolean;
  /** Called when a link of the tile is followed (a modal closes itself). */
  onNavigate?: () => void;
}

/**
 * A game card: the whole tile is one link to the game page; artwork loads lazily (400 px
 * ahead) over a same-sized skeleton; badges from the game's labels; a hover/focus
 * overlay with Play, a Demo shortcut when the game has a demo mode, and for signed-in
 * players the favourite heart.
 */
export function GameTile({ game, variant = 'vertical', visible, onNavigate }: GameTileProps) {
  const { t } = useTranslation('global-components');
  const { localePath } = useLocale();
  const { isLoggedIn } = useSession();
  const media = useRef<HTMLDivElement>(null);
  const seen = useInView(media, { skip: visible === true });
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const size = IMAGE_SIZE[variant];
  const sources = imageSources(game.customImages?.[size.key], game.images?.[size.key]);
  const showImage = (visible === true || seen) && sources !== null && !failed;
  const badges = badgeLabels(game.labels);
  const to = localePath(gamePath(game));

  return (
    <article className={`tile tile--${variant}`}>
      <Link className="tile__link" to={to} onClick={onNavigate ? () => onNavigate() : undefined}>
        <div ref={media} className={`tile__media${loaded ? ' tile__media--loaded' : ''}`}>
          {showImage ? (
            <img
              className="tile__image"
              src={sources.src}
              srcSet={sources.srcSet}
              width={size.width}
              height={size.height}
              alt=""
              decoding="async"
              // Our own observer decides when to load; a rail near the viewport loads its row at once.
              loading={visible === true ? 'eager' : 'lazy'}
              onLoad={() => setLoaded(true)}
              onError={() => setFailed(true)}
            />
          ) : null}
          {failed || sources === null ? (
            <span className="tile__fallback" aria-hidden="true">
              {game.name}
            </span>
          ) : null}
          {badges.length > 0 ? (
            <span className="tile__badges">
              {badges.map((badge) => (
                <span key={badge} className={`tile__badge tile__badge--${badge}`}>
                  {t(BADGE_TEXT[badge])}
                </span>
              ))}
            </span>
          ) : null}
          <span className="tile__overlay" aria-hidden="true">
            <span className="tile__play">
              <GamesIcon name="play" size={18} />
              <span className="tile__play-text">{t('buttons.playNow')}</span>
            </span>
          </span>
        </div>
        <span className="tile__meta">
          <span className="tile__name">{game.name}</span>
          <span className="tile__provider">{game.provider.name}</span>
        </span>
      </Link>
      {game.isDemoMode ? (
        // A shortcut for pointer users; keyboard users reach demo mode from the game page.
        <Link
          className="tile__demo"
          to={`${to}?mode=demo`}
          tabIndex={-1}
          onClick={onNavigate ? () => onNavigate() : undefined}
        >
          {t('buttons.playDemo')}
        </Link>
      ) : null}
      {isLoggedIn ? <FavoriteButton game={game} variant="tile" /> : null}
    </article>
  );
}

/** A placeholder of the same size as a tile, while games load. */
export function GameTileSkeleton({ variant = 'vertical' }: { variant?: TileVariant }) {
  return (
    <div className={`tile tile--${variant} tile--skeleton`} aria-hidden="true">
      <div className="tile__media" />
      <span className="tile__meta">
        <span className="tile__line" />
        <span className="tile__line tile__line--short" />
      </span>
    </div>
  );
}
