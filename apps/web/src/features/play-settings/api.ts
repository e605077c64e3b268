import { playSessionEndpoints, type PlaySettings, type PlaySettingsBody } from '@croupier/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The player's reality-check interval and session-time limit (GET/PUT /api/player/reality-check). */
export const playSettingsKey = ['player', 'reality-check'] as const;

export function usePlaySettings() {
  return useQuery<PlaySettings>({
    queryKey: playSettingsKey,
    queryFn: ({ signal }) => call(playSessionEndpoints.getPlaySettings, { signal }),
  });
}

export function useSavePlaySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaySettingsBody) => call(playSessionEndpoints.setPlaySettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(playSettingsKey, saved),
  });
}
