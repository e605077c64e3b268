import {
  MAX_FAVOURITE_GAMES,
  type Collection,
  type Game,
  type GameImages,
  type GamesQuery,
  type PaginationMeta,
  type PlayedGamesQuery,
  type Provider,
  type providersQuerySchema,
} from '@croupier/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { pageMeta, pageOffset } from '../../lib/pagination';
import {
  collectionShownTo,
  gameOrder,
  isUuid,
  likeContains,
  matchesRef,
  nameContains,
  resolveRefs,
  sortProviders,
  splitGameRefs,
} from './catalogue';
import type { CollectionRow, GameFilter, GameRow, GamesRepository, LabelRow, ProviderRow } from './repository';
import { cached } from '../../lib/cached';

/**
 * The catalogue changes rarely (the seed, an operator's edit); each process keeps it this
 * long before reading again, pages of games included: an edit shows within this time,
 * as the lists' max-age already lets browsers and CDNs keep them.
 */
const CACHE_TTL_MS = 30_000;
/** Pages of games kept per query (the lobby asks for a few dozen; searches make the rest). */
const MAX_CACHED_PAGES = 500;

export type GamesPage = { data: Game[]; meta: PaginationMeta };

export type ProvidersQuery = z.output<typeof providersQuerySchema>;
type CollectionSummary = Game['collections'][number];
type GameLabel = Game['labels'][number];

/** Providers, collections and labels, read together and kept briefly. */
interface Reference {
  /** Which load of the reference data this is (a process-wide counter): answers built from it carry it. */
  generation: number;
  /** Enabled providers in catalogue order, also those without enabled games (for lookups). */
  providers: Provider[];
  /** The list clients see: providers with at least one enabled game. */
  listedProviders: Provider[];
  /** Sorted copies of listedProviders, one per sort, so that a cached response is reused. */
  providerSorts: Map<string, Provider[]>;
  collections: Collection[];
  visibleCollections: Collection[];
  collectionSummaries: Map<string, CollectionSummary>;
  labels: Map<string, GameLabel>;
  /**
   * Pages of games by query, built from this reference data and dropped with it. The pages
   * are shared between requests, so their responses are cached (bytes and ETag) with them.
   */
  pages: Map<string, Promise<GamesPage>>;
}

function toProvider(row: ProviderRow): Provider {
  const logo = { '116x40': { '1x': row.logo_path } };
  return {
    id: row.id,
    identity: row.identity,
    name: row.name,
    gameEnabledCount: row.game_enabled_count,
    images: logo,
    customImages: logo,
  };
}

function toCollection(row: CollectionRow): Collection {
  return {
    id: row.id,
    identity: row.identity,
    name: row.name,
    countries: row.countries,
    isHidden: row.is_hidden,
    gameCount: row.game_count,
  };
}

function toLabel(row: LabelRow): GameLabel {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at?.toISOString() ?? null,
  };
}

export function gameImages(square: string, vertical: string): GameImages {
  return { '200x200': { '1x': square }, '200x300': { '1x': vertical } };
}

const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));

function toGame(row: GameRow, provider: Provider, reference: Reference): Game {
  const images = gameImages(row.image_square_path, row.image_vertical_path);
  return {
    id: row.id,
    identity: row.identity,
    name: row.name,
    description: row.description,
    isDemoMode: row.is_demo_mode,
    provider,
    images,
    customImages: gameImages(
      row.custom_image_square_path ?? row.image_square_path,
      row.custom_image_vertical_path ?? row.image_vertical_path,
    ),
    labels: row.label_ids.flatMap((id) => reference.labels.get(id) ?? []),
    collections: row.collection_ids.flatMap((id) => reference.collectionSummaries.get(id) ?? []),
    isBonusWagering: row.is_bonus_wagering,
    minimumBonusWagerMultiplier: Number(row.minimum_bonus_wager_multiplier),
    volatility: row.volatility,
    paylines: row.paylines,
    type: row.type,
    platforms: row.platforms,
    screenHeightRatio: numberOrNull(row.screen_height_ratio),
    screenWidthRatio: numberOrNull(row.screen_width_ratio),
    rtp: numberOrNull(row.rtp),
    restrictedCountries: row.restricted_countries,
  };
}

export function createGamesService(options: { repository: GamesRepository }) {
  const { repository } = options;

  let loads = 0;
  const reference = cached(async (): Promise<Reference> => {
    const generation = (loads += 1);
    const providerRows = await repository.listProviders();
    const collectionRows = await repository.listCollections();
    const labelRows = await repository.listLabels();
    const providers = providerRows.map(toProvider);
    const collections = collectionRows.map(toCollection);
    return {
      generation,
      providers,
      listedProviders: providers.filter((p) => p.gameEnabledCount > 0),
      providerSorts: new Map(),
      collections,
      visibleCollections: collections.filter((c) => !c.isHidden),
      collectionSummaries: new Map(
        collections.map(({ gameCount: _gameCount, ...summary }) => [summary.id, summary] as const),
      ),
      labels: new Map(labelRows.map((row) => [row.id, toLabel(row)] as const)),
      pages: new Map(),
    };
  }, CACHE_TTL_MS);

  /** The provider of a game row; a provider added since the cache was filled triggers one reload. */
  async function providerOf(row: GameRow, current: Reference): Promise<{ provider: Provider; reference: Reference }> {
    const found = current.providers.find((p) => p.id === row.provider_id);
    if (found) return { provider: found, reference: current };
    reference.clear();
    const fresh = await reference.get();
    const provider = fresh.providers.find((p) => p.id === row.provider_id);
    if (!provider) throw new Error(`Provider ${row.provider_id} of game ${row.identity} is not in the catalogue`);
    return { provider, reference: fresh };
  }

  async function toGames(rows: GameRow[]): Promise<Game[]> {
    let current = await reference.get();
    const games: Game[] = [];
    for (const row of rows) {
      const resolved = await providerOf(row, current);
      current = resolved.reference;
      games.push(toGame(row, resolved.provider, current));
    }
    return games;
  }

  /** A page of games read from the database (the filters resolved against `current`). */
  async function findGames(query: GamesQuery, current: Reference): Promise<GamesPage> {
    const countries = query.countries ? [...new Set(query.countries.map((c) => c.toUpperCase()))] : undefined;
    const filter: GameFilter = {};
    if (query.collectionId) {
      // A collection limited to other countries than the visitor's contributes no games.
      filter.collectionIds = resolveRefs(current.collections, query.collectionId)
        .filter((c) => !countries || collectionShownTo(c, countries))
        .map((c) => c.id);
    }
    if (query.providerId) filter.providerIds = resolveRefs(current.providers, query.providerId).map((p) => p.id);
    if (query.gameId) filter.refs = splitGameRefs(query.gameId);
    const identities = query.identity ? [...new Set(query.identity.map((i) => i.toLowerCase()))] : undefined;
    if (identities) filter.identities = identities;
    if (query.name) filter.namePattern = likeContains(query.name);
    if (countries) filter.countries = countries;

    const { page, perPage } = query;
    const nothingCanMatch = [filter.collectionIds, filter.providerIds, filter.identities].some(
      (list) => list !== undefined && list.length === 0,
    );
    if (nothingCanMatch) return { data: [], meta: pageMeta({ page, perPage, totalRows: 0 }) };

    const order = gameOrder({
      sortBy: query.sortBy,
      sortOrder: query.sortOrder,
      identities,
      collectionIds: filter.collectionIds,
    });
    const { rows, totalRows } = await repository.findGames(filter, order, {
      limit: perPage,
      offset: pageOffset(page, perPage),
    });
    return { data: await toGames(rows), meta: pageMeta({ page, perPage, totalRows }) };
  }

  return {
    /** Collections shown in the lobby, in position order. The array is shared: cache its response. */
    async listCollections(): Promise<Collection[]> {
      return (await reference.get()).visibleCollections;
    },

    /**
     * Providers with enabled games. Without a name search or paging the array is shared
     * between requests (one per sort), so its response can be cached.
     */
    async listProviders(query: ProvidersQuery): Promise<Provider[]> {
      const current = await reference.get();
      const sortKey = `${query.sortBy}:${query.sortOrder ?? ''}`;
      let sorted = current.providerSorts.get(sortKey);
      if (!sorted) {
        sorted = sortProviders(current.listedProviders, query.sortBy, query.sortOrder);
        current.providerSorts.set(sortKey, sorted);
      }
      const search = query.name;
      let providers = search ? sorted.filter((p) => nameContains(p.name, search)) : sorted;
      // The list is not paged by default (clients read a plain array); perPage asks for a slice.
      if (query.perPage !== undefined) {
        const offset = pageOffset(query.page ?? 1, query.perPage);
        providers = providers.slice(offset, offset + query.perPage);
      }
      return providers;
    },

    /** An enabled provider by id or identity, also one whose games are not live yet. */
    async getProvider(ref: string): Promise<Provider> {
      const provider = (await reference.get()).providers.find((p) => matchesRef(p, ref));
      if (!provider) throw AppError.notFound('Provider not found.');
      return provider;
    },

    /**
     * A page of games. The page is shared between requests with the same query while the
     * catalogue is cached (never mutate it): its response can be cached as it is.
     */
    async listGames(query: GamesQuery): Promise<GamesPage> {
      const current = await reference.get();
      // The parsed query has its keys in the schema's order: equal queries give equal keys.
      const key = JSON.stringify(query);
      let page = current.pages.get(key);
      if (!page) {
        const loading = findGames(query, current);
        page = loading;
        // At the bound, the oldest query makes room; a failed read is not kept.
        if (current.pages.size >= MAX_CACHED_PAGES) current.pages.delete(current.pages.keys().next().value ?? '');
        current.pages.set(key, loading);
        loading.catch(() => {
          if (current.pages.get(key) === loading) current.pages.delete(key);
        });
      }
      return page;
    },

    /** An enabled game by id or identity. */
    async getGame(ref: string): Promise<Game> {
      const lowered = ref.toLowerCase();
      const row = await repository.findGame({ identity: lowered, ...(isUuid(lowered) ? { id: lowered } : {}) });
      if (!row) throw AppError.notFound('Game not found.');
      const [game] = await toGames([row]);
      if (!game) throw AppError.notFound('Game not found.');
      return game;
    },

    /** The player's favourite games that are playable now, the latest added first. */
    async listFavourites(playerId: string): Promise<Game[]> {
      return toGames(await repository.listFavouriteGames(playerId));
    },

    /** Adds a playable game (by id or identity) to the favourites; adding it again changes nothing. */
    async addFavourite(playerId: string, ref: string): Promise<Game[]> {
      const lowered = ref.toLowerCase();
      const row = await repository.findGame({ identity: lowered, ...(isUuid(lowered) ? { id: lowered } : {}) });
      if (!row) throw AppError.notFound('Game not found.');
      const outcome = await repository.addFavourite(playerId, row.id, MAX_FAVOURITE_GAMES);
      if (outcome === 'full') {
        throw new AppError(
          'CONFLICT',
          `You can keep up to ${MAX_FAVOURITE_GAMES} favourite games. Remove one to add another.`,
        );
      }
      return toGames(await repository.listFavouriteGames(playerId));
    },

    /**
     * Removes a game from the favourites; removing one that is not there is fine. A
     * disabled game can be removed too (it is only hidden from the list).
     */
    async removeFavourite(playerId: string, ref: string): Promise<Game[]> {
      const lowered = ref.toLowerCase();
      const id = await repository.findGameId({ identity: lowered, ...(isUuid(lowered) ? { id: lowered } : {}) });
      if (!id) throw AppError.notFound('Game not found.');
      await repository.removeFavourite(playerId, id);
      return toGames(await repository.listFavouriteGames(playerId));
    },

    /** Distinct games the player launched, the latest first, without games restricted in `countryCode`. */
    async listPlayed(playerId: string, query: PlayedGamesQuery): Promise<Game[]> {
      const filter: GameFilter = {};
      if (query.countryCode) filter.countries = [query.countryCode.toUpperCase()];
      if (query.platform !== undefined) filter.platform = query.platform;
      return toGames(await repository.listPlayedGames(playerId, filter, query.perPage));
    },

    /**
     * The generation of the catalogue now in memory, or undefined when none is loaded and
     * fresh: an answer remembered under this generation is still the answer (routes keep
     * the serialised answers of repeated URLs with it).
     */
    catalogueGeneration(): number | undefined {
      return reference.peek()?.generation;
    },

    clearCache(): void {
      reference.clear();
    },
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
