import { retentionEndpoints } from '@croupier/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { realtimeKeys } from '../../lib/query-keys';

/**
 * The signed-in player's loyalty account (`GET /api/retention/account`), under the realtime
 * key: both loyalty events replace it, and a higher `currentLevel.order` than the cached one
 * opens the level-up modal (realtime reactions). Loaded while signed in so that the first
 * level-up already has an account to compare with.
 */
export function useLoyaltyAccount(enabled: boolean) {
  return useQuery({
    queryKey: realtimeKeys.loyaltyAccount,
    queryFn: async ({ signal }) => call(retentionEndpoints.account, { signal }),
    enabled,
    staleTime: 60_000,
  });
}
