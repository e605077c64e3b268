import type { PendingModal } from '../modals';

/**
 * The modal to open once this tab is rendered as logged in: what a guest asked for
 * before sign-in, or the wallet after registration. It cannot be opened at once: the
 * modal system still gates with the logged-out state until the sign-in has rendered.
 */
let next: PendingModal | null = null;

export function openAfterLogin(modal: PendingModal | null): void {
  next = modal;
}

export function takeAfterLogin(): PendingModal | null {
  const modal = next;
  next = null;
  return modal;
}
