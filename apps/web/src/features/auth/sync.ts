/**
 * Keeping tabs in step: token refresh and multi-tab sync. Plain functions
 * over injected storage, clock and timers, so that the rules are unit-tested without a
 * browser.
 */

/** Local-storage entry every sign-in and sign-out writes: `<timestamp>-login|logout`. */
export const CHANGE_SESSION_KEY = 'changeSession';
/** Local-storage flag held by the tab that is refreshing the token for all tabs. */
export const REFRESH_FLAG_KEY = 'refreshSession';
/** Tabs that find the flag taken look for the new token this often, this many times. */
export const REFRESH_POLL_INTERVAL_MS = 500;
export const REFRESH_POLL_ATTEMPTS = 10;
/**
 * A flag older than this is left over from a tab that closed mid-refresh (the request
 * itself times out after 15 s) and is taken over.
 */
export const REFRESH_FLAG_STALE_MS = 20_000;
/**
 * After writing the flag a tab waits this long and reads it back: when two tabs write
 * at the same moment, the last write wins and only its tab goes on.
 */
export const REFRESH_FLAG_SETTLE_MS = 50;

export type SessionChange = 'login' | 'logout';

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function formatSessionChange(change: SessionChange, now: number): string {
  return `${now}-${change}`;
}

/** The second dash-separated part of a changeSession value, when it is login or logout. */
export function parseSessionChange(value: string | null | undefined): SessionChange | null {
  const part = value?.split('-')[1];
  return part === 'login' || part === 'logout' ? part : null;
}

/** What a tab does when another tab writes changeSession. */
export type SyncDecision = 'reload' | 'go-home' | null;

/**
 * A login elsewhere reloads a logged-out tab (it boots again with the new cookie); a
 * logout elsewhere sends a logged-in tab to the home page of its locale. Anything else
 * (the same state, another key, a cleared storage) changes nothing.
 */
export function decideSessionSync(
  event: { key: string | null; newValue: string | null },
  isLoggedIn: boolean,
): SyncDecision {
  if (event.key !== CHANGE_SESSION_KEY) return null;
  const change = parseSessionChange(event.newValue);
  if (change === 'login' && !isLoggedIn) return 'reload';
  if (change === 'logout' && isLoggedIn) return 'go-home';
  return null;
}

/** Best-effort storage access: private modes and blocked storage throw. */
export function safeStorage(get: () => StorageLike | undefined): StorageLike | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}

export function writeItem(storage: StorageLike | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // quota or privacy settings: the other tabs are simply not told
  }
}

export function readItem(storage: StorageLike | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function removeItem(storage: StorageLike | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // nothing to do
  }
}

// ---------------------------------------------------------------------------
// Refresh, single-flight across tabs
// ---------------------------------------------------------------------------

export interface RefreshFlag {
  at: number;
  owner: string;
  /**
   * The owner's refresh succeeded (at `at`); the flag stays until it goes stale, so that a
   * tab whose cookie has not caught up yet waits for it instead of refreshing again.
   */
  done?: boolean;
}

export function formatRefreshFlag(flag: RefreshFlag): string {
  return `${flag.at}:${flag.owner}${flag.done ? ':done' : ''}`;
}

export function parseRefreshFlag(value: string | null): RefreshFlag | null {
  if (!value) return null;
  const done = value.endsWith(':done');
  const text = done ? value.slice(0, -':done'.length) : value;
  const separator = text.indexOf(':');
  const at = Number(separator < 0 ? text : text.slice(0, separator));
  if (!Number.isFinite(at)) return null;
  return { at, owner: separator < 0 ? '' : text.slice(separator + 1), ...(done ? { done } : {}) };
}

/** Runs `task` holding a lock shared by all tabs of the site (Web Locks). */
export type LockRunner = <T>(task: () => Promise<T>) => Promise<T>;

export interface RefresherDeps {
  storage: () => StorageLike | undefined;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Identifies this tab in the flag. */
  tabId: string;
  /** The token as all tabs see it (the cookie). */
  readToken: () => string | undefined;
  isExpired: (token: string) => boolean;
  /** `POST /api/player/sessions/refresh` with the token; resolves to the new token. */
  request: (token: string) => Promise<string>;
  /** This tab refreshed: store the new token (cookie) and tell the app. */
  onRefreshed: (token: string) => void;
  /** This tab's refresh failed (the session layer decides whether to sign out). */
  onFailed: (error: unknown) => void;
  /** Another tab's new token showed up in the cookie. */
  onPickedUp?: (token: string) => void;
  /**
   * A cross-tab lock, where the browser has one (`navigator.locks`). Local storage alone
   * is not a lock — tabs see each other's writes with a delay — so when a lock exists the
   * flag is read and taken under it; without one a short settle wait narrows the race.
   */
  lock?: () => LockRunner | undefined;
}

export interface Refresher {
  /**
   * A fresh token: this tab refreshes when no other tab is doing it (or has just done it),
   * otherwise it waits for the other tab's token. Undefined when signed out or the refresh
   * failed. Concurrent calls in one tab share one flight.
   */
  refresh: () => Promise<string | undefined>;
}

export function createRefresher(deps: RefresherDeps): Refresher {
  let inFlight: Promise<string | undefined> | null = null;

  const currentFlag = () => parseRefreshFlag(readItem(deps.storage(), REFRESH_FLAG_KEY));
  const flagIsLive = (flag: RefreshFlag | null): flag is RefreshFlag =>
    flag !== null && deps.now() - flag.at < REFRESH_FLAG_STALE_MS;
  const ownsFlag = () => currentFlag()?.owner === deps.tabId;

  async function refreshHere(token: string): Promise<string | undefined> {
    try {
      const next = await deps.request(token);
      deps.onRefreshed(next);
      writeItem(deps.storage(), REFRESH_FLAG_KEY, formatRefreshFlag({ at: deps.now(), owner: deps.tabId, done: true }));
      return next;
    } catch (error) {
      if (ownsFlag()) removeItem(deps.storage(), REFRESH_FLAG_KEY);
      deps.onFailed(error);
      return undefined;
    }
  }

  /**
   * Another tab holds the flag: look at the cookie every 500 ms, 10 times. This tab never
   * refreshes with the old token itself — the server treats a second use of it as token
   * theft and ends the session — so after the last look it goes on with whatever the
   * cookie holds (a 401 then signs it out).
   */
  async function waitForOtherTab(start: string): Promise<string | undefined> {
    for (let attempt = 0; attempt < REFRESH_POLL_ATTEMPTS; attempt += 1) {
      await deps.sleep(REFRESH_POLL_INTERVAL_MS);
      const current = deps.readToken();
      if (!current) return undefined; // the other tab's refresh failed and signed out
      if (current !== start && !deps.isExpired(current)) {
        deps.onPickedUp?.(current);
        return current;
      }
    }
    return deps.readToken();
  }

  /** A token another tab put in the cookie since `start` was read, if any. */
  function pickedUp(start: string): string | undefined {
    const current = deps.readToken();
    if (current && current !== start && !deps.isExpired(current)) {
      deps.onPickedUp?.(current);
      return current;
    }
    return undefined;
  }

  async function decide(start: string, locked: boolean): Promise<string | undefined> {
    const current = deps.readToken();
    if (!current) return undefined;
    const fresh = pickedUp(start);
    if (fresh) return fresh;
    const flag = currentFlag();
    if (flagIsLive(flag) && flag.owner !== deps.tabId) return waitForOtherTab(start);
    const storage = deps.storage();
    writeItem(storage, REFRESH_FLAG_KEY, formatRefreshFlag({ at: deps.now(), owner: deps.tabId }));
    // Without storage there is no other tab to agree with; under the lock nobody else decides.
    if (!storage || locked) return refreshHere(current);
    await deps.sleep(REFRESH_FLAG_SETTLE_MS);
    if (!deps.readToken()) return undefined;
    const quicker = pickedUp(start);
    if (quicker) return quicker;
    // Ours, or unreadable (a storage that refuses writes): refresh here.
    const after = currentFlag();
    if (after === null || after.owner === deps.tabId) return refreshHere(deps.readToken() ?? current);
    return waitForOtherTab(start);
  }

  async function run(): Promise<string | undefined> {
    const start = deps.readToken();
    if (!start) return undefined;
    const lock = deps.lock?.();
    return lock ? lock(() => decide(start, true)) : decide(start, false);
  }

  return {
    refresh: () => {
      inFlight ??= run().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
