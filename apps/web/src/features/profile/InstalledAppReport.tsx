import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authKeys, useSession } from '../auth';
import { reportInstalledApp } from '../pwa';

/**
 * At app start, with a session token, an app running installed tells the server
 * once per device (`PUT /api/player/profile {pwaInstalled: true}`); the answer replaces
 * the cached profile. Mounted by the layout; kept apart from the profile pages so that
 * the main bundle takes only this.
 */
export function InstalledAppReport() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    void reportInstalledApp({
      token,
      update: async (patch) => {
        // Loaded only when there is something to report: the edit call carries the
        // profile's field validation, which the first screen does not need.
        const { profileCalls } = await import('./api');
        const profile = await profileCalls.update(patch);
        queryClient.setQueryData(authKeys.profile, profile);
      },
    });
  }, [token, queryClient]);
  return null;
}
