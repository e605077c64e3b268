import type { Collection, PaginationMeta } from '@croupier/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  badgeLabels,
  buildGamesParams,
  collectionsForCountry,
  createDebouncer,
  gamesFilterKey,
  imageSources,
  isCollectionAvailable,
  isGameRestricted,
  listedCollections,
  matchesName,
  nextPageParam,
  pagedProgress,
  parseSort,
  pendingTiles,
  pickCollections,
  searchTerm,
} from './logic';

const collection = (identity: string, countries: string[] = [], isHidden = false): Collection => ({
  id: `id-${identity}`,
  identity,
  name: identity,
  countries,
  isHidden,
  gameCount: 1,
});

const meta = (page: number, totalPages: number, totalRows = totalPages * 24): PaginationMeta => ({
  page,
  perPage: 24,
  totalPages,
  totalRows,
});

describe('collections by country', () => {
  const all = [
    collection('popular'),
    collection('brazil', ['BR', 'PT']),
    collection('germany', ['DE']),
    collection('hidden', [], true),
  ];

  it('shows collections without countries everywhere', () => {
    expect(isCollectionAvailable(collection('popular'), 'DE')).toBe(true);
    expect(isCollectionAvailable(collection('popular'), null)).toBe(true);
  });

  it("shows a country-limited collection only to that country's visitors", () => {
    expect(collectionsForCountry(all, 'BR').map((c) => c.identity)).toEqual(['popular', 'brazil', 'hidden']);
    expect(collectionsForCountry(all, 'DE').map((c) => c.identity)).toEqual(['popular', 'germany', 'hidden']);
  });

  it('compares country codes case-insensitively', () => {
    expect(collectionsForCountry(all, 'pt').map((c) => c.identity)).toEqual(['popular', 'brazil', 'hidden']);
  });

  it('hides every country-limited collection from a visitor of unknown country', () => {
    expect(collectionsForCountry(all, null).map((c) => c.identity)).toEqual(['popular', 'hidden']);
    expect(collectionsForCountry(all, undefined).map((c) => c.identity)).toEqual(['popular', 'hidden']);
  });

  it('lists only collections that are not hidden, keeping the order', () => {
    expect(listedCollections(collectionsForCountry(all, 'BR')).map((c) => c.identity)).toEqual(['popular', 'brazil']);
  });

  it('picks named collections in the asked order and skips missing ones', () => {
    expect(pickCollections(all, ['germany', 'nope', 'popular']).map((c) => c.identity)).toEqual(['germany', 'popular']);
  });
});

describe('games query', () => {
  it('sends filters as arrays, the visitor country upper-cased and the first page by default', () => {
    expect(buildGamesParams({ collectionIds: ['c1'], providerIds: ['p1', 'p2'], country: 'br', perPage: 18 })).toEqual({
      page: 1,
      perPage: 18,
      collectionId: ['c1'],
      providerId: ['p1', 'p2'],
      gameId: undefined,
      identity: undefined,
      name: undefined,
      countries: ['BR'],
      sortBy: undefined,
      sortOrder: undefined,
    });
  });

  it('leaves out empty lists, an unknown country and the default sort', () => {
    const params = buildGamesParams({ collectionIds: [], country: null, sort: 'default' }, 3);
    expect(params.page).toBe(3);
    expect(params.perPage).toBe(24);
    expect(params.collectionId).toBeUndefined();
    expect(params.countries).toBeUndefined();
    expect(params.sortBy).toBeUndefined();
  });

  it('gives each sort its natural direction', () => {
    expect(buildGamesParams({ sort: 'name' })).toMatchObject({ sortBy: 'name', sortOrder: 'asc' });
    expect(buildGamesParams({ sort: 'score' })).toMatchObject({ sortBy: 'score', sortOrder: 'desc' });
    expect(buildGamesParams({ sort: 'newest' })).toMatchObject({ sortBy: 'newest', sortOrder: 'desc' });
  });

  it('sends the search text only from 2 characters, trimmed', () => {
    expect(buildGamesParams({ name: ' a ' }).name).toBeUndefined();
    expect(buildGamesParams({ name: '  go ' }).name).toBe('go');
  });

  it('builds the same cache key for equivalent filters, without the page', () => {
    const a = gamesFilterKey({ collectionIds: ['c1'], sort: 'default', country: 'de', providerIds: [] });
    const b = gamesFilterKey({ country: 'DE', collectionIds: ['c1'] });
    expect(a).toEqual(b);
    expect(a).not.toHaveProperty('page');
    expect(gamesFilterKey({ collectionIds: ['c1'], sort: 'name' })).not.toEqual(
      gamesFilterKey({ collectionIds: ['c1'] }),
    );
  });

  it('reads unknown sort values as the default', () => {
    expect(parseSort('name')).toBe('name');
    expect(parseSort('price')).toBe('default');
    expect(parseSort(null)).toBe('default');
  });
});

describe('load more', () => {
  it('asks for the next page until the last one', () => {
    expect(nextPageParam(meta(1, 3))).toBe(2);
    expect(nextPageParam(meta(2, 3))).toBe(3);
    expect(nextPageParam(meta(3, 3))).toBeUndefined();
  });

  it('stops on an empty list and without meta', () => {
    expect(nextPageParam(meta(1, 0, 0))).toBeUndefined();
    expect(nextPageParam(undefined)).toBeUndefined();
  });

  it('counts shown items out of the total', () => {
    const pages = [
      { data: new Array(24).fill(0), meta: meta(1, 2, 41) },
      { data: new Array(17).fill(0), meta: meta(2, 2, 41) },
    ];
    expect(pagedProgress(pages.slice(0, 1))).toEqual({ shown: 24, total: 41, hasMore: true });
    expect(pagedProgress(pages)).toEqual({ shown: 41, total: 41, hasMore: false });
    expect(pagedProgress([])).toEqual({ shown: 0, total: 0, hasMore: false });
  });

  it('shows as many skeletons as tiles are still coming', () => {
    expect(pendingTiles(24, 41, 24)).toBe(17);
    expect(pendingTiles(24, 100, 24)).toBe(24);
    expect(pendingTiles(41, 41, 24)).toBe(0);
    expect(pendingTiles(0, 0, 24)).toBe(24);
  });
});

describe('search', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches from 2 characters, ignoring surrounding spaces', () => {
    expect(searchTerm('')).toBeUndefined();
    expect(searchTerm('a')).toBeUndefined();
    expect(searchTerm(' a  ')).toBeUndefined();
    expect(searchTerm('ab')).toBe('ab');
    expect(searchTerm('  koi fortune ')).toBe('koi fortune');
  });

  it('runs once with the latest value 300 ms after the last push', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const debouncer = createDebouncer<string>(run);
    debouncer.push('ro');
    vi.advanceTimersByTime(200);
    debouncer.push('roc');
    vi.advanceTimersByTime(299);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith('roc');
  });

  it('drops a pending value when cancelled', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const debouncer = createDebouncer<string>(run, 300);
    debouncer.push('ro');
    debouncer.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
  });

  it('matches provider names case- and accent-insensitively', () => {
    expect(matchesName('Golden Koi Studios', 'koi')).toBe(true);
    expect(matchesName('Señor Spins', 'senor')).toBe(true);
    expect(matchesName('Nebula Forge', 'tide')).toBe(false);
    expect(matchesName('Nebula Forge', '  ')).toBe(true);
  });
});

describe('tiles and game page', () => {
  it('prefers the custom artwork and lists every density', () => {
    expect(imageSources({ '1x': '/c.svg', '2x': '/c@2.svg' }, { '1x': '/d.svg' })).toEqual({
      src: '/c.svg',
      srcSet: '/c.svg 1x, /c@2.svg 2x',
    });
    expect(imageSources({ '1x': '' }, { '1x': '/d.svg' })).toEqual({ src: '/d.svg' });
    expect(imageSources(undefined, undefined)).toBeNull();
  });

  it('orders known labels as badges and caps them', () => {
    const labels = ['new', 'unknown', 'hot', 'exclusive', 'jackpot'].map((name) => ({ name }));
    expect(badgeLabels(labels)).toEqual(['exclusive', 'jackpot']);
    expect(badgeLabels([{ name: 'HOT' }, { name: 'new' }], 3)).toEqual(['hot', 'new']);
  });

  it("restricts a game in the visitor's country only", () => {
    expect(isGameRestricted(['US', 'GB'], 'gb')).toBe(true);
    expect(isGameRestricted(['US', 'GB'], 'DE')).toBe(false);
    expect(isGameRestricted(['US'], null)).toBe(false);
  });
});
