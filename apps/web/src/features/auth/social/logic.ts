import { ApiError, isApiError } from '../../../lib/api';

/**
 * What the social callback page (`/auth/social/{connection}/callback`) decides, kept
 * free of React so that it can be tested: where to return to, and what a failure means.
 */

/** Only same-site paths may be returned to (no open redirects). */
export function safePath(path: string | null | undefined, fallback: string): string {
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : fallback;
}

/** The page to return to: the state's `backRoute` (URL-encoded JSON within), else `fallback`. */
export function backRouteOfState(state: string | null, fallback: string): string {
  if (!state) return fallback;
  try {
    const parsed = JSON.parse(state) as unknown;
    const backRoute =
      typeof parsed === 'object' && parsed !== null ? (parsed as { backRoute?: unknown }).backRoute : undefined;
    return typeof backRoute === 'string' ? safePath(decodeURIComponent(backRoute), fallback) : fallback;
  } catch {
    return fallback;
  }
}

export type SocialFailure =
  /** 11001: the provider has no verified e-mail for the account (emailVerificationError). */
  | 'emailNotVerified'
  /** 11002: the account is blocked (accountBlocked). */
  | 'blocked'
  /** The player cancelled at the provider: back to sign-in, nothing to report. */
  | 'cancelled'
  /** Anything else (somethingWrong). */
  | 'other';

/** A provider's error on the callback URL, when it sent one instead of a result. */
export function providerFailure(params: URLSearchParams): SocialFailure | null {
  const error = params.get('error');
  if (error === null) return null;
  return error === 'access_denied' ? 'cancelled' : 'other';
}

export function classifySocialError(error: unknown): SocialFailure {
  if (!(error instanceof ApiError)) return 'other';
  if (isApiError(error, 'SOCIAL_EMAIL_NOT_VERIFIED')) return 'emailNotVerified';
  if (isApiError(error, 'ACCOUNT_BLOCKED')) return 'blocked';
  return 'other';
}

/** The alerts content key of a failure's message (none for a cancel). */
export function failureAlert(
  failure: SocialFailure,
): 'emailVerificationError' | 'accountBlocked' | 'somethingWrong' | null {
  switch (failure) {
    case 'emailNotVerified':
      return 'emailVerificationError';
    case 'blocked':
      return 'accountBlocked';
    case 'cancelled':
      return null;
    case 'other':
      return 'somethingWrong';
  }
}
