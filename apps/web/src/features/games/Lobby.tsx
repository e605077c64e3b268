import type { Collection } from '@croupier/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/app-settings';
import { useCurrencies } from '../settings';
import { useCollections, useGames, useProviders } from './api';
import { imageSources, ORIGINALS_COLLECTION, pickCollections, RAIL_PAGE_SIZE } from './logic';
import { CollectionRail, ProvidersRail } from './lists';
import { GameTileSkeleton } from './GameTile';
import { PlayedRail } from './PlayerRails';
import './currencies.css';
import './hero.css';
import './lobby.css';
import './rail.css';
import { ButtonLink } from '../../components/ui/ButtonLink';

/** Home rails in order; a collection the visitor does not have is skipped. */
export const HOME_RAILS = ['popular', 'new', ORIGINALS_COLLECTION, 'live', 'slots', 'jackpots', 'table-games'] as const;

/** Rails whose title comes from the home content (`layout:home.sections.*`); others use the collection name. */
const HOME_TITLES: Partial<Record<string, string>> = {
  popular: 'home.sections.popular',
  new: 'home.sections.new',
  live: 'home.sections.live',
  [ORIGINALS_COLLECTION]: 'home.sections.originals',
};

/**
 * The hero banner: welcome offer, call to action and a fan of popular game art. `offer` is the
 * offer line (the app passes the welcome package's first step); without it the content text.
 */
export function HomeHero({ featured, offer }: { featured: Collection | undefined; offer?: ReactNode }) {
  const { t } = useTranslation('layout');
  const { localePath } = useLocale();
  const games = useGames(
    { collectionIds: featured ? [featured.id] : [], perPage: RAIL_PAGE_SIZE },
    { enabled: featured !== undefined },
  );
  const art = (games.data?.data ?? []).slice(0, 3);
  return (
    <section className="games-hero" aria-labelledby="hero-title">
      <div className="games-hero__glow" aria-hidden="true" />
      <div className="games-hero__content">
        <p className="games-hero__offer">{offer ?? t('home.welcomeBonus.title')}</p>
        <h1 id="hero-title" className="games-hero__title">
          {t('home.hero.title')}
        </h1>
        <p className="games-hero__subtitle">{t('home.hero.subtitle')}</p>
        <div className="games-hero__actions">
          <ButtonLink shape="pill" variant="primary" size="large" to={localePath('/welcome-package')}>
            {t('home.hero.cta')}
          </ButtonLink>
          <ButtonLink shape="pill" variant="ghost" size="large" to={localePath('/casino')}>
            {t('navigation.casino')}
          </ButtonLink>
        </div>
        <p className="games-hero__terms">{t('home.welcomeBonus.terms')}</p>
      </div>
      <div className="games-hero__art" aria-hidden="true">
        {[0, 1, 2].map((index) => {
          const game = art[index];
          const sources = game ? imageSources(game.customImages?.['200x300'], game.images?.['200x300']) : null;
          return (
            <div key={index} className={`games-hero__card games-hero__card--${index}`}>
              {sources ? (
                <img
                  src={sources.src}
                  srcSet={sources.srcSet}
                  alt=""
                  width={200}
                  height={300}
                  fetchPriority={index === 1 ? 'high' : 'auto'}
                />
              ) : (
                <GameTileSkeleton />
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** Collection rails of the lobby (home or casino) with the providers strip after the `providersAfter`-th rail. */
export function LobbyRails({
  collections,
  titles = 'collection',
  providersAfter = 3,
}: {
  collections: readonly Collection[];
  titles?: 'home' | 'collection';
  providersAfter?: number;
}) {
  const { t } = useTranslation('layout');
  const providers = useProviders();
  const strip = (
    <ProvidersRail
      key="providers"
      title={t('home.sections.providers')}
      providers={providers.data}
      pending={providers.isPending}
    />
  );
  const rails = collections.map((collection) => {
    const key = titles === 'home' ? HOME_TITLES[collection.identity] : undefined;
    const originals = collection.identity === ORIGINALS_COLLECTION;
    return (
      <CollectionRail
        key={collection.id}
        collection={collection}
        title={key ? t(key) : undefined}
        variant={originals ? 'square' : 'vertical'}
        tone={originals ? 'highlight' : 'default'}
      />
    );
  });
  return (
    <div className="games-lobby">
      {rails.slice(0, providersAfter)}
      {providers.isError ? null : strip}
      {rails.slice(providersAfter)}
    </div>
  );
}

/** Placeholder rails while the collections load (same height as real ones). */
export function LobbySkeleton({ rails = 3 }: { rails?: number }) {
  return (
    <div className="games-lobby" aria-busy="true">
      {Array.from({ length: rails }, (_, index) => (
        <div key={index} className="games-section games-rail" aria-hidden="true">
          <div className="games-section__head">
            <span className="games-section__title games-section__title--skeleton" />
          </div>
          <div className="games-rail__scroller">
            <ul className="games-rail__track games-rail__track--vertical">
              {Array.from({ length: 8 }, (_, tile) => (
                <li key={tile} className="games-rail__item">
                  <GameTileSkeleton />
                </li>
              ))}
            </ul>
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The home page: hero, `afterHero` (the page's widgets, e.g. the winners feed), the
 * player's recently played games, the main collection rails, providers and the accepted
 * currencies.
 */
export function HomeLobby({ afterHero, offer }: { afterHero?: ReactNode; offer?: ReactNode }) {
  const collections = useCollections();
  const home = collections.listed ? pickCollections(collections.listed, HOME_RAILS) : undefined;
  const featured = home?.find((collection) => collection.identity === 'popular') ?? home?.[0];
  return (
    <div className="games-home">
      <HomeHero featured={featured} offer={offer} />
      {afterHero}
      <PlayedRail />
      {home ? <LobbyRails collections={home} titles="home" providersAfter={3} /> : <LobbySkeleton />}
      <CurrenciesStrip />
    </div>
  );
}

/** "Currencies we accept": every enabled currency as a chip (the browser tests read `currency-list`). */
export function CurrenciesStrip() {
  const { t } = useTranslation('layout');
  const currencies = useCurrencies();
  return (
    <section className="games-section games-currencies" aria-labelledby="currencies-title">
      <header className="games-section__head">
        <h2 id="currencies-title" className="games-section__title">
          {t('home.sections.currencies')}
        </h2>
      </header>
      {currencies.isPending ? (
        <ul className="games-currencies__list" aria-busy="true">
          {Array.from({ length: 12 }, (_, index) => (
            <li key={index} className="games-currency games-currency--skeleton" />
          ))}
        </ul>
      ) : currencies.isError ? (
        <p role="alert">{t('states.error', { ns: 'global-components' })}</p>
      ) : (
        <ul className="games-currencies__list" data-testid="currency-list">
          {currencies.data.map((currency) => (
            <li key={currency.code} className={`games-currency games-currency--${currency.type}`} title={currency.name}>
              <span className="games-currency__symbol" aria-hidden="true">
                {currency.symbol}
              </span>
              <span className="games-currency__code">{currency.code}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
