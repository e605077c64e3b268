import {
  limitEndpoints,
  walletEndpoints,
  type CreateLimitBody,
  type Limit,
  type UpdateLimitBody,
} from '@croupier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { realtimeKeys } from '../../lib/query-keys';
import { useSession } from '../auth';

/**
 * Limit calls. Every change answers with the one limit changed; the list is reloaded
 * after it (a change can also end a pending one), and the deposit methods with it, since
 * a deposit limit decides whether they are offered.
 */
export const limitsKeys = {
  list: ['player', 'limits'] as const,
};

/** `GET /api/player/limits` (not asked for guests). */
export function useLimits() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: limitsKeys.list,
    queryFn: ({ signal }) => call(limitEndpoints.listLimits, { signal }),
    enabled: isLoggedIn,
  });
}

/**
 * The player's accounts (the currencies a cash limit can be set in), under the wallet's
 * realtime key so that the cache is shared with the wallet's own query.
 */
export function usePlayerAccounts() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: realtimeKeys.walletAccounts,
    queryFn: ({ signal }) => call(walletEndpoints.listAccounts, { signal }),
    enabled: isLoggedIn,
  });
}

function useReload() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: limitsKeys.list }),
      queryClient.invalidateQueries({ queryKey: ['payment', 'methods'] }),
    ]);
  };
}

export function useCreateLimit() {
  const reload = useReload();
  return useMutation({
    mutationFn: (body: CreateLimitBody): Promise<Limit> => call(limitEndpoints.createLimit, { body }),
    onSuccess: reload,
  });
}

export function useUpdateLimit() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ limitId, body }: { limitId: string; body: UpdateLimitBody }): Promise<Limit> =>
      call(limitEndpoints.updateLimit, { params: { limitId }, body }),
    onSuccess: reload,
  });
}

export function useDeleteLimit() {
  const reload = useReload();
  return useMutation({
    mutationFn: (limitId: string): Promise<Limit> => call(limitEndpoints.deleteLimit, { params: { limitId } }),
    onSuccess: reload,
  });
}

/** After a self-exclusion has ended: the request to play again (play resumes 24 hours later). */
export function useRequestReturn() {
  const reload = useReload();
  return useMutation({
    mutationFn: (limitId: string): Promise<Limit> => call(limitEndpoints.requestReturn, { params: { limitId } }),
    onSuccess: reload,
  });
}
