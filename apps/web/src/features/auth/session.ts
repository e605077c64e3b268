import { useSyncExternalStore } from 'react';
import { readCookie } from '../../lib/cookies';

/**
 * Signed-in state is the presence of the session token cookie (spec §6). The accounts
 * issue adds sign-in, refresh and sign-out; here the app only reads the state.
 */
export const TOKEN_COOKIE = 'token';

const listeners = new Set<() => void>();

export function notifySessionChanged(): void {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readToken(): string | undefined {
  return readCookie(TOKEN_COOKIE) || undefined;
}

export function useSession(): { token: string | undefined; isLoggedIn: boolean } {
  const token = useSyncExternalStore(subscribe, readToken, () => undefined);
  return { token, isLoggedIn: token !== undefined };
}
