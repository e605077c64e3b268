import { sportsbookEndpoints } from '@croupier/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { call, callPaged } from '../../lib/api';
import type { EventListStatus } from './logic';

export const EVENTS_PAGE_SIZE = 20;

/**
 * The sportsbook's query keys. Realtime seam: the live feed's channel updates these
 * entries in place (`setQueryData`) or invalidates the `all` prefix; nothing here polls.
 */
export const sportsbookKeys = {
  all: ['sportsbook'] as const,
  sports: ['sportsbook', 'sports'] as const,
  /** Every page of every list (a prefix). */
  eventLists: ['sportsbook', 'events'] as const,
  /** One page of one list. */
  events: (sportKey: string | null, status: EventListStatus, page: number) =>
    ['sportsbook', 'events', sportKey, status, page] as const,
  event: (eventId: string) => ['sportsbook', 'event', eventId] as const,
};

/** `GET /api/sportsbook/sports`: the sports with their live and upcoming counts. */
export function useSports() {
  return useQuery({
    queryKey: sportsbookKeys.sports,
    queryFn: ({ signal }) => call(sportsbookEndpoints.listSports, { signal }),
    staleTime: 30_000,
  });
}

/**
 * `GET /api/sportsbook/events` for a sport (all when null) and status: pages 1 to
 * `pageCount`, one query each ("load more" adds one). Separate queries rather than an
 * infinite query keep `useInfiniteQuery` out of the first-load bundle.
 */
export function useEventPages(sportKey: string | null, status: EventListStatus, pageCount: number) {
  return useQueries({
    queries: Array.from({ length: pageCount }, (_, index) => ({
      queryKey: sportsbookKeys.events(sportKey, status, index + 1),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callPaged(sportsbookEndpoints.listEvents, {
          query: { page: index + 1, perPage: EVENTS_PAGE_SIZE, status, ...(sportKey ? { sport: sportKey } : {}) },
          signal,
        }),
      staleTime: 15_000,
    })),
  });
}

/** `GET /api/sportsbook/events/{id}`: the event with every open or suspended market. */
export function useEvent(eventId: string) {
  return useQuery({
    queryKey: sportsbookKeys.event(eventId),
    queryFn: ({ signal }) => call(sportsbookEndpoints.getEvent, { params: { eventId }, signal }),
    staleTime: 15_000,
  });
}
