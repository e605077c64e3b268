import type { GamesQuery, Provider } from '@croupier/contract';

/** Pure rules of the catalogue: reference matching, search patterns, orderings. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * Clients address games, providers and collections by id or by identity (the URL slug).
 * Ids are compared case-insensitively (a UUID's hex may come in either case); identities
 * are lower-case slugs, so the reference is lower-cased for them too.
 */
export function matchesRef(item: { id: string; identity: string }, ref: string): boolean {
  const lowered = ref.toLowerCase();
  return item.id.toLowerCase() === lowered || item.identity === lowered;
}

/** The items any of the references point at, in the items' own order. */
export function resolveRefs<T extends { id: string; identity: string }>(
  items: readonly T[],
  refs: readonly string[],
): T[] {
  return items.filter((item) => refs.some((ref) => matchesRef(item, ref)));
}

/** References to games, split for SQL: only UUID-shaped values may be compared with the uuid column. */
export function splitGameRefs(refs: readonly string[]): { ids: string[]; identities: string[] } {
  const lowered = [...new Set(refs.map((ref) => ref.toLowerCase()))];
  return { ids: lowered.filter(isUuid), identities: lowered };
}

/** A case-insensitive "contains" pattern for ILIKE, with the text's own `%`, `_` and `\` taken literally. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A collection limited to some countries is shown only to visitors from one of them. */
export function collectionShownTo(collection: { countries: readonly string[] }, countries: readonly string[]): boolean {
  return collection.countries.length === 0 || collection.countries.some((code) => countries.includes(code));
}

export type SortDirection = 'asc' | 'desc';

/** How a page of games is ordered; the repository turns it into SQL. */
export type GameOrder =
  | { by: 'identities'; identities: string[]; direction: SortDirection }
  | { by: 'collection'; collectionId: string; direction: SortDirection }
  | { by: 'position' | 'score' | 'name' | 'newest'; direction: SortDirection };

const DEFAULT_DIRECTION: Record<GamesQuery['sortBy'], SortDirection> = {
  default: 'asc',
  score: 'desc', // most popular first
  name: 'asc',
  newest: 'desc', // latest release first
};

/**
 * The ordering of a games query. `default` keeps the order the client asked for when it
 * lists identities, the collection's own order when it browses one collection, and the
 * lobby order otherwise.
 */
export function gameOrder(options: {
  sortBy: GamesQuery['sortBy'];
  sortOrder?: SortDirection | undefined;
  identities?: string[] | undefined;
  collectionIds?: string[] | undefined;
}): GameOrder {
  const direction = options.sortOrder ?? DEFAULT_DIRECTION[options.sortBy];
  if (options.sortBy !== 'default') return { by: options.sortBy, direction };
  if (options.identities && options.identities.length > 0)
    return { by: 'identities', identities: options.identities, direction };
  const [only, ...others] = options.collectionIds ?? [];
  if (only !== undefined && others.length === 0) return { by: 'collection', collectionId: only, direction };
  return { by: 'position', direction };
}

export type ProviderSort = 'name' | 'gameEnabledCount' | 'default';

/** Providers in the requested order; ties fall back to the catalogue order. */
export function sortProviders(
  providers: readonly Provider[],
  sortBy: ProviderSort,
  sortOrder?: SortDirection,
): Provider[] {
  const direction = sortOrder ?? (sortBy === 'gameEnabledCount' ? 'desc' : 'asc');
  const sign = direction === 'asc' ? 1 : -1;
  const indexed = providers.map((provider, index) => ({ provider, index }));
  indexed.sort((a, b) => {
    let difference = 0;
    if (sortBy === 'name') difference = compareText(a.provider.name, b.provider.name);
    else if (sortBy === 'gameEnabledCount') difference = a.provider.gameEnabledCount - b.provider.gameEnabledCount;
    else difference = a.index - b.index;
    return difference !== 0 ? sign * difference : a.index - b.index;
  });
  return indexed.map((entry) => entry.provider);
}

function compareText(a: string, b: string): number {
  return a.localeCompare(b, 'en', { sensitivity: 'base' });
}

/** Case-insensitive substring match, as the games search does in SQL. */
export function nameContains(name: string, search: string): boolean {
  return name.toLowerCase().includes(search.toLowerCase());
}
