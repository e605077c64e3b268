import type { Collection, GameImages, PaginationMeta } from '@croupier/contract';

/** Games per page of a grid (category, provider) and per collection rail. */
export const GRID_PAGE_SIZE = 24;
export const RAIL_PAGE_SIZE = 18;
export const SEARCH_PAGE_SIZE = 18;
export const RELATED_PAGE_SIZE = 12;

/** The client searches from 2 characters, 300 ms after the last keystroke. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 300;

/** Lazy images start loading this far outside the viewport. */
export const LAZY_ROOT_MARGIN = '400px';

/** Collections with a special meaning (identities the catalogue treats apart). */
export const SUGGESTIONS_COLLECTION = 'turbogames';
export const ORIGINALS_COLLECTION = 'originals';

export const GAME_SORT_OPTIONS = ['default', 'score', 'name', 'newest'] as const;
export type GameSort = (typeof GAME_SORT_OPTIONS)[number];

export function parseSort(value: string | null | undefined): GameSort {
  return (GAME_SORT_OPTIONS as readonly string[]).includes(value ?? '') ? (value as GameSort) : 'default';
}

/** A collection as listed (the game's own `collections` omit the count). */
type CollectionLike = Pick<Collection, 'countries' | 'isHidden'>;

/**
 * Whether a collection shows to a visitor: an empty `countries` list means everywhere,
 * otherwise only visitors from one of those countries see it (an unknown country
 * therefore sees only the unrestricted collections).
 */
export function isCollectionAvailable(collection: Pick<Collection, 'countries'>, country: string | null | undefined) {
  if (collection.countries.length === 0) return true;
  if (!country) return false;
  const code = country.toUpperCase();
  return collection.countries.some((allowed) => allowed.toUpperCase() === code);
}

/** The collections available in the visitor's country, in the server's order. */
export function collectionsForCountry<T extends CollectionLike>(
  collections: readonly T[],
  country: string | null | undefined,
): T[] {
  return collections.filter((collection) => isCollectionAvailable(collection, country));
}

/** The collections a visitor browses (chips, lists, the `/categories` redirect): not hidden. */
export function listedCollections<T extends CollectionLike>(collections: readonly T[]): T[] {
  return collections.filter((collection) => !collection.isHidden);
}

/** Picks the named collections in the order asked, skipping those that do not exist. */
export function pickCollections<T extends Pick<Collection, 'identity'>>(
  collections: readonly T[],
  identities: readonly string[],
): T[] {
  return identities.flatMap((identity) => collections.find((collection) => collection.identity === identity) ?? []);
}

/** What a games list is filtered by; `page` is added per request. */
export interface GamesFilter {
  collectionIds?: readonly string[];
  providerIds?: readonly string[];
  gameIds?: readonly string[];
  identities?: readonly string[];
  /** Search text; sent only when it is long enough to search. */
  name?: string;
  sort?: GameSort;
  perPage?: number;
  /** The visitor's country: the server drops games not allowed there. */
  country?: string | null;
}

export type GamesParams = Record<string, string | number | readonly string[] | undefined>;

const nonEmpty = (values: readonly string[] | undefined) => (values && values.length > 0 ? [...values] : undefined);

/** Sort orders that read naturally for each sort (A–Z, most popular and newest first). */
const SORT_ORDER: Record<GameSort, 'asc' | 'desc' | undefined> = {
  default: undefined,
  score: 'desc',
  name: 'asc',
  newest: 'desc',
};

/** The `GET /api/game/games` query of one page (bracket arrays are added by the API client). */
export function buildGamesParams(filter: GamesFilter, page = 1): GamesParams {
  const sort = filter.sort ?? 'default';
  const name = searchTerm(filter.name ?? '');
  return {
    page,
    perPage: filter.perPage ?? GRID_PAGE_SIZE,
    collectionId: nonEmpty(filter.collectionIds),
    providerId: nonEmpty(filter.providerIds),
    gameId: nonEmpty(filter.gameIds),
    identity: nonEmpty(filter.identities),
    name,
    countries: filter.country ? [filter.country.toUpperCase()] : undefined,
    sortBy: sort === 'default' ? undefined : sort,
    sortOrder: SORT_ORDER[sort],
  };
}

/**
 * A stable cache key part for a filter: the same filter written in another property
 * order, or with empty lists, gives the same key. Locale-independent on purpose.
 */
export function gamesFilterKey(filter: GamesFilter): GamesParams {
  const { page: _page, ...params } = buildGamesParams(filter);
  const entries = Object.entries(params).filter(([, value]) => value !== undefined);
  return Object.fromEntries<GamesParams[string]>(entries);
}

/** The page after the last loaded one, or undefined when the list is complete ("load more"). */
export function nextPageParam(meta: Pick<PaginationMeta, 'page' | 'totalPages'> | undefined): number | undefined {
  if (!meta) return undefined;
  return meta.page < meta.totalPages ? meta.page + 1 : undefined;
}

/** "x of total" for a paged list: how many are shown, out of how many, and whether more exist. */
export function pagedProgress(pages: readonly { data: readonly unknown[]; meta: PaginationMeta }[]): {
  shown: number;
  total: number;
  hasMore: boolean;
} {
  const last = pages.at(-1);
  const shown = pages.reduce((sum, page) => sum + page.data.length, 0);
  return { shown, total: last?.meta.totalRows ?? 0, hasMore: nextPageParam(last?.meta) !== undefined };
}

/** How many skeleton tiles the next page will add: a full page, or what is left. */
export function pendingTiles(shown: number, total: number, perPage: number): number {
  if (total <= 0) return perPage;
  return Math.max(0, Math.min(perPage, total - shown));
}

/** The search text that is sent, or undefined when it is too short to search. */
export function searchTerm(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed.length >= SEARCH_MIN_LENGTH ? trimmed : undefined;
}

/**
 * Calls `run` with the latest value once `ms` have passed without a new `push`.
 * Timers are injectable for tests.
 */
export function createDebouncer<T>(
  run: (value: T) => void,
  ms = SEARCH_DEBOUNCE_MS,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void } = {
    set: (fn, delay) => setTimeout(fn, delay),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
) {
  let handle: unknown;
  let pending = false;
  return {
    push(value: T) {
      if (pending) timers.clear(handle);
      pending = true;
      handle = timers.set(() => {
        pending = false;
        run(value);
      }, ms);
    },
    cancel() {
      if (pending) timers.clear(handle);
      pending = false;
    },
  };
}

type Densities = GameImages['200x200'];

/** `src` and `srcSet` of a picture; the operator's custom artwork is preferred. */
export function imageSources(
  custom: Densities | undefined,
  fallback: Densities | undefined,
): { src: string; srcSet?: string } | null {
  const images = custom?.['1x'] ? custom : fallback;
  if (!images?.['1x']) return null;
  const entries = (['1x', '2x', '3x'] as const).flatMap((density) =>
    images[density] ? [`${images[density]} ${density}`] : [],
  );
  return { src: images['1x'], ...(entries.length > 1 ? { srcSet: entries.join(', ') } : {}) };
}

/** Whether the visitor's country may not play the game. */
export function isGameRestricted(restrictedCountries: readonly string[], country: string | null | undefined): boolean {
  if (!country) return false;
  const code = country.toUpperCase();
  return restrictedCountries.some((restricted) => restricted.toUpperCase() === code);
}

/** Label names shown as badges, in a fixed order of importance (unknown names are skipped). */
export const BADGE_LABELS = ['exclusive', 'jackpot', 'hot', 'new'] as const;
export type BadgeLabel = (typeof BADGE_LABELS)[number];

export function badgeLabels(labels: readonly { name: string }[], max = 2): BadgeLabel[] {
  const names = new Set(labels.map((label) => label.name.toLowerCase()));
  return BADGE_LABELS.filter((badge) => names.has(badge)).slice(0, max);
}

/** Case-insensitive, accent-insensitive name match for client-side filters (providers). */
export function matchesName(name: string, query: string): boolean {
  const fold = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .trim();
  const needle = fold(query);
  return needle === '' || fold(name).includes(needle);
}
