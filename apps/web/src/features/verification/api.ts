import { verificationEndpoints } from '@croupier/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { realtimeKeys } from '../../lib/query-keys';
import { useSession } from '../auth';

/** `GET /api/player/verification`; `player.verification.updated` refetches it (realtime). */
export function useVerification() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: realtimeKeys.verification,
    queryFn: ({ signal }) => call(verificationEndpoints.status, { signal }),
    enabled: isLoggedIn,
  });
}

/** `POST /api/player/services/sumsub/auth`: the provider's token and its hosted page for this player. */
export function useStartVerification() {
  return useMutation({ mutationFn: () => call(verificationEndpoints.auth) });
}
