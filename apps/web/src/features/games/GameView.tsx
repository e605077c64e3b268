import type { Game } from '@croupier/contract';
import { useCallback, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocale } from '../../lib/app-settings';
import { formatNumber, formatPercent } from '../../lib/format';
import { useSession } from '../auth';
import { useGames, useVisitorCountry } from './api';
import { FavoriteButton } from './FavoriteButton';
import { collectionIcon, GamesIcon } from './icons';
import { useGameLauncher } from './useGameLauncher';
import { imageSources, isGameRestricted, RELATED_PAGE_SIZE } from './logic';
import { categoryPath, providerPath, RailTiles } from './lists';
import { RailSection } from './Rail';
import './chips.css';
import './game-page.css';
import './rail.css';
import { Button } from '../../components/ui/Button';
import { Breadcrumbs } from '../../components/ui/Breadcrumbs';

function subscribeFullscreen(onChange: () => void) {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}
const isFullscreen = () => document.fullscreenElement !== null;
const canFullscreen = () => typeof document !== 'undefined' && document.fullscreenEnabled === true;

/** Volatility content keys (`global-components:games.volatility.*`). */
const VOLATILITY_TEXT: Record<Game['volatility'], string> = {
  low: 'games.volatility.low',
  medium: 'games.volatility.medium',
  high: 'games.volatility.high',
  'very-high': 'games.volatility.veryHigh',
};

function formatRtp(rtp: number, locale: string) {
  return formatPercent(rtp, locale, { minDecimals: 0, maxDecimals: 2 });
}

/**
 * The game page: breadcrumb, heading with the favourite heart, a 16:9 stage and details
 * with related games. The stage shows the artwork behind a card with Play and Demo;
 * starting a game (`useGameLauncher`) replaces the card with the game frame, which a
 * close button takes back to the card, and which goes full screen with the stage. A game
 * restricted in the visitor's country shows a notice instead of the buttons.
 * `realPlayWidget` goes into the frame's bar while the game is played for real money (the
 * page gives the tournaments' widget): its items sit before the bar's buttons, and a
 * full-width one wraps under them.
 */
export function GameView({ game, realPlayWidget }: { game: Game; realPlayWidget?: ReactNode }) {
  const { t, i18n } = useTranslation('global-components');
  const { localePath } = useLocale();
  const { isLoggedIn } = useSession();
  const country = useVisitorCountry();
  const [search] = useSearchParams();
  const stage = useRef<HTMLDivElement>(null);
  const fullscreen = useSyncExternalStore(subscribeFullscreen, isFullscreen, () => false);
  const [fullscreenSupported] = useState(canFullscreen);
  const restricted = isGameRestricted(game.restrictedCountries, country);
  const firstCollection = game.collections[0];
  const vertical = imageSources(game.customImages?.['200x300'], game.images?.['200x300']);
  const locale = i18n.language;
  // Chosen in the mobile-game modal ("the game will open in full screen"): the stage goes
  // full screen, or at least to the top of the screen where the browser refuses.
  const onStarted = useCallback((phone: boolean) => {
    const element = stage.current;
    if (!phone || !element) return;
    const show = () => element.scrollIntoView({ block: 'start' });
    if (document.fullscreenEnabled) void element.requestFullscreen().catch(show);
    else show();
  }, []);
  const launcher = useGameLauncher(game, {
    restricted,
    demoRequested: search.get('mode') === 'demo',
    onStarted,
  });
  const { playing, launching, failed } = launcher;

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void stage.current?.requestFullscreen().catch(() => undefined);
  };
  const fullscreenButton = fullscreenSupported ? (
    <button
      type="button"
      className="games-stage__fullscreen"
      aria-pressed={fullscreen}
      aria-label={t(fullscreen ? 'buttons.exitFullscreen' : 'buttons.fullscreen')}
      title={t(fullscreen ? 'buttons.exitFullscreen' : 'buttons.fullscreen')}
      onClick={toggleFullscreen}
    >
      <GamesIcon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
    </button>
  ) : null;

  return (
    <article className="games-game">
      <Breadcrumbs
        label={t('accessibility.breadcrumb')}
        crumbs={[
          { label: t('navigation.home', { ns: 'layout' }), to: localePath('/') },
          { label: t('navigation.casino', { ns: 'layout' }), to: localePath('/casino') },
          ...(firstCollection ? [{ label: firstCollection.name, to: localePath(categoryPath(firstCollection)) }] : []),
          { label: game.name },
        ]}
      />

      <header className="games-game__head">
        <div>
          <h1 className="games-game__title">{game.name}</h1>
          <p className="games-game__provider">
            <Link to={localePath(providerPath(game.provider))}>{game.provider.name}</Link>
          </p>
        </div>
        <FavoriteButton game={game} variant="page" />
      </header>

      <div
        ref={stage}
        className={`games-stage${fullscreen ? ' games-stage--fullscreen' : ''}${playing ? ' games-stage--playing' : ''}`}
        data-testid="game-stage"
        data-mode={playing?.mode}
      >
        {vertical && !playing ? (
          <img className="games-stage__backdrop" src={vertical.src} alt="" width={200} height={300} />
        ) : null}
        {playing ? null : <div className="games-stage__shade" aria-hidden="true" />}
        {playing ? (
          <>
            <div className="games-stage__bar">
              <span className={`games-stage__mode games-stage__mode--${playing.mode}`}>
                {t(playing.mode === 'demo' ? 'pages.game.demoMode' : 'pages.game.realMode', { ns: 'layout' })}
              </span>
              {playing.mode === 'real' ? realPlayWidget : null}
              {fullscreenButton}
              <button
                type="button"
                className="games-stage__close"
                aria-label={t('games.closeGame')}
                title={t('games.closeGame')}
                onClick={() => {
                  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
                  launcher.stop();
                }}
                data-testid="game-close"
              >
                <GamesIcon name="close" />
              </button>
            </div>
            <iframe
              key={playing.url}
              className="games-stage__frame"
              src={playing.url}
              title={t('games.frameTitle', { name: game.name })}
              allow="fullscreen; autoplay; clipboard-write"
              allowFullScreen
              referrerPolicy="no-referrer"
              data-testid="game-frame"
            />
          </>
        ) : (
          fullscreenButton
        )}
        {playing ? null : (
          <div className="games-stage__card">
            {vertical ? (
              <img
                className="games-stage__art"
                src={vertical.src}
                srcSet={vertical.srcSet}
                alt={game.name}
                width={200}
                height={300}
              />
            ) : null}
            <div className="games-stage__info">
              <p className="games-stage__name">{game.name}</p>
              <p className="games-stage__by">{game.provider.name}</p>
              <ul className="games-stage__facts">
                {game.rtp !== null ? (
                  <li>
                    <span>{t('pages.game.rtp', { ns: 'layout' })}</span> {formatRtp(game.rtp, locale)}
                  </li>
                ) : null}
                <li>
                  <span>{t('games.volatility.title')}</span> {t(VOLATILITY_TEXT[game.volatility])}
                </li>
              </ul>
              {restricted ? (
                <div className="games-stage__notice" role="status" data-testid="geo-restricted-notice">
                  <GamesIcon name="globe" />
                  <div>
                    <p className="games-stage__notice-title">{t('geoRestrictedGame.title', { ns: 'modals' })}</p>
                    <p>{t('geoRestrictedGame.description', { ns: 'modals' })}</p>
                  </div>
                </div>
              ) : (
                <>
                  <div className="games-stage__actions">
                    <Button
                      shape="pill"
                      variant="primary"
                      size="large"

                      onClick={() => launcher.request('real')}
                      disabled={launching !== null}
                      aria-busy={launching === 'real'}
                      data-testid="game-play"
                    >
                      {launching === 'real' ? (
                        <span className="spinner" aria-hidden="true" />
                      ) : (
                        <GamesIcon name="play" size={18} />
                      )}
                      {t('buttons.playNow')}
                    </Button>
                    {game.isDemoMode ? (
                      <Button
                        shape="pill"
                        variant="ghost"
                        size="large"

                        onClick={() => launcher.request('demo')}
                        disabled={launching !== null}
                        aria-busy={launching === 'demo'}
                        data-testid="game-demo"
                      >
                        {launching === 'demo' ? <span className="spinner" aria-hidden="true" /> : null}
                        {t('buttons.playDemo')}
                      </Button>
                    ) : null}
                  </div>
                  {launching ? (
                    <p className="games-stage__hint" role="status">
                      {t('states.loading')}
                    </p>
                  ) : failed ? (
                    <div className="games-stage__error" role="alert" data-testid="game-launch-error">
                      <p>{t('games.loadError')}</p>
                      <Button
                        shape="pill"
                        variant="ghost"

                        onClick={() => launcher.request(failed)}
                      >
                        {t('buttons.retry')}
                      </Button>
                    </div>
                  ) : !isLoggedIn ? (
                    <p className="games-stage__hint">{t('pages.game.signInToPlay', { ns: 'layout' })}</p>
                  ) : null}
                </>
              )}
            </div>
          </div>
        )}
      </div>

      <section className="games-details" aria-labelledby="game-details-title">
        <h2 id="game-details-title" className="games-section__title">
          {t('games.details')}
        </h2>
        <div className="games-details__body">
          {game.description ? <p className="games-details__description">{game.description}</p> : null}
          <dl className="games-details__facts">
            <div>
              <dt>{t('pages.game.provider', { ns: 'layout' })}</dt>
              <dd>
                <Link to={localePath(providerPath(game.provider))}>{game.provider.name}</Link>
              </dd>
            </div>
            {game.rtp !== null ? (
              <div>
                <dt>{t('pages.game.rtp', { ns: 'layout' })}</dt>
                <dd>{formatRtp(game.rtp, locale)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('games.volatility.title')}</dt>
              <dd>
                <span className={`games-volatility games-volatility--${game.volatility}`} aria-hidden="true" />
                {t(VOLATILITY_TEXT[game.volatility])}
              </dd>
            </div>
            {game.paylines > 0 ? (
              <div>
                <dt>{t('games.paylines')}</dt>
                <dd>{formatNumber(game.paylines, locale)}</dd>
              </div>
            ) : null}
          </dl>
          <p className="games-details__wagering">
            <GamesIcon name="shield" size={18} />
            {t(game.isBonusWagering ? 'games.bonusWagering' : 'games.notBonusWagering')}
          </p>
          {game.collections.length > 0 ? (
            <ul className="games-details__tags">
              {game.collections
                .filter((collection) => !collection.isHidden)
                .map((collection) => (
                  <li key={collection.id}>
                    <Link className="games-chip games-chip--small" to={localePath(categoryPath(collection))}>
                      <GamesIcon name={collectionIcon(collection.identity)} size={16} />
                      <span>{collection.name}</span>
                    </Link>
                  </li>
                ))}
            </ul>
          ) : null}
        </div>
      </section>

      {firstCollection ? <RelatedGames game={game} collection={firstCollection} /> : null}
    </article>
  );
}

/** Games of the same (first) collection, without this one. */
function RelatedGames({ game, collection }: { game: Game; collection: Game['collections'][number] }) {
  const { t } = useTranslation('global-components');
  const { localePath } = useLocale();
  const related = useGames({ collectionIds: [collection.id], perPage: RELATED_PAGE_SIZE + 1 });
  const games = related.data?.data.filter((other) => other.id !== game.id).slice(0, RELATED_PAGE_SIZE);
  if (related.isError || (games && games.length === 0)) return null;
  return (
    <RailSection
      title={t('games.relatedGames')}
      icon="recommended"
      to={localePath(categoryPath(collection))}
      data-testid="related-games"
    >
      {(visible) => <RailTiles games={games} pending={related.isPending} visible={visible} />}
    </RailSection>
  );
}
