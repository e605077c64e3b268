import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHANGE_SESSION_KEY,
  createRefresher,
  decideSessionSync,
  formatRefreshFlag,
  formatSessionChange,
  parseRefreshFlag,
  parseSessionChange,
  REFRESH_FLAG_KEY,
  REFRESH_FLAG_SETTLE_MS,
  REFRESH_POLL_ATTEMPTS,
  REFRESH_POLL_INTERVAL_MS,
  type RefresherDeps,
  type StorageLike,
} from './sync';
import { fakeStorage, sleepWithTimers } from './test-helpers';

describe('changeSession', () => {
  it('is written as <timestamp>-login|logout and read by its second dash part', () => {
    expect(formatSessionChange('login', 1700000000000)).toBe('1700000000000-login');
    expect(parseSessionChange('1700000000000-login')).toBe('login');
    expect(parseSessionChange('1700000000000-logout')).toBe('logout');
    expect(parseSessionChange('1700000000000-logout-extra')).toBe('logout');
    for (const other of [null, undefined, '', 'login', '1-LOGIN', '1-refresh', '-']) {
      expect(parseSessionChange(other)).toBeNull();
    }
  });

  it('reloads a logged-out tab on a login elsewhere; sends a logged-in tab home on a logout', () => {
    const login = { key: CHANGE_SESSION_KEY, newValue: '5-login' };
    const logout = { key: CHANGE_SESSION_KEY, newValue: '6-logout' };
    expect(decideSessionSync(login, false)).toBe('reload');
    expect(decideSessionSync(login, true)).toBeNull();
    expect(decideSessionSync(logout, true)).toBe('go-home');
    expect(decideSessionSync(logout, false)).toBeNull();
    // other keys, a cleared storage (key null) and removals change nothing
    expect(decideSessionSync({ key: 'refreshSession', newValue: '5-login' }, false)).toBeNull();
    expect(decideSessionSync({ key: null, newValue: null }, true)).toBeNull();
    expect(decideSessionSync({ key: CHANGE_SESSION_KEY, newValue: null }, true)).toBeNull();
  });
});

describe('refresh flag', () => {
  it('round-trips and rejects garbage', () => {
    expect(parseRefreshFlag(formatRefreshFlag({ at: 42, owner: 'tab:a' }))).toEqual({ at: 42, owner: 'tab:a' });
    expect(parseRefreshFlag(formatRefreshFlag({ at: 42, owner: 'b', done: true }))).toEqual({
      at: 42,
      owner: 'b',
      done: true,
    });
    expect(parseRefreshFlag('1700000000000')).toEqual({ at: 1700000000000, owner: '' });
    expect(parseRefreshFlag('soon:tab')).toBeNull();
    expect(parseRefreshFlag(null)).toBeNull();
  });
});

describe('single-flight refresh across tabs', () => {
  let storage: ReturnType<typeof fakeStorage>;
  let cookie: { token: string | undefined };

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    storage = fakeStorage();
    cookie = { token: 'old' };
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A tab: shares the storage and the cookie; its request resolves after `requestMs`. */
  function tab(
    tabId: string,
    {
      storage: own,
      requestMs,
      ...options
    }: Partial<Omit<RefresherDeps, 'storage'>> & {
      requestMs?: number;
      storage?: StorageLike | undefined;
    } = {},
  ) {
    const request = vi.fn(
      (token: string) =>
        new Promise<string>((resolve) =>
          setTimeout(() => resolve(`new-from-${tabId}-for-${token}`), requestMs ?? 1200),
        ),
    );
    const onRefreshed = vi.fn((token: string) => {
      cookie.token = token;
    });
    const onFailed = vi.fn();
    const onPickedUp = vi.fn();
    const readToken = vi.fn(() => cookie.token);
    const sleep = vi.fn(sleepWithTimers);
    const polls = () => sleep.mock.calls.filter(([ms]) => ms === REFRESH_POLL_INTERVAL_MS).length;
    const refresher = createRefresher({
      storage: () => own ?? storage,
      now: () => Date.now(),
      sleep,
      tabId,
      readToken,
      isExpired: (token) => token === 'old',
      request,
      onRefreshed,
      onFailed,
      onPickedUp,
      ...options,
    });
    return { refresher, request, onRefreshed, onFailed, onPickedUp, readToken, polls };
  }

  it('one tab refreshes; another polls every 500 ms and picks up the new token', async () => {
    const a = tab('a');
    const b = tab('b');
    const first = a.refresher.refresh();
    await vi.advanceTimersByTimeAsync(10);
    expect(parseRefreshFlag(storage.getItem(REFRESH_FLAG_KEY))?.owner).toBe('a');

    let bToken: string | undefined = 'pending';
    const second = b.refresher.refresh().then((token) => (bToken = token));
    // B polls at 500, 1000 ms (old token still there)…
    await vi.advanceTimersByTimeAsync(2 * REFRESH_POLL_INTERVAL_MS);
    expect(bToken).toBe('pending');
    expect(b.polls()).toBe(3); // two looks done, the third wait started
    // …A's request ends at 50 + 1200 ms; B's third poll (at 1510 ms) finds the new token.
    await vi.advanceTimersByTimeAsync(REFRESH_POLL_INTERVAL_MS);
    await Promise.all([first, second]);
    expect(await first).toBe('new-from-a-for-old');
    expect(bToken).toBe('new-from-a-for-old');
    expect(a.request).toHaveBeenCalledTimes(1);
    expect(a.request).toHaveBeenCalledWith('old');
    expect(b.request).not.toHaveBeenCalled();
    expect(b.polls()).toBe(3);
    expect(b.onPickedUp).toHaveBeenCalledWith('new-from-a-for-old');
    // A marks the flag done; it stays until stale so that a late tab waits for the cookie.
    expect(parseRefreshFlag(storage.getItem(REFRESH_FLAG_KEY))).toMatchObject({ owner: 'a', done: true });
  });

  it('a waiting tab gives up after 10 polls and never refreshes with the old token itself', async () => {
    const a = tab('a', { requestMs: 60_000 });
    const b = tab('b');
    void a.refresher.refresh();
    await vi.advanceTimersByTimeAsync(REFRESH_FLAG_SETTLE_MS + 1);
    let done = false;
    const waiting = b.refresher.refresh().then((token) => {
      done = true;
      return token;
    });
    await vi.advanceTimersByTimeAsync(REFRESH_POLL_ATTEMPTS * REFRESH_POLL_INTERVAL_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toBe('old');
    expect(b.polls()).toBe(REFRESH_POLL_ATTEMPTS);
    expect(b.request).not.toHaveBeenCalled();
  });

  it('a waiting tab stops when the refreshing tab signs out (cookie gone)', async () => {
    const a = tab('a', {
      request: (_token: string) =>
        new Promise<string>((_resolve, reject) => setTimeout(() => reject(new Error('401')), 700)),
      onFailed: () => {
        cookie.token = undefined;
      },
    });
    const b = tab('b');
    const first = a.refresher.refresh();
    await vi.advanceTimersByTimeAsync(REFRESH_FLAG_SETTLE_MS + 1);
    const second = b.refresher.refresh();
    await vi.advanceTimersByTimeAsync(3 * REFRESH_POLL_INTERVAL_MS);
    expect(await first).toBeUndefined();
    expect(await second).toBeUndefined();
    expect(b.request).not.toHaveBeenCalled();
  });

  it('a failed refresh calls onFailed and releases the flag', async () => {
    const error = new Error('refused');
    const a = tab('a', { request: () => Promise.reject(error) });
    const result = a.refresher.refresh();
    await vi.advanceTimersByTimeAsync(REFRESH_FLAG_SETTLE_MS);
    expect(await result).toBeUndefined();
    expect(a.onFailed).toHaveBeenCalledWith(error);
    expect(a.onRefreshed).not.toHaveBeenCalled();
    expect(storage.getItem(REFRESH_FLAG_KEY)).toBeNull();
  });

  it('calls in one tab share one flight', async () => {
    const a = tab('a', { requestMs: 100 });
    const results = Promise.all([a.refresher.refresh(), a.refresher.refresh(), a.refresher.refresh()]);
    await vi.advanceTimersByTimeAsync(REFRESH_FLAG_SETTLE_MS + 100);
    expect(await results).toEqual(['new-from-a-for-old', 'new-from-a-for-old', 'new-from-a-for-old']);
    expect(a.request).toHaveBeenCalledTimes(1);
  });

  it('takes over a flag left by a tab that closed mid-refresh (older than 20 s)', async () => {
    storage.setItem(REFRESH_FLAG_KEY, formatRefreshFlag({ at: Date.now() - 20_000, owner: 'gone' }));
    const a = tab('a', { requestMs: 10 });
    const result = a.refresher.refresh();
    await vi.advanceTimersByTimeAsync(REFRESH_FLAG_SETTLE_MS + 10);
    expect(await result).toBe('new-from-a-for-old');
    expect(a.request).toHaveBeenCalledTimes(1);
  });

  it('when two tabs take the flag at the same moment, only the last writer refreshes', async () => {
    // B read the flag before A's write reached it (tabs run in parallel in a browser).
    let firstRead = true;
    const lagging: StorageLike = {
      getItem: (key) => {
        if (key === REFRESH_FLAG_KEY && firstRead) {
          firstRead = false;
          return null;
        }
        return storage.getItem(key);
      },
      setItem: (key, value) => storage.setItem(key, value),
      removeItem: (key) => storage.removeItem(key),
    };
    const a = tab('a', { requestMs: 100 });
    const b = tab('b', { requestMs: 100, storage: lagging });
    const both = Promise.all([a.refresher.refresh(), b.refresher.refresh()]);
    await vi.advanceTimersByTimeAsync(REFRESH_FLAG_SETTLE_MS + 100 + REFRESH_POLL_INTERVAL_MS);
    const [fromA, fromB] = await both;
    expect(a.request).not.toHaveBeenCalled();
    expect(b.request).toHaveBeenCalledTimes(1);
    expect(fromA).toBe('new-from-b-for-old');
    expect(fromB).toBe('new-from-b-for-old');
  });

  it("with a cross-tab lock, tabs that cannot see each other's flag yet still refresh once", async () => {
    // A shared mutex, like navigator.locks.
    let queue = Promise.resolve();
    const lock =
      () =>
      <T>(task: () => Promise<T>) => {
        const result = queue.then(task);
        queue = result.then(
          () => undefined,
          () => undefined,
        );
        return result;
      };
    // B's storage never shows A's flag (the worst case of slow propagation).
    const blind: StorageLike = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
    const a = tab('a', { requestMs: 300, lock });
    const b = tab('b', { requestMs: 300, lock, storage: blind });
    const both = Promise.all([a.refresher.refresh(), b.refresher.refresh()]);
    await vi.advanceTimersByTimeAsync(300);
    expect(await both).toEqual(['new-from-a-for-old', 'new-from-a-for-old']);
    expect(a.request).toHaveBeenCalledTimes(1);
    expect(b.request).not.toHaveBeenCalled(); // under the lock B found the new cookie
  });

  it('a tab whose cookie lags behind a refresh just done elsewhere waits instead of refreshing', async () => {
    storage.setItem(REFRESH_FLAG_KEY, formatRefreshFlag({ at: Date.now() - 1000, owner: 'a', done: true }));
    const b = tab('b');
    const result = b.refresher.refresh();
    await vi.advanceTimersByTimeAsync(REFRESH_POLL_INTERVAL_MS);
    cookie.token = 'new-from-a'; // the cookie catches up
    await vi.advanceTimersByTimeAsync(REFRESH_POLL_INTERVAL_MS);
    expect(await result).toBe('new-from-a');
    expect(b.request).not.toHaveBeenCalled();
  });

  it('without storage refreshes at once; without a token does nothing', async () => {
    const noStorage = tab('a', { storage: undefined, requestMs: 5 });
    const lonely = createRefresher({
      storage: () => undefined,
      now: () => Date.now(),
      sleep: sleepWithTimers,
      tabId: 'x',
      readToken: () => cookie.token,
      isExpired: () => true,
      request: noStorage.request,
      onRefreshed: noStorage.onRefreshed,
      onFailed: noStorage.onFailed,
    });
    const result = lonely.refresh();
    await vi.advanceTimersByTimeAsync(5);
    expect(await result).toBe('new-from-a-for-old');
    cookie.token = undefined;
    expect(await lonely.refresh()).toBeUndefined();
  });
});
