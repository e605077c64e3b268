import { useSyncExternalStore } from 'react';

/**
 * The number of signed-in players online, from `global:online` (the count comes with the
 * subscription, then with every change). Undefined while this tab is not subscribed:
 * signed out, or not connected yet.
 */
let count: number | undefined;
const listeners = new Set<() => void>();

export const onlineCount = {
  get: (): number | undefined => count,
  set: (next: number | undefined): void => {
    if (next === count) return;
    count = next;
    listeners.forEach((listener) => listener());
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useOnlineCount(): number | undefined {
  return useSyncExternalStore(onlineCount.subscribe, onlineCount.get, () => undefined);
}
