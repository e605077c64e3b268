import type { OddsChangePolicyName } from '@croupier/contract';
import { useCallback, useSyncExternalStore } from 'react';
import {
  EMPTY_SLIP,
  ODDS_POLICY_KEY,
  parseOddsPolicy,
  parseStoredSlip,
  serializeSlip,
  SLIP_STORAGE_KEY,
  type SlipState,
} from './slip';

/**
 * The bet slip in memory, mirrored to localStorage so that it survives navigation and a
 * reload, and kept in step between tabs by the `storage` event. Every odds button and the
 * slip itself read the same store.
 */

const listeners = new Set<() => void>();
let current: SlipState | null = null;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage blocked: the slip lasts while the page lives
  }
}

function read(): SlipState {
  if (current === null) current = parseStoredSlip(storage()?.getItem(SLIP_STORAGE_KEY) ?? null);
  return current;
}

function notify() {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SLIP_STORAGE_KEY) return;
    current = parseStoredSlip(event.newValue);
    listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** The slip now (outside a render: an action that must see the latest state). */
export function getSlip(): SlipState {
  return read();
}

/** Changes the slip (an updater from `./slip`) and stores it. */
export function updateSlip(update: (state: SlipState) => SlipState): void {
  const before = read();
  const after = update(before);
  if (after === before) return;
  current = after;
  try {
    storage()?.setItem(SLIP_STORAGE_KEY, serializeSlip(after));
  } catch {
    // quota or blocked storage: the slip still works in this page
  }
  notify();
}

/** For tests: forget what is in memory so that the next read comes from storage. */
export function resetSlipMemory(): void {
  current = null;
}

export function useSlip(): SlipState {
  return useSyncExternalStore(subscribe, read, () => EMPTY_SLIP);
}

/** Whether an outcome is on the slip (what an odds button shows). */
export function useInSlip(outcomeId: string): boolean {
  const selected = useCallback(() => read().selections.some((item) => item.outcomeId === outcomeId), [outcomeId]);
  return useSyncExternalStore(subscribe, selected, () => false);
}

// The odds-change policy, a separate key: a choice of the player, not part of a slip.

const policyListeners = new Set<() => void>();

function readPolicy(): OddsChangePolicyName {
  try {
    return parseOddsPolicy(storage()?.getItem(ODDS_POLICY_KEY) ?? null);
  } catch {
    return parseOddsPolicy(null);
  }
}

function subscribePolicy(listener: () => void): () => void {
  policyListeners.add(listener);
  return () => policyListeners.delete(listener);
}

export function useOddsPolicy(): [OddsChangePolicyName, (policy: OddsChangePolicyName) => void] {
  const policy = useSyncExternalStore(subscribePolicy, readPolicy, readPolicy);
  const set = useCallback((next: OddsChangePolicyName) => {
    try {
      storage()?.setItem(ODDS_POLICY_KEY, next);
    } catch {
      // blocked storage: the choice is not kept
    }
    policyListeners.forEach((listener) => listener());
  }, []);
  return [policy, set];
}
