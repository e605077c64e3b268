import { endpointPath, type FieldErrors, signInEndpoints } from '@croupier/contract';
import { ApiError, hasApiStatus, isApiError, toQueryString } from '../../lib/api';
import type { LoginType } from './types';

// ---------------------------------------------------------------------------
// Tabs
// ---------------------------------------------------------------------------

/** A tab-display setting: both tabs, or one forced login type. */
export type TabsSetting = 'both' | LoginType;

export function isTabsSetting(value: unknown): value is TabsSetting {
  return value === 'both' || value === 'email' || value === 'phone';
}

/**
 * The tabs to show (one tab means no tab bar). `setting` is the content setting, when
 * configured; `enabled` the registration types of the settings constants.
 * - Sign-in (`forSignUp` false): the content setting decides; without one, the enabled
 *   registration types do (a player registered by phone signs in by phone); without
 *   either, e-mail.
 * - Sign-up: only enabled types are offered; the content setting ('both' by default)
 *   can force one of them.
 */
export function resolveTabs(
  setting: unknown,
  enabled: { email: boolean; phone: boolean } | undefined,
  forSignUp: boolean,
): LoginType[] {
  const configured = isTabsSetting(setting) ? setting : undefined;
  if (!forSignUp) {
    if (configured) return configured === 'both' ? ['email', 'phone'] : [configured];
    if (enabled?.email && enabled.phone) return ['email', 'phone'];
    return enabled?.phone && !enabled.email ? ['phone'] : ['email'];
  }
  const available = (['email', 'phone'] as const).filter((type) => enabled?.[type] ?? type === 'email');
  if (available.length === 0) return ['email'];
  if (configured && configured !== 'both' && available.includes(configured)) return [configured];
  return available;
}

// ---------------------------------------------------------------------------
// Resend countdown
// ---------------------------------------------------------------------------

export const RESEND_COUNTDOWN_SECONDS = 60;

/** Whole seconds left until `endsAt` (rounded up, never negative). */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** mm:ss, e.g. 60 → '01:00', 9 → '00:09'. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------
// Errors (docs/web-client.md, Errors shown to people)
// ---------------------------------------------------------------------------

/** The first message of each field error. */
export function firstFieldErrors(fields: FieldErrors | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, messages] of Object.entries(fields ?? {})) {
    const first = messages.find((message) => typeof message === 'string' && message !== '');
    if (first) result[name] = first;
  }
  return result;
}

export type SignInFailure =
  | { kind: 'credentials' }
  | { kind: 'blocked' }
  | { kind: 'closed' }
  | { kind: 'fields'; fields: Record<string, string> }
  | { kind: 'rateLimited' }
  | { kind: 'other' };

/** Login 401 → hint; 403 → account blocked alert (11007: account closed alert); 422 → field errors; anything else → generic. */
export function classifySignInError(error: unknown): SignInFailure {
  if (!(error instanceof ApiError)) return { kind: 'other' };
  if (hasApiStatus(error, 'UNAUTHENTICATED')) return { kind: 'credentials' };
  if (isApiError(error, 'ACCOUNT_CLOSED')) return { kind: 'closed' };
  if (hasApiStatus(error, 'FORBIDDEN')) return { kind: 'blocked' };
  if (hasApiStatus(error, 'VALIDATION_FAILED')) {
    const fields = firstFieldErrors(error.fields);
    // The login is one field on screen, whatever name the server gives it.
    const login = fields.login ?? fields.email ?? fields.phone;
    return {
      kind: 'fields',
      fields: { ...(login ? { login } : {}), ...(fields.password ? { password: fields.password } : {}) },
    };
  }
  if (hasApiStatus(error, 'RATE_LIMITED')) return { kind: 'rateLimited' };
  return { kind: 'other' };
}

export type OtpSendFailure =
  { kind: 'limit' } | { kind: 'fields'; fields: Record<string, string> } | { kind: 'message'; message: string };

/** OTP send: 11005 → the limit text; 422 → field errors; else the server's message (under the phone field). */
export function classifyOtpSendError(error: unknown): OtpSendFailure {
  if (error instanceof ApiError) {
    if (isApiError(error, 'OTP_SEND_LIMIT')) return { kind: 'limit' };
    const fields = firstFieldErrors(error.fields);
    if (hasApiStatus(error, 'VALIDATION_FAILED') && Object.keys(fields).length > 0) return { kind: 'fields', fields };
    if (error.status > 0 && error.message) return { kind: 'message', message: error.message };
  }
  return { kind: 'message', message: '' };
}

export type PhoneRegistrationFailure =
  { kind: 'fields'; fields: Record<string, string> } | { kind: 'invalidCode' } | { kind: 'message'; message: string };

/** Phone registration: 422 → back to the form with field errors; 11003 → invalid code; else the server's message. */
export function classifyPhoneRegistrationError(error: unknown): PhoneRegistrationFailure {
  if (error instanceof ApiError) {
    if (isApiError(error, 'OTP_INVALID')) return { kind: 'invalidCode' };
    if (hasApiStatus(error, 'VALIDATION_FAILED')) {
      const fields = firstFieldErrors(error.fields);
      if (fields.code && Object.keys(fields).length === 1) return { kind: 'invalidCode' };
      return { kind: 'fields', fields };
    }
    if (error.status > 0 && error.message) return { kind: 'message', message: error.message };
  }
  return { kind: 'message', message: '' };
}

// ---------------------------------------------------------------------------
// Social sign-in links (the browser redirects to the provider)
// ---------------------------------------------------------------------------

/** Query keys that never go into the route to come back to. */
const NOT_IN_BACK_ROUTE = ['sign-in', 'sign-up', 'stag'];

/** Path and query of the current page minus the sign-in, sign-up and stag parameters. */
export function backRouteOf(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  for (const key of NOT_IN_BACK_ROUTE) params.delete(key);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}`;
}

/** `state`: JSON `{"backRoute": "<URL-encoded path and query>"}` (URL-encoded again in the query). */
export function socialState(backRoute: string): string {
  return JSON.stringify({ backRoute: encodeURIComponent(backRoute) });
}

export function auth0RedirectUrl(connection: string, backRoute: string): string {
  return `${endpointPath(signInEndpoints.socialBrokerRedirect)}${toQueryString({ state: socialState(backRoute), connection })}`;
}

export function directRedirectUrl(provider: string, backRoute: string): string {
  return `${endpointPath(signInEndpoints.socialDirectRedirect, { provider })}${toQueryString({ state: socialState(backRoute) })}`;
}

export interface SocialConnection {
  id: string;
  label: string;
}

function connectionsOf(value: unknown): SocialConnection[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { id, label } = item as { id?: unknown; label?: unknown };
    return typeof id === 'string' && id !== '' ? [{ id, label: typeof label === 'string' ? label : id }] : [];
  });
}

export interface SocialButton extends SocialConnection {
  href: string;
}

/**
 * Buttons for the enabled providers: `auth0` in the settings enables every broker
 * connection of the content; other settings entries are direct providers matched
 * against the content's direct connections (Telegram only with its bot settings).
 */
export function socialButtons(options: {
  enabled: readonly string[];
  auth0Connections: unknown;
  directConnections: unknown;
  telegramConfigured: boolean;
  backRoute: string;
}): SocialButton[] {
  const buttons: SocialButton[] = [];
  if (options.enabled.includes('auth0')) {
    for (const connection of connectionsOf(options.auth0Connections)) {
      buttons.push({ ...connection, href: auth0RedirectUrl(connection.id, options.backRoute) });
    }
  }
  for (const connection of connectionsOf(options.directConnections)) {
    if (connection.id === 'auth0' || !options.enabled.includes(connection.id)) continue;
    if (connection.id === 'telegram' && !options.telegramConfigured) continue;
    buttons.push({ ...connection, href: directRedirectUrl(connection.id, options.backRoute) });
  }
  return buttons;
}
