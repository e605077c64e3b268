import {
  GAME_SESSION_HEADER,
  gamesEndpoints,
  sportsbookBettingEndpoints,
  sportsbookEndpoints,
  type PlaceTicketBody,
  type SportsbookTicket,
} from '@croupier/contract';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, call, callPaged, type Paged } from '../../lib/api';
import { useLocale } from '../../lib/app-settings';
import { isMobileBrowser } from '../../lib/environment';
import { realtimeKeys } from '../../lib/query-keys';
import { decodeTokenClaims, useSession } from '../auth';
import { useActiveAccount } from '../wallet';
import { createGameSession, type GameSession } from './game-session';
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
  /** The betting session's limits and balance, per game session owner. */
  session: (owner: string) => ['sportsbook', 'session', owner] as const,
  /** My bets: under the realtime prefix, so `sportsbook.ticket.updated` refetches them. */
  myTickets: [...realtimeKeys.sportsbookTickets, 'mine'] as const,
  tickets: (status: 'open' | 'settled', page: number) =>
    [...realtimeKeys.sportsbookTickets, 'mine', status, page] as const,
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

// ---------------------------------------------------------------------------
// Betting (docs/sportsbook.md, "Betting API"): the sportsbook is a game of the catalogue
// ---------------------------------------------------------------------------

/** The sportsbook's identity in the game catalogue. */
export const SPORTSBOOK_GAME_IDENTITY = 'betsy-sportsbook-betsy';
/** Tickets a page of my bets. */
export const TICKETS_PAGE_SIZE = 10;

let owned: { owner: string; session: GameSession } | null = null;

/**
 * The game session of the signed-in player's active account, launched when first needed
 * and kept in memory (never stored: the token is short-lived). Another player, a sign-out
 * or a switch of the active account (another currency) starts afresh.
 */
function gameSessionOf(owner: string, launch: () => Promise<string>): GameSession {
  if (owned?.owner !== owner) owned = { owner, session: createGameSession(launch) };
  return owned.session;
}

/**
 * The player's betting session: `run` calls an endpoint with the token; null for guests
 * and until the wallet's accounts are known. `owner` is the player and the account.
 */
export function useGameSession(): { owner: string; run: GameSession['run'] } | null {
  const { token } = useSession();
  const { locale } = useLocale();
  const accountId = useActiveAccount()?.id;
  return useMemo(() => {
    if (!token || !accountId) return null;
    // The player, not the access token: a refreshed token keeps the game session.
    const sub = decodeTokenClaims(token)?.sub;
    const owner = `${typeof sub === 'string' ? sub : token}:${accountId}`;
    const session = gameSessionOf(owner, async () => {
      const answer = await call(gamesEndpoints.launchGame, {
        params: { id: SPORTSBOOK_GAME_IDENTITY },
        body: {
          demoMode: false,
          accountId,
          locale,
          platform: isMobileBrowser() ? 1 : 2,
          lobbyUrl: new URL('/betting', window.location.origin).href,
        },
      });
      return answer.token;
    });
    return { owner, run: session.run };
  }, [token, locale, accountId]);
}

const sessionHeaders = (token: string) => ({ [GAME_SESSION_HEADER]: token });

/** A refusal (4xx) is an answer to show, not a failure to retry. */
const retryServerErrors = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

/** `GET /api/sportsbook/session`: currency, balance, stake limits, live delay (launches the game first). */
export function useBettingSession(enabled: boolean) {
  const session = useGameSession();
  return useQuery({
    queryKey: sportsbookKeys.session(session?.owner ?? ''),
    queryFn: ({ signal }) =>
      session!.run((token) => call(sportsbookBettingEndpoints.session, { headers: sessionHeaders(token), signal })),
    enabled: enabled && session !== null,
    staleTime: 30_000,
    retry: retryServerErrors,
  });
}

/** Places one ticket (`POST /api/sportsbook/tickets`). */
export function usePlaceTicket() {
  const session = useGameSession();
  return useMemo(
    () => (body: PlaceTicketBody) => {
      if (!session) return Promise.reject(new ApiError(401, 0, 'no session'));
      return session.run((token) =>
        call(sportsbookBettingEndpoints.placeTicket, { body, headers: sessionHeaders(token) }),
      );
    },
    [session],
  );
}

/** After bets or a cash-out: my bets, the balance and the session's balance are read again. */
export function useAfterMoneyMoved() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: realtimeKeys.sportsbookTickets }),
      queryClient.invalidateQueries({ queryKey: realtimeKeys.walletAccounts }),
      queryClient.invalidateQueries({ queryKey: ['sportsbook', 'session'] }),
    ]);
}

/** `GET /api/sportsbook/tickets?status=`: one page of my open or settled tickets. */
export function useTickets(status: 'open' | 'settled', page: number, enabled: boolean) {
  const session = useGameSession();
  return useQuery({
    queryKey: sportsbookKeys.tickets(status, page),
    queryFn: ({ signal }) =>
      session!.run((token) =>
        callPaged(sportsbookBettingEndpoints.listTickets, {
          query: { status, page, perPage: TICKETS_PAGE_SIZE },
          headers: sessionHeaders(token),
          signal,
        }),
      ),
    enabled: enabled && session !== null,
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

/**
 * `POST …/cash-out` with the offer the player saw. The answer replaces the ticket in the
 * lists at once; then the lists and balances are read again. A changed offer (17008) or
 * none (17007) refetches the lists so that the new offer shows.
 */
export function useCashOut() {
  const session = useGameSession();
  const queryClient = useQueryClient();
  const afterMoneyMoved = useAfterMoneyMoved();
  return useMutation({
    mutationFn: ({ ticketId, amount }: { ticketId: string; amount: number }) => {
      if (!session) return Promise.reject(new ApiError(401, 0, 'no session'));
      return session.run((token) =>
        call(sportsbookBettingEndpoints.cashOut, {
          params: { ticketId },
          body: { amount },
          headers: sessionHeaders(token),
        }),
      );
    },
    onSuccess: async (ticket) => {
      queryClient.setQueriesData<Paged<SportsbookTicket>>({ queryKey: sportsbookKeys.myTickets }, (page) =>
        page ? { ...page, data: page.data.map((item) => (item.id === ticket.id ? ticket : item)) } : page,
      );
      await afterMoneyMoved();
    },
    onError: () => queryClient.invalidateQueries({ queryKey: realtimeKeys.sportsbookTickets }),
  });
}

/** A v4 uuid for a placement's `requestId`. */
export function newRequestId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // An insecure origin has no randomUUID: the id only has to be unique to this player.
  const hex = Array.from({ length: 32 }, (_, index) =>
    index === 12
      ? '4'
      : index === 16
        ? '89ab'.charAt(Math.floor(Math.random() * 4))
        : Math.floor(Math.random() * 16).toString(16),
  ).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
