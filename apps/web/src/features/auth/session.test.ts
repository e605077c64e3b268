import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { ASYNC_INVOICE_KEY, createSession, TOKEN_COOKIE, TOKEN_MAX_AGE_SECONDS, type SessionDeps } from './session';
import { CHANGE_SESSION_KEY, REFRESH_FLAG_SETTLE_MS, REFRESH_POLL_INTERVAL_MS } from './sync';
import { fakeCookies, fakeJwt, fakeStorage, sleepWithTimers } from './test-helpers';

const NOW = 1_700_000_000_000;
const fresh = (name: string) => fakeJwt({ exp: NOW / 1000 + 3600, sessionId: name });
const expiring = (name: string) => fakeJwt({ exp: NOW / 1000 + 5, sessionId: name }); // within the 10 s margin

describe('browser session', () => {
  let cookies: ReturnType<typeof fakeCookies>;
  let local: ReturnType<typeof fakeStorage>;
  let sessionStore: ReturnType<typeof fakeStorage>;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    cookies = fakeCookies();
    local = fakeStorage();
    sessionStore = fakeStorage({ [ASYNC_INVOICE_KEY]: 'inv-1', returnGame: 'g' });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function newTab(overrides: Partial<SessionDeps> = {}) {
    const refresh = vi.fn(async (_token: string) => fresh('refreshed'));
    const logout = vi.fn(async (_token: string) => ({ message: 'ok' }));
    const deps: SessionDeps = {
      cookies,
      localStorage: () => local,
      sessionStorage: () => sessionStore,
      now: () => Date.now(),
      sleep: sleepWithTimers,
      tabId: Math.random().toString(36),
      refresh,
      logout,
      ...overrides,
    };
    const session = createSession(deps);
    const changes = vi.fn();
    const signOuts = vi.fn();
    session.subscribe(changes);
    session.onSignOut(signOuts);
    return { session, refresh, logout, changes, signOuts };
  }

  it('login effects: the token cookie for one year, the state, changeSession <timestamp>-login', () => {
    const { session, changes } = newTab();
    expect(session.getSnapshot()).toBeUndefined();
    const token = fresh('s1');
    session.signIn(token);
    expect(TOKEN_MAX_AGE_SECONDS).toBe(31_536_000);
    expect(cookies.writes).toEqual([[TOKEN_COOKIE, token, 31_536_000]]);
    expect(session.getSnapshot()).toBe(token);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(local.getItem(CHANGE_SESSION_KEY)).toBe(`${NOW}-login`);
  });

  it('logout: cookie, async invoice id and state cleared, logout sent with the token, <timestamp>-logout', async () => {
    const { session, logout, signOuts } = newTab();
    const token = fresh('s1');
    session.signIn(token);
    vi.setSystemTime(NOW + 5);
    expect(session.signOut('logout')).toBe(true);
    expect(cookies.values.has(TOKEN_COOKIE)).toBe(false);
    expect(sessionStore.getItem(ASYNC_INVOICE_KEY)).toBeNull();
    expect(sessionStore.getItem('returnGame')).toBe('g');
    expect(local.getItem(CHANGE_SESSION_KEY)).toBe(`${NOW + 5}-logout`);
    expect(session.getSnapshot()).toBeUndefined();
    expect(logout).toHaveBeenCalledWith(token);
    expect(signOuts).toHaveBeenCalledWith('logout');
    // A second sign-out (several 401s at once) does nothing.
    expect(session.signOut('unauthorized')).toBe(false);
    expect(signOuts).toHaveBeenCalledTimes(1);
    await vi.runAllTimersAsync();
  });

  it('keeps the reason of a sign-out until the app reads it once (a 401 may come before the app listens)', async () => {
    const { session } = newTab();
    expect(session.takeSignOutReason()).toBeUndefined();
    session.signIn(fresh('s1'));
    session.signOut('unauthorized');
    expect(session.takeSignOutReason()).toBe('unauthorized');
    expect(session.takeSignOutReason()).toBeUndefined();
    await vi.runAllTimersAsync();
  });

  it('a failing logout call does not matter', async () => {
    const { session, signOuts } = newTab({ logout: () => Promise.reject(new Error('offline')) });
    session.signIn(fresh('s1'));
    session.signOut('unauthorized');
    await vi.runAllTimersAsync();
    expect(signOuts).toHaveBeenCalledWith('unauthorized');
  });

  it('a valid token is sent as it is; one expiring within 10 s is refreshed first', async () => {
    const { session, refresh } = newTab();
    const good = fresh('s1');
    session.signIn(good);
    expect(await session.validToken()).toBe(good);
    expect(refresh).not.toHaveBeenCalled();

    const old = expiring('s2');
    session.signIn(old);
    const pending = session.validToken();
    await vi.advanceTimersByTimeAsync(REFRESH_FLAG_SETTLE_MS);
    const next = await pending;
    expect(refresh).toHaveBeenCalledWith(old);
    expect(next).toBe(fresh('refreshed'));
    expect(cookies.values.get(TOKEN_COOKIE)).toBe(next);
    expect(cookies.writes.at(-1)).toEqual([TOKEN_COOKIE, next, 31_536_000]);
    expect(session.getSnapshot()).toBe(next);
  });

  it('a refresh the server refuses signs out locally (no logout call)', async () => {
    const { session, logout, signOuts } = newTab({
      refresh: () => Promise.reject(new ApiError(401, 1002, 'Authentication is required.')),
    });
    session.signIn(expiring('s1'));
    const pending = session.validToken();
    await vi.advanceTimersByTimeAsync(REFRESH_FLAG_SETTLE_MS);
    expect(await pending).toBeUndefined();
    expect(cookies.values.has(TOKEN_COOKIE)).toBe(false);
    expect(session.getSnapshot()).toBeUndefined();
    expect(signOuts).toHaveBeenCalledWith('expired');
    expect(local.getItem(CHANGE_SESSION_KEY)).toBe(`${NOW + REFRESH_FLAG_SETTLE_MS}-logout`);
    expect(logout).not.toHaveBeenCalled();
  });

  it('a refresh lost to the network (timeout) keeps the session for the next try', async () => {
    const old = expiring('s1');
    const { session, signOuts } = newTab({ refresh: () => Promise.reject(new ApiError(0, 0, 'timeout')) });
    session.signIn(old);
    const pending = session.validToken();
    await vi.advanceTimersByTimeAsync(REFRESH_FLAG_SETTLE_MS);
    expect(await pending).toBeUndefined();
    expect(cookies.values.get(TOKEN_COOKIE)).toBe(old);
    expect(signOuts).not.toHaveBeenCalled();
  });

  it('two tabs with an expired token: one refresh; the other tab picks the new token up', async () => {
    const first = newTab();
    const second = newTab();
    const old = expiring('s1');
    first.session.signIn(old);
    second.session.sync();
    expect(second.session.getSnapshot()).toBe(old);
    const a = first.session.validToken();
    const b = second.session.validToken();
    await vi.advanceTimersByTimeAsync(REFRESH_FLAG_SETTLE_MS + REFRESH_POLL_INTERVAL_MS);
    const [tokenA, tokenB] = await Promise.all([a, b]);
    expect(first.refresh).toHaveBeenCalledTimes(1);
    expect(second.refresh).not.toHaveBeenCalled();
    expect(tokenA).toBe(fresh('refreshed'));
    expect(tokenB).toBe(tokenA);
    expect(second.session.getSnapshot()).toBe(tokenA);
    expect(second.changes).toHaveBeenCalled();
  });

  it('multi-tab sync: a logout elsewhere signs this tab out (go home); a login elsewhere reloads a guest tab', () => {
    const mine = newTab();
    const other = newTab();
    mine.session.signIn(fresh('s1'));
    other.session.sync();
    // the other tab logs out: shared cookie gone, changeSession written
    other.session.signOut('logout');
    const event = { key: CHANGE_SESSION_KEY, newValue: local.getItem(CHANGE_SESSION_KEY) };
    expect(mine.session.decideStorageEvent(event)).toBe('go-home');
    // the tab goes home first, then follows the cleared cookie
    expect(mine.session.getSnapshot()).toBeDefined();
    mine.session.sync();
    expect(mine.session.getSnapshot()).toBeUndefined();
    expect(mine.signOuts).toHaveBeenCalledWith('other-tab');
    expect(mine.logout).not.toHaveBeenCalled();
    // a second event (already logged out) changes nothing
    expect(mine.session.decideStorageEvent(event)).toBeNull();

    other.session.signIn(fresh('s2'));
    expect(mine.session.decideStorageEvent({ key: CHANGE_SESSION_KEY, newValue: `${NOW}-login` })).toBe('reload');
    expect(other.session.decideStorageEvent({ key: CHANGE_SESSION_KEY, newValue: `${NOW}-login` })).toBeNull();
  });

  it('sync() follows the cookie; a vanished cookie signs the tab out', () => {
    const { session, signOuts } = newTab();
    session.signIn(fresh('s1'));
    cookies.values.set(TOKEN_COOKIE, fresh('s2'));
    session.sync();
    expect(session.getSnapshot()).toBe(fresh('s2'));
    cookies.values.delete(TOKEN_COOKIE);
    session.sync();
    expect(session.getSnapshot()).toBeUndefined();
    expect(signOuts).toHaveBeenCalledWith('other-tab');
  });

  it('reads the cookie lazily, so that a tab opened while signed in starts logged in', () => {
    const token = fresh('s1');
    cookies.values.set(TOKEN_COOKIE, token);
    const { session } = newTab();
    expect(session.getSnapshot()).toBe(token);
    expect(session.readToken()).toBe(token);
  });
});
