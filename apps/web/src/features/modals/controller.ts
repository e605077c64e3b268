import { gateModal, isAllowed, type GateContext } from './gating';
import { MODAL_REGISTRY, type ModalName } from './registry';
import {
  MODAL_TRANSITION_MS,
  findLive,
  stackReducer,
  topEntry,
  type ModalEntry,
  type ModalOpener,
  type ModalStack,
  type StackAction,
} from './stack';

export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const defaultTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** A logged-in-only modal a guest asked for; a later issue reopens it after sign-in. */
export interface PendingModal {
  name: ModalName;
  props: Readonly<Record<string, unknown>>;
}

export interface ModalsSnapshot {
  stack: ModalStack;
  pendingAfterSignIn: PendingModal | null;
}

export interface OpenRequest {
  props?: Readonly<Record<string, unknown>>;
  /** URL query keys that asked for it (removed from the URL when it closes). */
  queryKeys?: readonly string[];
  opener?: ModalOpener | null;
}

export type OpenResult =
  { opened: true; id: number; name: ModalName; pendingAfterSignIn?: ModalName } | { opened: false; name: ModalName };

/** Returns false to keep the modal open (it may open a confirmation instead). */
export type CloseGuard = () => boolean;

export interface CloseOptions {
  /** Close even if the modal's close guard refuses. */
  force?: boolean;
}

export type ModalController = ReturnType<typeof createModalController>;

/**
 * The modal stack as an external store (for `useSyncExternalStore`): gating, the
 * lifecycle timers, close guards and the modal remembered for after sign-in. No DOM.
 */
export function createModalController(options: { transitionMs?: number; timers?: Timers } = {}) {
  const transitionMs = options.transitionMs ?? MODAL_TRANSITION_MS;
  const timers = options.timers ?? defaultTimers;
  let snapshot: ModalsSnapshot = { stack: [], pendingAfterSignIn: null };
  let nextId = 1;
  const listeners = new Set<() => void>();
  const closingListeners = new Set<(entry: ModalEntry) => void>();
  const pendingTimers = new Map<number, unknown>();
  const guards = new Map<number, CloseGuard>();

  function emit(next: ModalsSnapshot) {
    if (next.stack === snapshot.stack && next.pendingAfterSignIn === snapshot.pendingAfterSignIn) return;
    snapshot = next;
    listeners.forEach((listener) => listener());
  }

  function dispatch(action: StackAction) {
    emit({ ...snapshot, stack: stackReducer(snapshot.stack, action) });
  }

  function schedule(id: number, ms: number, callback: () => void) {
    clearTimer(id);
    pendingTimers.set(
      id,
      timers.setTimeout(() => {
        pendingTimers.delete(id);
        callback();
      }, ms),
    );
  }

  function clearTimer(id: number) {
    const handle = pendingTimers.get(id);
    if (handle !== undefined) {
      timers.clearTimeout(handle);
      pendingTimers.delete(id);
    }
  }

  function closeEntry(entry: ModalEntry, force: boolean): boolean {
    if (entry.state === 'closing') return true;
    const guard = guards.get(entry.id);
    if (!force && guard && !guard()) return false;
    guards.delete(entry.id);
    dispatch({ type: 'close', id: entry.id });
    const closing = snapshot.stack.find((item) => item.id === entry.id);
    if (closing) closingListeners.forEach((listener) => listener(closing));
    schedule(entry.id, transitionMs, () => dispatch({ type: 'closed', id: entry.id }));
    return true;
  }

  return {
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    getSnapshot: (): ModalsSnapshot => {
      return snapshot;
    },

    /** Opens `name` subject to gating; a modal already shown only takes the new props. */
    open: (name: ModalName, gate: GateContext, request: OpenRequest = {}): OpenResult => {
      const decision = gateModal(name, gate);
      if (decision.kind === 'deny') return { opened: false, name };
      const asked = decision.name === name;
      const props = asked ? (request.props ?? {}) : {};
      if (decision.pendingAfterSignIn) {
        emit({ ...snapshot, pendingAfterSignIn: { name: decision.pendingAfterSignIn, props: request.props ?? {} } });
      }
      const existing = findLive(snapshot.stack, decision.name);
      const id = existing?.id ?? nextId++;
      dispatch({
        type: 'open',
        id,
        name: decision.name,
        props,
        queryKeys: request.queryKeys ?? [],
        opener: request.opener ?? null,
      });
      if (!existing) schedule(id, transitionMs, () => dispatch({ type: 'opened', id }));
      return {
        opened: true,
        id,
        name: decision.name,
        ...(decision.pendingAfterSignIn ? { pendingAfterSignIn: decision.pendingAfterSignIn } : {}),
      };
    },

    /** Closes the entry with that id. Returns false when its close guard kept it open. */
    closeById: (id: number, options: CloseOptions = {}): boolean => {
      const entry = snapshot.stack.find((item) => item.id === id);
      return entry ? closeEntry(entry, options.force ?? false) : false;
    },

    /** Closes the top-most modal of that name, or the top modal when no name is given. */
    close: (name?: ModalName, options: CloseOptions = {}): boolean => {
      const entry = name ? findLive(snapshot.stack, name) : topEntry(snapshot.stack);
      return entry ? closeEntry(entry, options.force ?? false) : false;
    },

    /** Closes every modal, past their close guards. */
    closeAll: (): void => {
      for (const entry of [...snapshot.stack].reverse()) closeEntry(entry, true);
    },

    /** After a sign-in or sign-out: closes the modals the new state may not see. */
    closeDisallowed: (isLoggedIn: boolean): void => {
      for (const entry of [...snapshot.stack].reverse()) {
        if (!isAllowed(MODAL_REGISTRY[entry.name].access, isLoggedIn)) closeEntry(entry, true);
      }
    },

    setCloseGuard: (id: number, guard: CloseGuard | null): void => {
      if (guard) guards.set(id, guard);
      else guards.delete(id);
    },

    /** Returns the modal remembered for after sign-in and forgets it. */
    takePendingAfterSignIn: (): PendingModal | null => {
      const pending = snapshot.pendingAfterSignIn;
      if (pending) emit({ ...snapshot, pendingAfterSignIn: null });
      return pending;
    },

    /** Called when an entry starts closing (to remove its query keys from the URL). */
    onClosing: (listener: (entry: ModalEntry) => void): (() => void) => {
      closingListeners.add(listener);
      return () => closingListeners.delete(listener);
    },

    dispose: (): void => {
      for (const id of [...pendingTimers.keys()]) clearTimer(id);
      guards.clear();
      listeners.clear();
      closingListeners.clear();
    },
  };
}
