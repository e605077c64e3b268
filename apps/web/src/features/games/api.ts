import { gamesEndpoints, type Collection, type Game, type GameStartBody, type Provider } from '@croupier/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppSettings } from '../../lib/app-settings';
import { call, callPaged, hasApiStatus, type Paged } from '../../lib/api';
import { useProfile, useSession } from '../auth';
import {
  buildGamesParams,
  collectionsForCountry,
  gamesFilterKey,
  listedCollections,
  nextPageParam,
  type GamesFilter,
} from './logic';
import { PLAYED_LIMIT, toggledFavorites, WINNERS_LIMIT, winnersCountry, type GamePlatform } from './play';

/** Collections and providers change rarely: fresh for two minutes. */
const CATALOGUE_STALE_MS = 2 * 60_000;
const GAMES_STALE_MS = 60_000;

export type { Paged };

/** Query keys: catalogue data does not depend on the locale, so the locale is not part of them. */
export const gamesKeys = {
  all: ['games'] as const,
  collections: ['games', 'collections'] as const,
  providers: ['games', 'providers'] as const,
  provider: (idOrIdentity: string) => ['games', 'provider', idOrIdentity] as const,
  page: (filter: GamesFilter, page: number) => ['games', 'list', gamesFilterKey(filter), page] as const,
  infinite: (filter: GamesFilter) => ['games', 'infinite', gamesFilterKey(filter)] as const,
  game: (idOrIdentity: string) => ['games', 'game', idOrIdentity] as const,
  favorites: ['games', 'favorites'] as const,
  played: (platform: GamePlatform, country: string | null) => ['games', 'played', platform, country] as const,
  winners: (platform: GamePlatform, country: string) => ['games', 'winners', platform, country] as const,
};

const isNotFoundError = (error: unknown) =>
  hasApiStatus(error, 'NOT_FOUND') || hasApiStatus(error, 'VALIDATION_FAILED');

/** A missing game or provider is an answer, not a failure to retry. */
const retryUnlessMissing = (count: number, error: unknown) => !isNotFoundError(error) && count < 1;

export function isMissing(error: unknown): boolean {
  return isNotFoundError(error);
}

/** The visitor's country from the app's init answer (null when unknown). */
export function useVisitorCountry(): string | null {
  return useAppSettings().init?.country ?? null;
}

export const collectionsQuery = {
  queryKey: gamesKeys.collections,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(gamesEndpoints.listCollections, { signal }),
  staleTime: CATALOGUE_STALE_MS,
};

/**
 * Every collection available in the visitor's country, hidden ones included (for
 * look-ups such as the search suggestions). Use `listed` for what the visitor browses.
 */
export function useCollections() {
  const country = useVisitorCountry();
  const query = useQuery({
    ...collectionsQuery,
    select: (collections: Collection[]) => collectionsForCountry(collections, country),
  });
  const listed = query.data ? listedCollections(query.data) : undefined;
  return { ...query, listed };
}

/** Every provider, not paginated (the app start prefetches it). */
export const providersQuery = {
  queryKey: gamesKeys.providers,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(gamesEndpoints.listProviders, { signal }),
  staleTime: CATALOGUE_STALE_MS,
};

/** Every provider with enabled games (providers without any are hidden). */
export function useProviders() {
  return useQuery({
    ...providersQuery,
    select: (providers: Provider[]) => providers.filter((provider) => provider.gameEnabledCount > 0),
  });
}

/** One provider by identity or id; the providers list, when cached, answers at once. */
export function useProvider(idOrIdentity: string | undefined) {
  const queryClient = useQueryClient();
  const key = idOrIdentity ?? '';
  const listed = queryClient
    .getQueryData<Provider[]>(gamesKeys.providers)
    ?.find((provider) => provider.identity === key || provider.id === key);
  return useQuery({
    queryKey: gamesKeys.provider(key),
    queryFn: ({ signal }) => call(gamesEndpoints.getProvider, { params: { id: key }, signal }),
    enabled: key !== '',
    staleTime: CATALOGUE_STALE_MS,
    retry: retryUnlessMissing,
    placeholderData: listed,
  });
}

function withCountry(filter: GamesFilter, country: string | null): GamesFilter {
  return { ...filter, country: filter.country === undefined ? country : filter.country };
}

export function fetchGamesPage(filter: GamesFilter, page: number, signal?: AbortSignal) {
  return callPaged(gamesEndpoints.listGames, { query: buildGamesParams(filter, page), signal });
}

/**
 * One page of games (rails, search, related games). The visitor's country is sent
 * unless the filter says otherwise. `enabled: false` keeps it idle (e.g. waiting for
 * a collection id).
 */
export function useGames(filter: GamesFilter, options: { enabled?: boolean; keepPrevious?: boolean } = {}) {
  const country = useVisitorCountry();
  const full = withCountry(filter, country);
  return useQuery({
    queryKey: gamesKeys.page(full, 1),
    queryFn: ({ signal }) => fetchGamesPage(full, 1, signal),
    enabled: options.enabled ?? true,
    staleTime: GAMES_STALE_MS,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}

/** Pages of games with "load more" (category and provider grids). */
export function useInfiniteGames(filter: GamesFilter, options: { enabled?: boolean } = {}) {
  const country = useVisitorCountry();
  const full = withCountry(filter, country);
  return useInfiniteQuery({
    queryKey: gamesKeys.infinite(full),
    queryFn: ({ signal, pageParam }) => fetchGamesPage(full, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: Paged<Game>) => nextPageParam(last.meta),
    enabled: options.enabled ?? true,
    staleTime: GAMES_STALE_MS,
  });
}

/** One game by identity (page URLs) or id (winners, bonuses). */
export function useGame(idOrIdentity: string | undefined) {
  const key = idOrIdentity ?? '';
  return useQuery({
    queryKey: gamesKeys.game(key),
    queryFn: ({ signal }) => call(gamesEndpoints.getGame, { params: { idOrIdentity: key }, signal }),
    enabled: key !== '',
    staleTime: GAMES_STALE_MS,
    retry: retryUnlessMissing,
  });
}

/** Launches a game (`gamesEndpoints.launchGame`): a session token and the frame URL (guests: demo only). */
export function useLaunchGame(identity: string) {
  return useMutation({
    mutationFn: (body: GameStartBody) => call(gamesEndpoints.launchGame, { params: { id: identity }, body }),
  });
}

/** The signed-in player's favourite games (an empty list for guests, never fetched). */
export function useFavorites() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: gamesKeys.favorites,
    queryFn: ({ signal }) => call(gamesEndpoints.listFavourites, { signal }),
    enabled: isLoggedIn,
    staleTime: GAMES_STALE_MS,
  });
}

/**
 * Adds or removes a favourite: the list changes at once and goes back if the server
 * refuses; the server's answer (the whole updated list) then replaces it.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ game, favorite }: { game: Game; favorite: boolean }) =>
      call(favorite ? gamesEndpoints.addFavourite : gamesEndpoints.removeFavourite, { params: { id: game.id } }),
    onMutate: async ({ game, favorite }) => {
      await queryClient.cancelQueries({ queryKey: gamesKeys.favorites });
      const previous = queryClient.getQueryData<Game[]>(gamesKeys.favorites);
      queryClient.setQueryData<Game[]>(gamesKeys.favorites, toggledFavorites(previous ?? [], game, favorite));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      queryClient.setQueryData(gamesKeys.favorites, context?.previous);
    },
    onSuccess: (favorites) => {
      queryClient.setQueryData(gamesKeys.favorites, favorites);
    },
  });
}

/** The signed-in player's recently played games for this platform and country (18). */
export function usePlayedGames(platform: GamePlatform, options: { enabled?: boolean } = {}) {
  const { isLoggedIn } = useSession();
  const country = useVisitorCountry();
  return useQuery({
    queryKey: gamesKeys.played(platform, country),
    queryFn: ({ signal }) =>
      call(gamesEndpoints.listPlayed, {
        query: { perPage: PLAYED_LIMIT, platform, countryCode: country ?? undefined },
        signal,
      }),
    enabled: isLoggedIn && (options.enabled ?? true),
    staleTime: GAMES_STALE_MS,
  });
}

/** The country of the winners feed: the profile's, else the visitor's, else UA. */
export function useWinnersCountry(): string {
  const profile = useProfile();
  return winnersCountry(profile.data?.country, useVisitorCountry());
}

/** The latest big wins for the visitor's platform and country (12). */
export function useWinners(platform: GamePlatform, country: string) {
  return useQuery({
    queryKey: gamesKeys.winners(platform, country),
    queryFn: ({ signal }) =>
      call(gamesEndpoints.listWinners, {
        query: { perPage: WINNERS_LIMIT, platform, countryCode: country },
        signal,
      }),
    staleTime: GAMES_STALE_MS,
  });
}
