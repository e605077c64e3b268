/**
 * Accounts in the browser: the session (token cookie, refresh, tab sync), login and
 * logout effects, the header's user menu. The modal bodies are in `./ModalBodies`
 * (loaded when a modal first opens).
 */
export {
  ASYNC_INVOICE_KEY,
  TOKEN_COOKIE,
  TOKEN_MAX_AGE_SECONDS,
  createSession,
  notifySessionChanged,
  readToken,
  session,
  useSession,
  type SignOutReason,
} from './session';
export { SessionEffects, logout, useGoHomeThen, useLoginEffects } from './effects';
export { expectSignOut } from './after-login';
export { UserMenu } from './UserMenu';
export { authKeys, profileQuery, readAffiliateTag, resolveFingerprint, useConstants, useProfile } from './api';
export { isTokenExpired, tokenExpiresAt, tokenSessionId } from './token';
export type { AuthResponse, FieldRule, LoginType, Profile } from './types';
export { firstFieldErrors, formatCountdown, secondsLeft } from './logic';
export { type FieldKind, fieldKind, fullPhone } from './registration';
export { decodeTokenClaims } from './token';
