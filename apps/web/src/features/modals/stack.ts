import type { ModalName } from './registry';

/** open → opened (after the transition) → closing → closed (removed). */
export type ModalLifecycleState = 'open' | 'opened' | 'closing' | 'closed';

/** Modal transitions take 250 ms. */
export const MODAL_TRANSITION_MS = 250;
/** Base z-index 1000 plus 2 per stacked modal. */
export const MODAL_BASE_Z_INDEX = 1000;
export const MODAL_Z_INDEX_STEP = 2;

/** The element that had focus when a modal was asked for, and the modal it was in. */
export interface ModalOpener {
  element: HTMLElement;
  /** Id of the stacked modal that contained the element, if any. */
  modalId: number | null;
}

export interface ModalEntry {
  id: number;
  name: ModalName;
  props: Readonly<Record<string, unknown>>;
  /** An entry in the stack is never `closed`: closed entries are removed. */
  state: Exclude<ModalLifecycleState, 'closed'>;
  /** URL query keys that opened it; they are removed from the URL when it closes. */
  queryKeys: readonly string[];
  opener: ModalOpener | null;
}

export type ModalStack = readonly ModalEntry[];

export type StackAction =
  | {
      type: 'open';
      id: number;
      name: ModalName;
      props: Readonly<Record<string, unknown>>;
      queryKeys: readonly string[];
      opener: ModalOpener | null;
    }
  | { type: 'opened'; id: number }
  | { type: 'close'; id: number }
  | { type: 'closed'; id: number };

/** The live (not closing) entry of that name, if any: a modal is never stacked twice. */
export function findLive(stack: ModalStack, name: ModalName): ModalEntry | undefined {
  for (let index = stack.length - 1; index >= 0; index -= 1) {
    const entry = stack[index];
    if (entry && entry.name === name && entry.state !== 'closing') return entry;
  }
  return undefined;
}

/** The top-most entry that is not closing: the one that takes keyboard input. */
export function topEntry(stack: ModalStack): ModalEntry | undefined {
  for (let index = stack.length - 1; index >= 0; index -= 1) {
    const entry = stack[index];
    if (entry && entry.state !== 'closing') return entry;
  }
  return undefined;
}

/** z-index of a stacked modal (0 = bottom) and of its backdrop, one below it. */
export function modalZIndex(position: number): { dialog: number; backdrop: number } {
  const dialog = MODAL_BASE_Z_INDEX + MODAL_Z_INDEX_STEP * position;
  return { dialog, backdrop: dialog - 1 };
}

/** Pure stack transitions. Returns the same array when nothing changes. */
export function stackReducer(stack: ModalStack, action: StackAction): ModalStack {
  switch (action.type) {
    case 'open': {
      const live = findLive(stack, action.name);
      if (live) {
        // Asked again while shown: take the new props, keep position and state.
        const queryKeys = [...new Set([...live.queryKeys, ...action.queryKeys])];
        return stack.map((entry) => (entry === live ? { ...entry, props: action.props, queryKeys } : entry));
      }
      return [
        ...stack,
        {
          id: action.id,
          name: action.name,
          props: action.props,
          state: 'open',
          queryKeys: action.queryKeys,
          opener: action.opener,
        },
      ];
    }
    case 'opened':
      return update(stack, action.id, (entry) => (entry.state === 'open' ? { ...entry, state: 'opened' } : entry));
    case 'close':
      return update(stack, action.id, (entry) => (entry.state === 'closing' ? entry : { ...entry, state: 'closing' }));
    case 'closed':
      return stack.some((entry) => entry.id === action.id) ? stack.filter((entry) => entry.id !== action.id) : stack;
  }
}

function update(stack: ModalStack, id: number, change: (entry: ModalEntry) => ModalEntry): ModalStack {
  let changed = false;
  const next = stack.map((entry) => {
    if (entry.id !== id) return entry;
    const updated = change(entry);
    if (updated !== entry) changed = true;
    return updated;
  });
  return changed ? next : stack;
}

/** Lifecycle state of an entry id: `closed` once it has left the stack. */
export function lifecycleState(stack: ModalStack, id: number): ModalLifecycleState {
  return stack.find((entry) => entry.id === id)?.state ?? 'closed';
}
