/**
 * Layout state as a tiny external store (for `useSyncExternalStore`):
 * drawer and its compact mode, user nav, currency nav, cookie popup, balance popup and
 * the time of the last notification. No React, no DOM: storage is injected.
 */

/** The subset of `Storage` the store uses (localStorage in the app, a fake in tests). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const DRAWER_COMPACT_KEY = 'drawer-compact';
export const COOKIES_ACCEPTED_KEY = 'cookies-accepted';

export interface LayoutState {
  drawerOpen: boolean;
  /** Desktop drawer collapsed to icons; persisted. Opening the drawer clears it. */
  drawerCompact: boolean;
  userNavOpen: boolean;
  currencyNavOpen: boolean;
  /** The cookie popup shows until it is accepted (acceptance persisted). */
  cookiePopupVisible: boolean;
  balancePopupOpen: boolean;
  /** Epoch ms when the last notification appeared, 0 before any. */
  lastNotificationTime: number;
}

export interface LayoutActions {
  openDrawer: () => void;
  closeDrawer: () => void;
  toggleDrawer: () => void;
  setDrawerCompact: (compact: boolean) => void;
  toggleDrawerCompact: () => void;
  setUserNavOpen: (open: boolean) => void;
  toggleUserNav: () => void;
  setCurrencyNavOpen: (open: boolean) => void;
  toggleCurrencyNav: () => void;
  acceptCookies: () => void;
  setBalancePopupOpen: (open: boolean) => void;
  toggleBalancePopup: () => void;
  setLastNotificationTime: (time: number) => void;
}

export interface LayoutStore extends LayoutActions {
  getState: () => LayoutState;
  subscribe: (listener: () => void) => () => void;
}

function read(storage: StorageLike | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null; // storage disabled (private mode, blocked cookies)
  }
}

function write(storage: StorageLike | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // storage full or disabled: the state still holds for this page view
  }
}

/** The browser's localStorage, or null where it cannot be reached. */
export function browserStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function createLayoutStore(options: { storage?: StorageLike | null } = {}): LayoutStore {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  let state: LayoutState = {
    drawerOpen: false,
    drawerCompact: read(storage, DRAWER_COMPACT_KEY) === 'true',
    userNavOpen: false,
    currencyNavOpen: false,
    cookiePopupVisible: read(storage, COOKIES_ACCEPTED_KEY) !== 'true',
    balancePopupOpen: false,
    lastNotificationTime: 0,
  };
  const listeners = new Set<() => void>();

  const set = (patch: Partial<LayoutState>) => {
    const changed = (Object.keys(patch) as (keyof LayoutState)[]).some((key) => patch[key] !== state[key]);
    if (!changed) return;
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };

  const setCompact = (compact: boolean) => {
    if (compact !== state.drawerCompact) write(storage, DRAWER_COMPACT_KEY, String(compact));
    set({ drawerCompact: compact });
  };

  const openDrawer = () => {
    // Opening the drawer clears compact mode.
    if (state.drawerCompact) setCompact(false);
    set({ drawerOpen: true });
  };

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    openDrawer,
    closeDrawer: () => set({ drawerOpen: false }),
    toggleDrawer: () => (state.drawerOpen ? set({ drawerOpen: false }) : openDrawer()),
    setDrawerCompact: setCompact,
    toggleDrawerCompact: () => setCompact(!state.drawerCompact),
    setUserNavOpen: (open) => set({ userNavOpen: open }),
    toggleUserNav: () => set({ userNavOpen: !state.userNavOpen }),
    setCurrencyNavOpen: (open) => set({ currencyNavOpen: open }),
    toggleCurrencyNav: () => set({ currencyNavOpen: !state.currencyNavOpen }),
    acceptCookies: () => {
      write(storage, COOKIES_ACCEPTED_KEY, 'true');
      set({ cookiePopupVisible: false });
    },
    setBalancePopupOpen: (open) => set({ balancePopupOpen: open }),
    toggleBalancePopup: () => set({ balancePopupOpen: !state.balancePopupOpen }),
    setLastNotificationTime: (time) => set({ lastNotificationTime: time }),
  };
}
