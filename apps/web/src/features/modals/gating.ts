import { MODAL_REGISTRY, type ModalAccess, type ModalName } from './registry';

export interface GateContext {
  isLoggedIn: boolean;
  /** The visitor's country has restrictType 2: sign-in and sign-up are blocked. */
  authBlocked: boolean;
}

export type GateDecision =
  /** Open `name` (the one asked for, or its replacement). */
  | {
      kind: 'open';
      name: ModalName;
      /** Set when a logged-in-only modal was asked for by a guest and sign-in opens instead. */
      pendingAfterSignIn?: ModalName;
    }
  /** Do not open anything (a guest-only modal asked for by a logged-in player). */
  | { kind: 'deny'; name: ModalName };

/** Modals that a blocked country (restrictType 2) may not open. */
export const AUTH_MODALS: readonly ModalName[] = ['sign-in', 'sign-up'];

export function isAllowed(access: ModalAccess, isLoggedIn: boolean): boolean {
  return access === 'all' || (access === 'player') === isLoggedIn;
}

/**
 * Guest-only modals never open for a logged-in player; a logged-in-only
 * modal asked for by a guest opens sign-in instead (remembering what was asked); sign-in
 * and sign-up from a blocked country open geo-restricted-type instead.
 */
export function gateModal(name: ModalName, context: GateContext): GateDecision {
  const { access } = MODAL_REGISTRY[name];
  if (access === 'guest' && context.isLoggedIn) return { kind: 'deny', name };
  if (access === 'player' && !context.isLoggedIn) {
    return context.authBlocked
      ? { kind: 'open', name: 'geo-restricted-type' }
      : { kind: 'open', name: 'sign-in', pendingAfterSignIn: name };
  }
  if (context.authBlocked && AUTH_MODALS.includes(name)) return { kind: 'open', name: 'geo-restricted-type' };
  return { kind: 'open', name };
}
