import type { OddsFormat } from '@croupier/contract';
import { useCallback, useSyncExternalStore } from 'react';
import { ODDS_FORMAT_KEY, parseOddsFormat } from './logic';

/** The player's odds format, kept in localStorage and shared by every mounted component and tab. */

const listeners = new Set<() => void>();

function readFormat(): string | null {
  try {
    return window.localStorage.getItem(ODDS_FORMAT_KEY);
  } catch {
    return null; // no window or storage blocked: the default format
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === ODDS_FORMAT_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useOddsFormat(): [OddsFormat, (format: OddsFormat) => void] {
  const stored = useSyncExternalStore(subscribe, readFormat, readFormat);
  const set = useCallback((format: OddsFormat) => {
    try {
      window.localStorage.setItem(ODDS_FORMAT_KEY, format);
    } catch {
      // storage blocked: the choice lasts until the page is left
    }
    listeners.forEach((listener) => listener());
  }, []);
  return [parseOddsFormat(stored), set];
}
