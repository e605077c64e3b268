import {
  accountControlEndpoints,
  authEndpoints,
  type EndpointBody,
  profileEditEndpoints,
  profileEndpoints,
  type Session,
  sessionEndpoints,
} from '@croupier/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPaged, type Paged } from '../../lib/api';
import { authKeys, useProfile, useSession } from '../auth';
import { replaceSession, SESSIONS_PER_PAGE } from './logic';

/** Field rules change rarely (the server caches them too). */
const FIELDS_STALE_MS = 10 * 60_000;

/**
 * Query keys of the profile pages. The profile and the field rules share the keys of
 * features/auth (one cached profile for the whole app); sessions are `player/sessions`.
 */
export const profileKeys = {
  profile: authKeys.profile,
  fields: authKeys.fields('profile'),
  sessions: ['player', 'sessions'] as const,
  sessionsPage: (page: number, perPage: number) => ['player', 'sessions', { page, perPage }] as const,
};

export const profileCalls = {
  update: (body: EndpointBody<typeof profileEditEndpoints.updateProfile>) =>
    call(profileEditEndpoints.updateProfile, { body }),
  changePassword: (body: {
    currentPassword: string;
    newPassword: string;
    repeatNewPassword: string;
    closeOtherSessions: boolean;
  }) => call(authEndpoints.changePassword, { body }),
  resendConfirmation: () => call(profileEndpoints.resendEmailConfirmation),
  closeSession: (sessionId: string) => call(sessionEndpoints.closeSession, { params: { sessionId } }),
  closeAccount: (body: EndpointBody<typeof accountControlEndpoints.closeAccount>) =>
    call(accountControlEndpoints.closeAccount, { body }),
  exportData: () => call(accountControlEndpoints.exportData),
};

export { useProfile };

/** The rules of the profile form (`GET /api/player/fields/validations?scenario=profile`). */
export function useProfileFields() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: profileKeys.fields,
    queryFn: ({ signal }) => call(profileEndpoints.listFields, { query: { scenario: 'profile' }, signal }),
    staleTime: FIELDS_STALE_MS,
    enabled: isLoggedIn,
  });
}

/** Saves profile fields; the answer replaces the cached profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileCalls.update,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.profile, profile),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileCalls.changePassword,
    // Other sessions may have been closed with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: profileCalls.resendConfirmation });
}

/** One page of the player's sessions, newest first; the previous page stays on screen while the next loads. */
export function useSessions(page: number, perPage = SESSIONS_PER_PAGE) {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: profileKeys.sessionsPage(page, perPage),
    queryFn: ({ signal }) => callPaged(sessionEndpoints.listSessions, { query: { page, perPage }, signal }),
    placeholderData: keepPreviousData,
    enabled: isLoggedIn,
  });
}

/** Closes a session: its row is replaced at once by the answer, then every page is fetched again. */
export function useCloseSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileCalls.closeSession,
    onSuccess: async (closed) => {
      queryClient.setQueriesData<Paged<Session>>({ queryKey: profileKeys.sessions }, (page) =>
        page ? { ...page, data: replaceSession(page.data, closed) } : page,
      );
      await queryClient.invalidateQueries({ queryKey: profileKeys.sessions });
    },
  });
}

/** Closes the account (`POST /api/player/profile/closure`); the caller signs the tab out. */
export function useCloseAccount() {
  return useMutation({ mutationFn: profileCalls.closeAccount });
}

/** Fetches the player's data (`GET /api/player/profile/export`); the caller saves it as a file. */
export function useExportData() {
  return useMutation({ mutationFn: profileCalls.exportData });
}
