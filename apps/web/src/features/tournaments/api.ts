import { tournamentEndpoints, type TournamentDetail } from '@croupier/contract';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPaged } from '../../lib/api';
import { realtimeKeys } from '../../lib/query-keys';
import { TAB_STATES, type TournamentTab } from './logic';

export const TOURNAMENTS_PAGE_SIZE = 12;

export const tournamentKeys = {
  list: (tab: TournamentTab) => [...realtimeKeys.tournaments, 'list', tab] as const,
  /** The detail differs for a signed-in player (`playerEntry`). */
  detail: (idOrIdentity: string, signedIn: boolean) =>
    [...realtimeKeys.tournaments, 'detail', idOrIdentity, signedIn] as const,
  /** Every running tournament (the game frame's widget matches them to the game). */
  running: [...realtimeKeys.tournaments, 'running'] as const,
};

/** Running tournaments the widget looks through: more than a page of the list, fewer than the API's cap. */
const RUNNING_LIMIT = 100;

/** `GET /api/retention/tournaments` for one tab. */
export function useTournamentList(tab: TournamentTab) {
  return useQuery({
    queryKey: tournamentKeys.list(tab),
    queryFn: ({ signal }) =>
      callPaged(tournamentEndpoints.listTournaments, {
        query: { page: 1, perPage: TOURNAMENTS_PAGE_SIZE, state: TAB_STATES[tab] },
        signal,
      }),
    staleTime: 30_000,
  });
}

/** Every running tournament (`state[]=3`, up to RUNNING_LIMIT), for the game frame's widget. */
export function useRunningTournaments(enabled: boolean) {
  return useQuery({
    queryKey: tournamentKeys.running,
    queryFn: ({ signal }) =>
      callPaged(tournamentEndpoints.listTournaments, {
        query: { page: 1, perPage: RUNNING_LIMIT, state: TAB_STATES.running },
        signal,
      }),
    staleTime: 60_000,
    enabled,
  });
}

/** The query of `GET /api/retention/tournaments/{idOrIdentity}`. */
function tournamentQuery(idOrIdentity: string, signedIn: boolean) {
  return {
    queryKey: tournamentKeys.detail(idOrIdentity, signedIn),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      call(tournamentEndpoints.getTournament, { params: { tournamentId: idOrIdentity }, signal }),
    staleTime: 10_000,
  };
}

/** `GET /api/retention/tournaments/{idOrIdentity}`. */
export function useTournament(idOrIdentity: string, signedIn: boolean) {
  return useQuery(tournamentQuery(idOrIdentity, signedIn));
}

/** The details of several tournaments, in their order (the same cache as `useTournament`). */
export function useTournaments(idsOrIdentities: readonly string[], signedIn: boolean) {
  return useQueries({ queries: idsOrIdentities.map((idOrIdentity) => tournamentQuery(idOrIdentity, signedIn)) });
}

/** `POST /api/retention/tournaments/{id}/participate`: the answer is the player's entry. */
export function useParticipate(idOrIdentity: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(tournamentEndpoints.participate, { params: { tournamentId: idOrIdentity } }),
    onSuccess: (entry) => {
      queryClient.setQueryData<TournamentDetail>(tournamentKeys.detail(idOrIdentity, true), (cached) =>
        cached ? { ...cached, playerEntry: entry } : cached,
      );
      void queryClient.invalidateQueries({ queryKey: realtimeKeys.tournaments });
    },
  });
}
