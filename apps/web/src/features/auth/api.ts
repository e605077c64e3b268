import { profileEndpoints, settingsEndpoints } from '@croupier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { readCookie } from '../../lib/cookies';
import { AFFILIATE_COOKIE, getVisitorId, readStoredVisitorId } from '../tracking';
import { useSession } from './session';

const SETTINGS_STALE_MS = 10 * 60_000;
/** How long a sign-in waits for the visitor id before it goes without one. */
const FINGERPRINT_WAIT_MS = 3000;

export const authKeys = {
  constants: ['settings', 'constants'] as const,
  fields: (scenario: 'registration' | 'profile') => ['player', 'fields', scenario] as const,
  profile: ['player', 'profile'] as const,
};

/** `GET /api/settings/constants` (registration types, social providers, Telegram…). */
export const constantsQuery = queryOptions({
  queryKey: authKeys.constants,
  queryFn: ({ signal }) => call(settingsEndpoints.constants, { signal }),
  staleTime: SETTINGS_STALE_MS,
});

export function useConstants() {
  return useQuery(constantsQuery);
}

/** The registration field rules as the server sends them (the app start prefetches them). */
export const registrationFieldsQuery = queryOptions({
  queryKey: authKeys.fields('registration'),
  queryFn: ({ signal }) => call(profileEndpoints.listFields, { query: { scenario: 'registration' }, signal }),
  staleTime: SETTINGS_STALE_MS,
});

/** The registration field rules, sorted by position. */
export function useRegistrationFields() {
  return useQuery({
    ...registrationFieldsQuery,
    select: (fields) => [...fields].sort((a, b) => a.position - b.position || a.id - b.id),
  });
}

export const profileQuery = queryOptions({
  queryKey: authKeys.profile,
  queryFn: ({ signal }) => call(profileEndpoints.getProfile, { signal }),
  staleTime: 60_000,
});

/** The signed-in player's profile (not fetched for guests). */
export function useProfile() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...profileQuery, enabled: isLoggedIn });
}

/** The stored visitor id, else a freshly computed one, else '' after 3 s. */
export async function resolveFingerprint(): Promise<string> {
  const stored = readStoredVisitorId();
  if (stored) return stored;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(''), FINGERPRINT_WAIT_MS);
  });
  try {
    return await Promise.race([getVisitorId().catch(() => ''), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The affiliate tag cookie, when there is one (sent on registration). */
export function readAffiliateTag(): string | undefined {
  return readCookie(AFFILIATE_COOKIE) || undefined;
}
