import { describe, expect, it } from 'vitest';
import { gateModal, isAllowed } from './gating';
import { MODAL_NAMES, MODAL_REGISTRY } from './registry';

const guest = { isLoggedIn: false, authBlocked: false };
const player = { isLoggedIn: true, authBlocked: false };
const blockedGuest = { isLoggedIn: false, authBlocked: true };

describe('gateModal', () => {
  it('opens open-to-all modals for everyone', () => {
    for (const name of MODAL_NAMES.filter((candidate) => MODAL_REGISTRY[candidate].access === 'all')) {
      expect(gateModal(name, guest)).toEqual({ kind: 'open', name });
      expect(gateModal(name, player)).toEqual({ kind: 'open', name });
    }
  });

  it('does not open guest-only modals for a logged-in player', () => {
    for (const name of ['sign-in', 'forgot-pass', 'reset-pass', 'sign-up'] as const) {
      expect(gateModal(name, player)).toEqual({ kind: 'deny', name });
      expect(gateModal(name, guest)).toEqual({ kind: 'open', name });
    }
  });

  it('opens sign-in instead of a logged-in-only modal for a guest, remembering it', () => {
    expect(gateModal('wallet', guest)).toEqual({ kind: 'open', name: 'sign-in', pendingAfterSignIn: 'wallet' });
    expect(gateModal('wallet', player)).toEqual({ kind: 'open', name: 'wallet' });
  });

  it('opens geo-restricted-type for sign-in and sign-up from a blocked country', () => {
    expect(gateModal('sign-in', blockedGuest)).toEqual({ kind: 'open', name: 'geo-restricted-type' });
    expect(gateModal('sign-up', blockedGuest)).toEqual({ kind: 'open', name: 'geo-restricted-type' });
    expect(gateModal('forgot-pass', blockedGuest)).toEqual({ kind: 'open', name: 'forgot-pass' });
    expect(gateModal('wallet', blockedGuest)).toEqual({ kind: 'open', name: 'geo-restricted-type' });
    expect(gateModal('success', blockedGuest)).toEqual({ kind: 'open', name: 'success' });
  });

  it('still denies guest-only modals to a logged-in player in a blocked country', () => {
    expect(gateModal('sign-up', { isLoggedIn: true, authBlocked: true })).toEqual({ kind: 'deny', name: 'sign-up' });
  });

  it('isAllowed follows the access levels', () => {
    expect(isAllowed('all', false)).toBe(true);
    expect(isAllowed('guest', false)).toBe(true);
    expect(isAllowed('guest', true)).toBe(false);
    expect(isAllowed('player', true)).toBe(true);
    expect(isAllowed('player', false)).toBe(false);
  });
});
