import { createContext, useContext, type ComponentType } from 'react';
import type { CloseGuard, CloseOptions, ModalController, OpenResult, PendingModal } from './controller';
import type { ModalDefinition, ModalName } from './registry';
import type { ModalLifecycleState, ModalStack } from './stack';

/** What a registered modal body receives. */
export interface ModalBodyProps {
  name: ModalName;
  definition: ModalDefinition;
  /** Props given to `open()`, or taken from the URL query (`tab`, `resetCode`…). */
  props: Readonly<Record<string, unknown>>;
  state: ModalLifecycleState;
  /** Id of the dialog's title. A body of a `customHeader` modal gives it to its heading. */
  titleId: string;
  /** Closes this modal (through its close guard unless forced). */
  close: (options?: CloseOptions) => boolean;
  /**
   * Installs a guard asked before the close button, Escape, an outside click or `close()`
   * close this modal; returning false keeps it open (e.g. the wallet opens cancel-deposit).
   * Pass null to remove it.
   */
  setCloseGuard: (guard: CloseGuard | null) => void;
}

export type ModalBodies = Partial<Record<ModalName, ComponentType<ModalBodyProps>>>;

export interface OpenModalOptions {
  props?: Record<string, unknown>;
}

export interface ModalsApi {
  /** Opens a modal by name (gated by access and country). */
  open: (name: ModalName, options?: OpenModalOptions) => OpenResult;
  /** Closes the top-most modal of that name, or the top modal. False if a guard kept it open. */
  close: (name?: ModalName, options?: CloseOptions) => boolean;
  /** Closes every modal (guards are not asked). */
  closeAll: () => void;
  /** Bottom to top, including modals still animating out (`state: 'closing'`). */
  stack: ModalStack;
  /** The logged-in-only modal a guest asked for before sign-in opened instead. */
  pendingAfterSignIn: PendingModal | null;
  /** Returns `pendingAfterSignIn` and forgets it (call after a successful sign-in). */
  takePendingAfterSignIn: () => PendingModal | null;
}

export interface ModalsInternal {
  controller: ModalController;
  bodies: ModalBodies;
  localizePath: (path: string) => string;
  open: ModalsApi['open'];
}

export const ModalsContext = createContext<ModalsApi | null>(null);
export const ModalsInternalContext = createContext<ModalsInternal | null>(null);

export function useModals(): ModalsApi {
  const value = useContext(ModalsContext);
  if (!value) throw new Error('useModals() must be used inside <ModalProvider>');
  return value;
}

export function useModalsInternal(): ModalsInternal {
  const value = useContext(ModalsInternalContext);
  if (!value) throw new Error('<ModalHost> must be rendered inside <ModalProvider>');
  return value;
}
