import { sessionEndpoints } from '@croupier/contract';
import { useSyncExternalStore } from 'react';
import { ApiError, call, setAuthBridge } from '../../lib/api';
import { ONE_YEAR_SECONDS, readCookie, writeCookie } from '../../lib/cookies';
import {
  CHANGE_SESSION_KEY,
  createRefresher,
  decideSessionSync,
  formatSessionChange,
  removeItem,
  safeStorage,
  writeItem,
  REFRESH_FLAG_KEY,
  type RefresherDeps,
  type StorageLike,
  type SyncDecision,
} from './sync';
import { isTokenExpired } from './token';

/**
 * The session in the browser (docs/web-client.md, Session): login effects, logout, token
 * refresh and multi-tab sync. Signed in means a session token is present.
 *
 * The token lives in the first-party cookie `token` (one year), so that every tab sees
 * it. Each tab also keeps the token it last knew in memory: that is what the UI renders,
 * and it tells whether *this* tab was logged in when another tab signs in or out.
 */
export const TOKEN_COOKIE = 'token';
export const TOKEN_MAX_AGE_SECONDS = ONE_YEAR_SECONDS;
/** Session-storage key of a deposit waiting for its invoice (cleared on sign-out). */
export const ASYNC_INVOICE_KEY = 'asyncInvoiceId';

export interface CookieJar {
  read: (name: string) => string | undefined;
  write: (name: string, value: string, maxAgeSeconds: number) => void;
  remove: (name: string) => void;
}

/**
 * Why a tab signs out: the player's own logout, a 401/403 on an authenticated call, a
 * refused token refresh, or a logout in another tab.
 */
export type SignOutReason = 'logout' | 'unauthorized' | 'expired' | 'other-tab';

export interface SessionDeps {
  cookies: CookieJar;
  localStorage: () => StorageLike | undefined;
  sessionStorage: () => StorageLike | undefined;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  tabId: string;
  /** `POST /api/player/sessions/refresh` with the (possibly expired) token. */
  refresh: (token: string) => Promise<string>;
  /** `POST /api/player/sessions/logout` with the token; best effort. */
  logout: (token: string) => Promise<unknown>;
  /** The cross-tab lock, when the browser has one. */
  lock?: RefresherDeps['lock'];
}

export type Session = ReturnType<typeof createSession>;

export function createSession(deps: SessionDeps) {
  /** The token this tab renders; null until first read. */
  let known: string | undefined | null = null;
  const listeners = new Set<() => void>();
  const signOutListeners = new Set<(reason: SignOutReason) => void>();

  const readToken = (): string | undefined => deps.cookies.read(TOKEN_COOKIE) || undefined;

  function getSnapshot(): string | undefined {
    if (known === null) known = readToken();
    return known;
  }

  function setKnown(token: string | undefined): void {
    if (known === token) return;
    known = token;
    listeners.forEach((listener) => listener());
  }

  function announce(change: 'login' | 'logout'): void {
    writeItem(safeStorage(deps.localStorage), CHANGE_SESSION_KEY, formatSessionChange(change, deps.now()));
  }

  // Kept until the app reads it: a 401 can arrive before the app's effects subscribe
  // (a request sent while the page boots), and the sign-in prompt must not be lost.
  let unreadSignOut: SignOutReason | undefined;

  function endLocally(reason: SignOutReason): void {
    unreadSignOut = reason;
    setKnown(undefined);
    signOutListeners.forEach((listener) => listener(reason));
  }

  /**
   * Logout effects: the token cookie and the async invoice id go, other tabs are told
   * (`<timestamp>-logout`), the server is asked to end the session (best effort, not
   * waited for) and listeners clear the profile and, for 401/403, open sign-in.
   * False when there was no session.
   */
  function signOut(reason: Exclude<SignOutReason, 'other-tab'>, options: { callServer?: boolean } = {}): boolean {
    const token = readToken() ?? getSnapshot();
    if (!token) {
      setKnown(undefined);
      return false;
    }
    deps.cookies.remove(TOKEN_COOKIE);
    removeItem(safeStorage(deps.sessionStorage), ASYNC_INVOICE_KEY);
    removeItem(safeStorage(deps.localStorage), REFRESH_FLAG_KEY);
    announce('logout');
    if (options.callServer ?? true) deps.logout(token).catch(() => undefined);
    endLocally(reason);
    return true;
  }

  const refresher = createRefresher({
    storage: () => safeStorage(deps.localStorage),
    now: deps.now,
    sleep: deps.sleep,
    tabId: deps.tabId,
    readToken,
    isExpired: (token) => isTokenExpired(token, deps.now()),
    request: deps.refresh,
    ...(deps.lock ? { lock: deps.lock } : {}),
    onRefreshed: (token) => {
      deps.cookies.write(TOKEN_COOKIE, token, TOKEN_MAX_AGE_SECONDS);
      setKnown(token);
    },
    onPickedUp: (token) => setKnown(token),
    onFailed: (error) => {
      // The server refused the token: sign out locally. A network failure or timeout
      // keeps the session — the next call tries again instead of losing the player's
      // session to a dropped connection.
      if (error instanceof ApiError && error.status > 0) signOut('expired', { callServer: false });
    },
  });

  return {
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot,
    /** The token every tab sees (the cookie). */
    readToken,
    /** Re-reads the cookie into this tab's state (e.g. after another tab refreshed it). */
    sync(): void {
      const token = readToken();
      if (!token && getSnapshot()) endLocally('other-tab');
      else setKnown(token);
    },
    /** Login effects, session part: the cookie (one year), this tab's state, the other tabs. */
    signIn(token: string): void {
      deps.cookies.write(TOKEN_COOKIE, token, TOKEN_MAX_AGE_SECONDS);
      removeItem(safeStorage(deps.localStorage), REFRESH_FLAG_KEY);
      announce('login');
      setKnown(token);
    },
    signOut,
    /** A token fit to send, refreshed first when it expires within 10 s. */
    async validToken(): Promise<string | undefined> {
      const token = readToken();
      if (!token) {
        if (getSnapshot()) endLocally('other-tab');
        return undefined;
      }
      if (!isTokenExpired(token, deps.now())) {
        setKnown(token);
        return token;
      }
      return refresher.refresh();
    },
    refresh: (): Promise<string | undefined> => refresher.refresh(),
    /** The reason of the last sign-out not read yet (then forgotten). */
    takeSignOutReason(): SignOutReason | undefined {
      const reason = unreadSignOut;
      unreadSignOut = undefined;
      return reason;
    },
    /** Runs after every sign-out of this tab, with its reason. */
    onSignOut(listener: (reason: SignOutReason) => void): () => void {
      signOutListeners.add(listener);
      return () => signOutListeners.delete(listener);
    },
    /**
     * What another tab's changeSession means for this tab (nothing changes here): 'reload'
     * a logged-out tab, or send a logged-in tab home and then `sync()` it (the other tab
     * has cleared the shared cookie, so that signs it out). Going home first keeps a
     * players-only page from asking to sign in again.
     */
    decideStorageEvent(event: { key: string | null; newValue: string | null }): SyncDecision {
      return decideSessionSync(event, getSnapshot() !== undefined);
    },
  };
}

// ---------------------------------------------------------------------------
// The browser's session
// ---------------------------------------------------------------------------

const browserCookies: CookieJar = {
  read: (name) => readCookie(name),
  write: (name, value, maxAgeSeconds) => writeCookie(name, value, maxAgeSeconds),
  remove: (name) => writeCookie(name, '', 0),
};

function newTabId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

export const session = createSession({
  cookies: browserCookies,
  localStorage: () => (typeof localStorage === 'undefined' ? undefined : localStorage),
  sessionStorage: () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage),
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  tabId: newTabId(),
  // The session's own calls carry their token: asking the session for one would wait on itself.
  refresh: (token) => call(sessionEndpoints.refresh, { token }).then((response) => response.accessToken),
  logout: (token) => call(sessionEndpoints.logout, { token }),
  lock: () =>
    typeof navigator !== 'undefined' && navigator.locks
      ? <T>(task: () => Promise<T>) => navigator.locks.request(REFRESH_FLAG_KEY, task) as Promise<T>
      : undefined,
});

setAuthBridge({
  getToken: () => session.validToken(),
  onUnauthorized: () => {
    session.signOut('unauthorized');
  },
});

export function readToken(): string | undefined {
  return session.readToken();
}

/** Tells the app that the token cookie may have changed. */
export function notifySessionChanged(): void {
  session.sync();
}

export function useSession(): { token: string | undefined; isLoggedIn: boolean } {
  const token = useSyncExternalStore(session.subscribe, session.getSnapshot, () => undefined);
  return { token, isLoggedIn: token !== undefined };
}
