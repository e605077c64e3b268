import { wheelEndpoints, type WheelSpinResult } from '@croupier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPaged } from '../../lib/api';
import { realtimeKeys } from '../../lib/query-keys';

export const wheelKeys = {
  /** The list differs for a signed-in player (`playerSpins`). */
  list: (signedIn: boolean) => [...realtimeKeys.wheels, 'list', signedIn] as const,
};

/** `GET /api/retention/wheels`: running and scheduled wheels (the page shows the first). */
export function useWheels(signedIn: boolean) {
  return useQuery({
    queryKey: wheelKeys.list(signedIn),
    queryFn: ({ signal }) =>
      callPaged(wheelEndpoints.listWheels, { query: { page: 1, perPage: 1, state: [2, 3] }, signal }),
    staleTime: 10_000,
  });
}

/** `POST /api/retention/wheels/{wheelId}/spin` with the player's client seed. */
export function useSpin(wheelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string): Promise<WheelSpinResult> =>
      call(wheelEndpoints.spin, { params: { wheelId }, body: { clientSeed } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: realtimeKeys.wheels }),
  });
}
