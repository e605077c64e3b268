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

/**
 * The previous sign-in's time from the sign-in answer, shown once as a notice when the
 * signed-in state has rendered (a new account has none to show).
 */
let previousSignIn: string | null = null;

export function rememberPreviousSignIn(at: string | null): void {
  previousSignIn = at;
}

export function takePreviousSignIn(): string | null {
  const at = previousSignIn;
  previousSignIn = null;
  return at;
}

/**
 * A sign-out the tab is about to be told of by the server (the player is closing the
 * account, which ends every session at once): the 401 that follows is no expired session,
 * so it shows no notice and asks for no sign-in.
 */
let signOutExpected = false;

export function expectSignOut(expected = true): void {
  signOutExpected = expected;
}

/** Whether such a sign-out is on its way (read while rendering, before the effects take it). */
export const isSignOutExpected = (): boolean => signOutExpected;

export function takeExpectedSignOut(): boolean {
  const expected = signOutExpected;
  signOutExpected = false;
  return expected;
}
