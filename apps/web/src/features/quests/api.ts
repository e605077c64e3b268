import { questEndpoints } from '@croupier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPaged } from '../../lib/api';
import { realtimeKeys } from '../../lib/query-keys';
import { AVAILABLE_PAGE_SIZE, PLAYER_QUESTS_PAGE_SIZE } from './logic';

/**
 * The quests' queries. Both live under the realtime keys: `quest.updated` refetches them and
 * `quest.task.updated` patches a task's progress in the player-quests lists in place.
 */
export const questKeys = {
  available: (page: number, currency: string | undefined) => [...realtimeKeys.quests, page, currency] as const,
  player: (state: number[], page: number, currency: string | undefined) =>
    [...realtimeKeys.playerQuests, { state }, page, currency] as const,
};

/** `GET /api/retention/quests`: the quests the player can start. */
export function useAvailableQuests(page: number, currency: string | undefined, enabled = true) {
  return useQuery({
    queryKey: questKeys.available(page, currency),
    queryFn: ({ signal }) =>
      callPaged(questEndpoints.listQuests, {
        query: { page, perPage: AVAILABLE_PAGE_SIZE, ...(currency ? { currency } : {}) },
        signal,
      }),
    enabled,
    staleTime: 30_000,
  });
}

/** `GET /api/retention/player-quests` for some states. */
export function usePlayerQuests(state: number[], page: number, currency: string | undefined, enabled = true) {
  return useQuery({
    queryKey: questKeys.player(state, page, currency),
    queryFn: ({ signal }) =>
      callPaged(questEndpoints.listPlayerQuests, {
        query: { page, perPage: PLAYER_QUESTS_PAGE_SIZE, state, ...(currency ? { currency } : {}) },
        signal,
      }),
    enabled,
    staleTime: 10_000,
  });
}

/** Starts or cancels a quest; the lists refetch (the socket's `quest.updated` does too). */
export function useQuestAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'activate'; questId: string } | { kind: 'cancel'; playerQuestId: string }) =>
      action.kind === 'activate'
        ? call(questEndpoints.activateQuest, { params: { questId: action.questId } })
        : call(questEndpoints.cancelPlayerQuest, { params: { playerQuestId: action.playerQuestId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: realtimeKeys.quests });
      void queryClient.invalidateQueries({ queryKey: realtimeKeys.playerQuests });
    },
  });
}
