import { describe, expect, it, vi } from 'vitest';
import { COOKIES_ACCEPTED_KEY, DRAWER_COMPACT_KEY, createLayoutStore, type StorageLike } from './store';

function fakeStorage(initial: Record<string, string> = {}): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('layout store', () => {
  it('starts with everything closed, compact off and the cookie popup shown', () => {
    const store = createLayoutStore({ storage: fakeStorage() });
    expect(store.getState()).toEqual({
      drawerOpen: false,
      drawerCompact: false,
      userNavOpen: false,
      currencyNavOpen: false,
      cookiePopupVisible: true,
      balancePopupOpen: false,
      lastNotificationTime: 0,
    });
  });

  it('toggles the drawer, and opening it clears compact mode', () => {
    const storage = fakeStorage();
    const store = createLayoutStore({ storage });
    store.setDrawerCompact(true);
    expect(store.getState().drawerCompact).toBe(true);
    store.toggleDrawer();
    expect(store.getState()).toMatchObject({ drawerOpen: true, drawerCompact: false });
    expect(storage.data.get(DRAWER_COMPACT_KEY)).toBe('false');
    store.toggleDrawer();
    expect(store.getState().drawerOpen).toBe(false);
    // Closing the drawer leaves compact mode alone.
    store.setDrawerCompact(true);
    store.closeDrawer();
    expect(store.getState().drawerCompact).toBe(true);
  });

  it('persists compact mode under drawer-compact', () => {
    const storage = fakeStorage();
    const store = createLayoutStore({ storage });
    store.toggleDrawerCompact();
    expect(storage.data.get(DRAWER_COMPACT_KEY)).toBe('true');
    expect(createLayoutStore({ storage }).getState().drawerCompact).toBe(true);
    store.toggleDrawerCompact();
    expect(createLayoutStore({ storage }).getState().drawerCompact).toBe(false);
  });

  it('hides the cookie popup once accepted, for later visits too', () => {
    const storage = fakeStorage();
    const store = createLayoutStore({ storage });
    store.acceptCookies();
    expect(store.getState().cookiePopupVisible).toBe(false);
    expect(storage.data.get(COOKIES_ACCEPTED_KEY)).toBe('true');
    expect(createLayoutStore({ storage }).getState().cookiePopupVisible).toBe(false);
  });

  it('opens and closes the user nav, currency nav and balance popup', () => {
    const store = createLayoutStore({ storage: null });
    store.toggleUserNav();
    store.setCurrencyNavOpen(true);
    store.toggleBalancePopup();
    expect(store.getState()).toMatchObject({ userNavOpen: true, currencyNavOpen: true, balancePopupOpen: true });
    store.setUserNavOpen(false);
    store.toggleCurrencyNav();
    store.setBalancePopupOpen(false);
    expect(store.getState()).toMatchObject({ userNavOpen: false, currencyNavOpen: false, balancePopupOpen: false });
  });

  it('records the last notification time', () => {
    const store = createLayoutStore({ storage: null });
    store.setLastNotificationTime(1234);
    expect(store.getState().lastNotificationTime).toBe(1234);
  });

  it('notifies only on real changes, with a new state object', () => {
    const store = createLayoutStore({ storage: null });
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getState();
    store.closeDrawer();
    expect(listener).not.toHaveBeenCalled();
    expect(store.getState()).toBe(before);
    store.openDrawer();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState()).not.toBe(before);
  });

  it('works when storage throws', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    const store = createLayoutStore({ storage: broken });
    expect(store.getState().cookiePopupVisible).toBe(true);
    store.acceptCookies();
    store.setDrawerCompact(true);
    expect(store.getState()).toMatchObject({ cookiePopupVisible: false, drawerCompact: true });
  });
});
