import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createLayoutStore, type LayoutActions, type LayoutState, type LayoutStore, type StorageLike } from './store';

export const LayoutContext = createContext<LayoutStore | null>(null);

export interface LayoutProviderProps {
  /** A store made by `createLayoutStore()`; by default one over localStorage. */
  store?: LayoutStore;
  /** Storage for the default store (localStorage when omitted). */
  storage?: StorageLike | null;
  children?: ReactNode;
}

/** Holds the layout state (drawer, navs, cookie popup, balance popup, last notification time). */
export function LayoutProvider({ store, storage, children }: LayoutProviderProps) {
  const [own] = useState(() => store ?? createLayoutStore(storage === undefined ? {} : { storage }));
  return <LayoutContext.Provider value={store ?? own}>{children}</LayoutContext.Provider>;
}

export type UseLayout = LayoutState & LayoutActions;

/** The layout state and its actions; re-renders when the state changes. */
export function useLayout(): UseLayout {
  const store = useContext(LayoutContext);
  if (!store) throw new Error('useLayout() must be used inside <LayoutProvider>');
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return useMemo(() => {
    const { getState: _getState, subscribe: _subscribe, ...actions } = store;
    return { ...state, ...actions };
  }, [state, store]);
}
