import type { Constants } from '@croupier/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiRequest, authApi } from '../../lib/api';
import { readCookie } from '../../lib/cookies';
import { AFFILIATE_COOKIE, getVisitorId, readStoredVisitorId } from '../tracking';
import { useSession } from './session';
import type {
  AuthResponse,
  EmailRegistrationResult,
  FieldRule,
  MessageResponse,
  OtpReason,
  Profile,
  RegistrationBody,
  SignInBody,
} from './types';

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
  queryFn: ({ signal }) => api.get<Constants>('/api/settings/constants', undefined, signal),
  staleTime: SETTINGS_STALE_MS,
});

export function useConstants() {
  return useQuery(constantsQuery);
}

/** The registration field rules as the server sends them (the app start prefetches them). */
export const registrationFieldsQuery = queryOptions({
  queryKey: authKeys.fields('registration'),
  queryFn: ({ signal }) => api.get<FieldRule[]>('/api/player/fields/validations', { scenario: 'registration' }, signal),
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
  queryFn: ({ signal }) => authApi.get<Profile>('/api/player/profile', undefined, signal),
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

export const authCalls = {
  signIn: (body: SignInBody) => apiRequest<AuthResponse>('POST', '/api/player/sessions', { body }),
  /** A session, or `{ mailed }` when the address has an account (its owner was e-mailed). */
  register: (body: RegistrationBody) => apiRequest<EmailRegistrationResult>('POST', '/api/player/register', { body }),
  registerPhone: (body: RegistrationBody & { code: string }) =>
    apiRequest<AuthResponse>('POST', '/api/player/register/phone', { body }),
  sendOtp: (phone: string, reason: OtpReason) =>
    apiRequest<MessageResponse>('POST', '/api/player/otp/send', { body: { phone, reason } }),
  requestPasswordReset: (email: string) =>
    apiRequest<MessageResponse>('POST', '/api/player/passwords/reset', { body: { email } }),
  confirmPasswordReset: (body: { code: string; newPassword: string; repeatNewPassword: string }) =>
    apiRequest<MessageResponse>('POST', '/api/player/passwords/confirm', { body }),
};
